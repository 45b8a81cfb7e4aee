import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROLES as API_ROLES } from "../../src/db/schema";
import { EMAIL_AUDIENCE as API_EMAIL_AUDIENCE } from "../../src/email/kinds";
import {
  PERMISSIONS as API_PERMISSIONS,
  ROUTE_PERMISSIONS,
  roleMay as apiRoleMay,
  sitesWithin as apiSitesWithin,
} from "../../src/members/roles";
import {
  EMAIL_AUDIENCE,
  mayManageMember,
  PERMISSIONS,
  type Permission,
  ROLES,
  roleMay,
  rolesToGive,
  siteAllowed,
  sitesWithin,
  tokenRoles,
} from "../src/lib/roles";
import { AUDIT_KINDS, auditMessages } from "../src/screens/settings/audit-messages";

// The panel hides what a role cannot do by its own copy of the API's role table (web/src/lib/roles.ts):
// the copy must say what the API enforces, or a button shows that answers 403 (or one is hidden that works).

describe("the panel's role table is the API's", () => {
  it("has the same roles, highest first, and the same permission words", () => {
    expect([...ROLES]).toEqual([...API_ROLES]);
    expect([...PERMISSIONS]).toEqual([...API_PERMISSIONS]);
  });

  it.each(ROLES.flatMap((role) => PERMISSIONS.map((permission) => [role, permission] as const)))(
    "%s may %s exactly when the API lets them",
    (role, permission) => {
      expect(roleMay(role, permission)).toBe(apiRoleMay(role, permission));
    },
  );

  // Each control the panel shows or hides, and the permission it checks: the API's route must need the same.
  const CONTROLS: [string, string, Permission][] = [
    ["create a plan", "POST /api/autopilot/plans", "publish"],
    ["approve or resume a plan", "POST /api/autopilot/plans/:planId/approve", "publish"],
    ["pause a plan", "POST /api/autopilot/plans/:planId/pause", "publish"],
    ["change a plan topic", "PATCH /api/autopilot/items/:itemId", "publish"],
    ["drop a plan topic", "DELETE /api/autopilot/items/:itemId", "publish"],
    ["run a plan topic now", "POST /api/autopilot/items/:itemId/run", "publish"],
    ["add an opportunity to a plan", "POST /api/autopilot/plans/:planId/items", "publish"],
    ["edit an article", "PATCH /api/autopilot/articles/:articleId", "write"],
    ["publish an article", "POST /api/autopilot/articles/:articleId/publish", "publish"],
    ["make an approval link", "POST /api/autopilot/articles/:articleId/approval-link", "publish"],
    ["edit the brief", "PUT /api/sites/:siteId/brief", "publish"],
    ["talk to the site agent", "POST /api/sites/:siteId/chat", "publish"],
    ["connect a WordPress site", "POST /api/sites", "admin"],
    ["connect a forum", "POST /api/platforms/forum/connect", "admin"],
    ["connect a custom site", "POST /api/platforms/custom/connect", "admin"],
    ["change a site", "PATCH /api/sites/:siteId", "admin"],
    ["choose a forum", "POST /api/platforms/forum/:siteId/node", "admin"],
    ["rotate a webhook secret", "POST /api/platforms/custom/:siteId/rotate-secret", "admin"],
    ["disconnect a site", "DELETE /api/sites/:siteId", "admin"],
    ["sync existing posts", "POST /api/sites/:siteId/sync", "publish"],
    ["improve a post", "POST /api/sites/posts/:postId/improve", "write"],
    ["apply an improvement", "POST /api/sites/posts/:postId/apply", "publish"],
    ["revert an improvement", "POST /api/sites/posts/:postId/revert", "publish"],
    ["upload an image", "POST /api/uploads", "write"],
    ["send a test webhook", "POST /api/sites/:siteId/webhooks/test", "admin"],
    ["send a delivery again", "POST /api/sites/:siteId/webhooks/deliveries/:deliveryId/redeliver", "admin"],
    ["connect Google", "POST /api/integrations/google", "admin"],
    ["disconnect Google", "DELETE /api/integrations/google", "admin"],
    ["choose a Search Console property", "PUT /api/sites/:siteId/search-console", "admin"],
    ["sync Search Console", "POST /api/sites/:siteId/search-console/sync", "publish"],
    ["invite a member", "POST /api/members", "admin"],
    ["change a member", "PATCH /api/members/:memberId", "admin"],
    ["remove a member", "DELETE /api/members/:memberId", "admin"],
    ["withdraw an invitation", "DELETE /api/members/invitations/:invitationId", "admin"],
    ["read the audit log", "GET /api/audit", "admin"],
    ["read billing's prices", "GET /api/billing/packages", "billing"],
    ["top up", "POST /api/billing/topup", "billing"],
    ["read the members", "GET /api/members", "read"],
    ["choose one's e-mails", "PUT /api/members/me/notifications", "read"],
    ["create a token", "POST /api/tokens", "read"],
    ["name the account", "PATCH /api/account", "admin"],
    ["export all data", "POST /api/account/export", "billing"],
    ["follow the export", "GET /api/account/export", "billing"],
    ["close the account", "POST /api/account/close", "billing"],
    ["cancel the closure", "POST /api/account/close/cancel", "billing"],
    ["leave the account", "DELETE /api/members/me", "read"],
  ];
  it.each(CONTROLS)("%s (%s) needs %s", (_, route, permission) => {
    const rule = ROUTE_PERMISSIONS[route];
    expect(rule, `${route} is not in the API's table`).toBeDefined();
    expect(typeof rule === "string" ? rule : rule![0]).toBe(permission);
  });
});

describe("who may give which role", () => {
  it("an owner gives every role, an admin every role but owner, anyone else none", () => {
    expect(rolesToGive("owner")).toEqual(["owner", "admin", "editor", "writer", "viewer"]);
    expect(rolesToGive("admin")).toEqual(["admin", "editor", "writer", "viewer"]);
    for (const role of ["editor", "writer", "viewer"] as const) expect(rolesToGive(role)).toEqual([]);
  });

  it("only an owner touches an owner; admins manage the rest; nobody below admin manages anyone", () => {
    expect(mayManageMember("owner", "owner")).toBe(true);
    expect(mayManageMember("admin", "owner")).toBe(false);
    expect(mayManageMember("admin", "admin")).toBe(true);
    expect(mayManageMember("admin", "viewer")).toBe(true);
    expect(mayManageMember("editor", "viewer")).toBe(false);
    // A site-limited admin manages only members within its sites (the API answers 403 site_not_allowed otherwise).
    expect(mayManageMember("admin", "writer", ["site_a", "site_b"], ["site_a"])).toBe(true);
    expect(mayManageMember("admin", "writer", ["site_a"], ["site_a", "site_b"])).toBe(false);
    expect(mayManageMember("admin", "writer", ["site_a"], null)).toBe(false);
  });

  it.each([
    [null, null],
    [["site_a"], null],
    [null, ["site_a"]],
    [["site_a"], ["site_a", "site_b"]],
    [
      ["site_a", "site_c"],
      ["site_a", "site_b"],
    ],
  ] as const)("sites %j within the limit %j as the API decides", (siteIds, limit) => {
    expect(sitesWithin(siteIds, limit)).toBe(apiSitesWithin(siteIds && [...siteIds], limit && [...limit]));
  });

  it("a token carries its maker's role or a lower one", () => {
    expect(tokenRoles("owner")).toEqual([...ROLES]);
    expect(tokenRoles("writer")).toEqual(["writer", "viewer"]);
    expect(tokenRoles("viewer")).toEqual(["viewer"]);
  });

  it("a member limited to some sites acts on those only; unlimited members and things without a site pass", () => {
    expect(siteAllowed(null, "site_a")).toBe(true);
    expect(siteAllowed([], "site_a")).toBe(true);
    expect(siteAllowed(["site_a"], "site_a")).toBe(true);
    expect(siteAllowed(["site_a"], "site_b")).toBe(false);
    expect(siteAllowed(["site_a"], null)).toBe(true);
  });

  it("the e-mails offered to a role are the ones the API sends it", () => {
    expect(EMAIL_AUDIENCE).toEqual(API_EMAIL_AUDIENCE);
  });
});

/** Every audit action the API's source records: the route table's and the literal `action: "thing.verb"`s. */
function auditActions(): string[] {
  const root = join(__dirname, "../../src");
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
  const literal = files.flatMap((file) =>
    [...readFileSync(join(root, file), "utf8").matchAll(/\baction: "([a-z_]+\.[a-z_]+)"/g)].map((match) => match[1]!),
  );
  const routed = Object.values(ROUTE_PERMISSIONS).flatMap((rule) => (Array.isArray(rule) ? [rule[1]] : []));
  return [...new Set([...literal, ...routed])].sort();
}

describe("the audit log's words", () => {
  const actions = auditActions();
  it("finds the API's actions", () => {
    expect(actions).toContain("plan.approved");
    expect(actions).toContain("member.invited");
  });
  it.each(actions)("%s has words in both languages, and its kind is a filter", (action) => {
    expect(auditMessages.en[`action.${action}` as keyof typeof auditMessages.en], `en action.${action}`).toBeTruthy();
    expect(auditMessages.tr[`action.${action}` as keyof typeof auditMessages.tr], `tr action.${action}`).toBeTruthy();
    expect(AUDIT_KINDS as readonly string[]).toContain(action.split(".")[0]);
  });
});

describe("the roles' words", () => {
  it("are in both languages, with the same placeholders", async () => {
    const { roleMessages } = await import("../src/i18n/roles");
    expect(Object.keys(roleMessages.tr).sort()).toEqual(Object.keys(roleMessages.en).sort());
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, english] of Object.entries(roleMessages.en)) {
      const turkish = roleMessages.tr[key as keyof typeof roleMessages.tr];
      expect(turkish.trim(), key).not.toBe("");
      expect(placeholders(turkish), key).toEqual(placeholders(english));
    }
    for (const role of ROLES) expect(roleMessages.tr[`role.${role}`]).not.toBe(roleMessages.en[`role.${role}`]);
  });
});
