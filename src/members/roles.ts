import { ROLES, type Role } from "../db/schema";

// What each role may do. A route or an MCP tool names one permission; a role has it when the
// role ranks at or above the permission's least role. The table below covers every management
// route (test/members/role-matrix.test.ts fails for a route it does not name), and a request to
// a route it does not name is refused, so a new route is never open by omission.

/** Reading (viewer); editing articles and improvements (writer); planning and publishing (editor); sites, members, tokens of others (admin); billing (owner). */
export const PERMISSIONS = ["read", "write", "publish", "admin", "billing"] as const;
export type Permission = (typeof PERMISSIONS)[number];

const LEAST_ROLE: Record<Permission, Role> = {
  read: "viewer",
  write: "writer",
  publish: "editor",
  admin: "admin",
  billing: "owner",
};

/** 0 for owner … 4 for viewer: a lower rank may do more. */
export const roleRank = (role: Role): number => ROLES.indexOf(role);

export function roleMay(role: Role, permission: Permission): boolean {
  return roleRank(role) <= roleRank(LEAST_ROLE[permission]);
}

/** The lesser of two roles (a token never does more than its member). */
export function lesserRole(a: Role, b: Role): Role {
  return roleRank(a) >= roleRank(b) ? a : b;
}

/** Whether a member's sites (null: every site) lie within a limit (null: no limit). */
export function sitesWithin(siteIds: string[] | null, limit: string[] | null): boolean {
  if (!limit) return true;
  if (!siteIds || siteIds.length === 0) return false;
  return siteIds.every((id) => limit.includes(id));
}

/** The least role a permission needs, for the messages that name it. */
export const leastRoleFor = (permission: Permission): Role => LEAST_ROLE[permission];

/** What the panel's and the API's words for a permission are, in a 403. */
export const PERMISSION_WORDS: Record<Permission, string> = {
  read: "read this account",
  write: "edit articles and improvements",
  publish: "plan, approve and publish",
  admin: "manage sites, members and integrations",
  billing: "see and change billing",
};

/**
 * Every management route ("METHOD path", paths as Hono writes them) and what it needs, with the
 * audit action a successful call records (src/auth/management-auth.ts; tokens, members and grants
 * record theirs with more detail in their own routes, the approval links in theirs). Tokens,
 * OAuth grants, one's own e-mail preferences and leaving (`DELETE /api/members/me`) are `read`:
 * every member manages their own, and the service decides whose (src/tokens/service.ts,
 * src/members/service.ts). The account's export and closing are the owners' (`billing`).
 */
export const ROUTE_PERMISSIONS: Record<string, Permission | [Permission, string]> = {
  "GET /api/auth/me": "read",
  "PATCH /api/account": "admin",
  "GET /api/tokens": "read",
  "POST /api/tokens": "read",
  "DELETE /api/tokens/:id": "read",
  "GET /api/oauth/grants": "read",
  "DELETE /api/oauth/grants/:grantId": "read",

  "GET /api/members": "read",
  "POST /api/members": "admin",
  "PATCH /api/members/:memberId": "admin",
  "DELETE /api/members/:memberId": "admin",
  "DELETE /api/members/invitations/:invitationId": "admin",
  "PUT /api/members/me/notifications": "read",
  "GET /api/audit": "admin",
  "DELETE /api/members/me": "read",

  "POST /api/account/export": "billing",
  "GET /api/account/export": "billing",
  "GET /api/account/export/download": "billing",
  "POST /api/account/close": "billing",
  "POST /api/account/close/cancel": "billing",

  "GET /api/billing/balance": "read",
  "GET /api/billing/packages": "billing",
  "GET /api/billing/transactions": "billing",
  "POST /api/billing/topup": ["billing", "billing.topup_started"],
  "POST /api/billing/license": ["billing", "billing.licence_purchase_started"],
  "GET /api/billing/payments/:merchantOid": "billing",
  "PUT /api/billing/byok-key": ["billing", "billing.byok_key_set"],
  "GET /api/billing/byok-key": "billing",

  "GET /api/sites": "read",
  "POST /api/sites": ["admin", "site.connected"],
  "GET /api/sites/:siteId": "read",
  "PATCH /api/sites/:siteId": ["admin", "site.updated"],
  "DELETE /api/sites/:siteId": ["admin", "site.disconnected"],
  "GET /api/sites/:siteId/brief": "read",
  "PUT /api/sites/:siteId/brief": ["publish", "brief.replaced"],
  "POST /api/platforms/forum/connect": ["admin", "site.connected"],
  "POST /api/platforms/forum/:siteId/node": ["admin", "site.forum_chosen"],
  "POST /api/platforms/custom/connect": ["admin", "site.connected"],
  "POST /api/platforms/custom/:siteId/rotate-secret": ["admin", "site.webhook_secret_rotated"],
  "GET /api/sites/:siteId/webhooks/deliveries": "read",
  "POST /api/sites/:siteId/webhooks/deliveries/:deliveryId/redeliver": ["admin", "webhook.redelivered"],
  "POST /api/sites/:siteId/webhooks/test": ["admin", "webhook.test_sent"],

  "POST /api/autopilot/plans": ["publish", "plan.created"],
  "GET /api/autopilot/plans": "read",
  "GET /api/autopilot/plans/:planId": "read",
  "PATCH /api/autopilot/plans/:planId": ["publish", "plan.renamed"],
  "GET /api/autopilot/plans/:planId/estimate": "read",
  "GET /api/autopilot/plan-defaults": "read",
  "POST /api/autopilot/plans/:planId/approve": ["publish", "plan.approved"],
  "POST /api/autopilot/plans/:planId/pause": ["publish", "plan.paused"],
  "POST /api/autopilot/plans/:planId/items": ["publish", "plan.item_added"],
  "POST /api/autopilot/plans/:planId/approval-links": "publish",
  "GET /api/autopilot/items": "read",
  "GET /api/autopilot/items/:itemId": "read",
  "PATCH /api/autopilot/items/:itemId": ["publish", "item.updated"],
  "DELETE /api/autopilot/items/:itemId": ["publish", "item.deleted"],
  "POST /api/autopilot/items/:itemId/run": ["publish", "item.run"],

  "GET /api/autopilot/articles": "read",
  "GET /api/autopilot/articles/:articleId": "read",
  "PATCH /api/autopilot/articles/:articleId": ["write", "article.edited"],
  "POST /api/autopilot/articles/:articleId/revision/publish": "publish",
  "DELETE /api/autopilot/articles/:articleId/revision": "publish",
  "POST /api/autopilot/articles/:articleId/publish": ["publish", "article.published"],
  "POST /api/autopilot/articles/:articleId/approval-link": "publish",
  "DELETE /api/autopilot/articles/:articleId/approval-link": "publish",
  "GET /api/autopilot/articles/:articleId/approvals": "read",
  "GET /api/autopilot/client-answers": "read",
  "GET /api/autopilot/articles/:articleId/performance": "read",
  "GET /api/autopilot/report": "read",

  "POST /api/sites/:siteId/sync": ["publish", "site.posts_synced"],
  "GET /api/sites/:siteId/posts": "read",
  "POST /api/sites/posts/:postId/improve": ["write", "post.improvement_suggested"],
  "GET /api/sites/posts/:postId/improvement": "read",
  "POST /api/sites/posts/:postId/apply": ["publish", "post.improvement_applied"],
  "POST /api/sites/posts/:postId/revert": ["publish", "post.improvement_reverted"],
  "GET /api/sites/posts/:postId/performance": "read",

  "POST /api/sites/:siteId/chat": ["publish", "site.agent_message_sent"],
  "GET /api/sites/:siteId/chat": "read",

  "GET /api/sites/:siteId/blog/categories": "read",
  "POST /api/sites/:siteId/blog/categories": ["publish", "blog.category_created"],
  "GET /api/sites/:siteId/blog/tags": "read",
  "POST /api/sites/:siteId/blog/tags": ["publish", "blog.tag_created"],
  "GET /api/sites/:siteId/blog/comments": "read",
  "POST /api/sites/:siteId/blog/comments/:commentId": ["publish", "blog.comment_moderated"],
  "GET /api/sites/:siteId/blog/pages": "read",
  "POST /api/sites/:siteId/blog/pages": ["publish", "blog.page_created"],
  "GET /api/sites/:siteId/blog/media": "read",
  "DELETE /api/sites/:siteId/blog/media/:id": ["publish", "blog.media_deleted"],
  "GET /api/sites/:siteId/blog/settings": "read",
  "POST /api/sites/:siteId/blog/settings": ["admin", "blog.settings_updated"],

  "POST /api/uploads": ["write", "upload.created"],
  "GET /api/uploads": "read",

  "POST /api/integrations/google": ["admin", "google.connect_started"],
  "GET /api/integrations/google": "read",
  "DELETE /api/integrations/google": ["admin", "google.disconnected"],
  "PUT /api/sites/:siteId/search-console": ["admin", "site.search_console_property_set"],
  "POST /api/sites/:siteId/search-console/sync": "publish",
  "GET /api/sites/:siteId/performance": "read",
  "GET /api/sites/:siteId/decay": "read",
  "GET /api/sites/:siteId/opportunities": "read",

  "GET /api/sites/:siteId/links": "read",
  "GET /api/sites/:siteId/links/suggestions": "read",
  "POST /api/sites/:siteId/links/suggestions/:id/apply": ["publish", "site.link_applied"],
  "POST /api/sites/:siteId/links/suggestions/:id/revert": ["publish", "site.link_reverted"],
  "GET /api/sites/:siteId/health": "read",
  "GET /api/sites/:siteId/cannibalization": "read",
  "POST /api/sites/:siteId/cannibalization/actions": ["publish", "site.health_action_started"],
  "GET /api/sites/:siteId/traction": "read",
  "POST /api/sites/:siteId/traction/actions": ["publish", "site.health_action_started"],
  "GET /api/sites/:siteId/health-actions": "read",
  "POST /api/sites/:siteId/health-actions/:actionId/apply": ["publish", "site.health_action_applied"],
  "POST /api/sites/:siteId/health-actions/:actionId/revert": ["publish", "site.health_action_reverted"],
};

/** The routes that connect a new site: a member limited to some sites may not (the new site would be outside its limit). */
const SITE_CONNECTING_ROUTES = new Set(["POST /api/sites", "POST /api/platforms/forum/connect", "POST /api/platforms/custom/connect"]);

export interface RouteRule {
  permission: Permission;
  /** The route connects a new site. */
  connectsSite?: boolean;
  /** The audit action of a successful call, when it changes something worth recording. */
  audit?: string;
  /** The path's parameters by name (`planId` → "plan_…"). */
  params: Record<string, string>;
}

interface CompiledRoute {
  connectsSite: boolean;
  method: string;
  pattern: RegExp;
  names: string[];
  permission: Permission;
  audit?: string;
  /** How many fixed segments: "/api/sites/posts/:postId" must win over "/api/sites/:siteId/…". */
  fixed: number;
}

const compiled: CompiledRoute[] = Object.entries(ROUTE_PERMISSIONS)
  .map(([key, rule]) => {
    const [method, path] = key.split(" ") as [string, string];
    const [permission, audit] = typeof rule === "string" ? [rule, undefined] : rule;
    const segments = path.split("/");
    const pattern = new RegExp(
      `^${segments.map((s) => (s.startsWith(":") ? "([^/]+)" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}/?$`,
    );
    const names = segments.filter((s) => s.startsWith(":")).map((s) => s.slice(1));
    return {
      method,
      pattern,
      names,
      permission,
      audit,
      connectsSite: SITE_CONNECTING_ROUTES.has(key),
      fixed: segments.length - names.length,
    };
  })
  .sort((a, b) => b.fixed - a.fixed);

/** What a management request needs (and records), or null when the table does not name its route. */
export function ruleFor(method: string, path: string): RouteRule | null {
  const wanted = method === "HEAD" ? "GET" : method;
  for (const route of compiled) {
    if (route.method !== wanted) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(route.names.map((name, index) => [name, safeDecode(match[index + 1]!)]));
    return { permission: route.permission, audit: route.audit, connectsSite: route.connectsSite, params };
  }
  return null;
}

/** A path segment decoded, or as it is when it is not valid percent-encoding. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
