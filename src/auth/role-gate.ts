import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { AppError } from "../core/errors";
import type { Database } from "../db/client";
import { articles, existingPosts, planItems, plans } from "../db/schema";
import type { AppEnv, Caller } from "../http/context";
import { leastRoleFor, PERMISSION_WORDS, type Permission, type RouteRule, roleMay, ruleFor, safeDecode } from "../members/roles";
import { recordAudit } from "../audit/audit";
import { type LabelledTarget, readLabels } from "../audit/labels";
import { allowedWhileClosing, assertAccountOpen } from "../account-data/close";

/**
 * The caller's role against the route's permission (src/members/roles.ts), then, for a member
 * limited to some sites, the site the request names: by `siteId` in the path, or through the
 * article, plan, item or post it names. A route the table does not name is for owners only. A
 * closing account refuses every change but the few its closure allows (src/account-data/close.ts).
 */
export async function enforceRole(c: Context<AppEnv>, caller: Caller): Promise<RouteRule> {
  const rule: RouteRule = ruleFor(c.req.method, c.req.path) ?? { permission: "billing", params: {} };
  assertRoleMay(caller, rule.permission);
  if (caller.siteIds) {
    if (rule.connectsSite)
      throw new AppError(
        "site_not_allowed",
        "You are limited to some sites of this account: connecting a new site needs a member with access to every site",
      );
    await assertSiteOfPath(c.get("db"), caller, c.req.path);
    await assertSiteOfBody(c, caller);
  }
  if (!allowedWhileClosing(c.req.method, `${c.req.method} ${c.req.path}`)) await assertAccountOpen(c.get("db"), caller.accountId);
  return rule;
}

/** A `siteId` in a JSON body (a new plan's site) is held to the caller's sites like one in the path. */
async function assertSiteOfBody(c: Context<AppEnv>, caller: Caller): Promise<void> {
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "DELETE") return;
  if (!/^application\/json\b/i.test(c.req.header("Content-Type") ?? "")) return;
  // Read once and kept by Hono: the route's validator reads the same body (malformed JSON is its 400).
  const body: unknown = await c.req.json().catch(() => null);
  const siteId = body && typeof body === "object" ? (body as { siteId?: unknown }).siteId : undefined;
  if (typeof siteId === "string") assertSiteAllowed(caller, siteId);
}

/**
 * Before a call that deletes what it records (`DELETE …`), the thing's label and site as they are
 * now: the event written after it can no longer read them (src/audit/labels.ts).
 */
export async function labelsBeforeChange(c: Context<AppEnv>, caller: Caller, rule: RouteRule): Promise<LabelledTarget | undefined> {
  if (!rule.audit || c.req.method !== "DELETE") return undefined;
  const target = targetOfPath(rule);
  if (!target.targetType || target.targetId === undefined) return undefined;
  return readLabels(c.get("db"), caller.accountId, target);
}

/**
 * After a successful call of a route that records one, its audit event: the thing is the path's
 * last parameter (`articleId` → an article), or the `id` the answer gives for a new thing.
 */
export async function auditRouteCall(c: Context<AppEnv>, caller: Caller, rule: RouteRule, before?: LabelledTarget): Promise<void> {
  if (!rule.audit || c.res.status >= 300 || c.get("auditedByRoute")) return;
  let { targetType, targetId } = targetOfPath(rule);
  if (targetId === undefined && c.res.headers.get("Content-Type")?.includes("application/json")) {
    const body = (await c.res
      .clone()
      .json()
      .catch(() => null)) as { id?: unknown } | null;
    if (typeof body?.id === "string" || typeof body?.id === "number") {
      targetId = String(body.id);
      targetType = rule.audit.split(".")[0];
    }
  }
  const siteId = (await siteOfRequest(c, caller.accountId)) ?? before?.siteId ?? null;
  await recordAudit(c.get("db"), caller.accountId, caller, {
    action: rule.audit,
    targetType,
    targetId,
    siteId,
    targetLabel: before?.targetLabel,
    siteLabel: before?.siteLabel,
  });
}

/** The thing a route's path names: its last parameter (`articleId` → an article). */
function targetOfPath(rule: RouteRule): { targetType?: string; targetId?: string } {
  const names = Object.keys(rule.params);
  const last = names[names.length - 1];
  return last ? { targetType: last.replace(/Id$/, ""), targetId: rule.params[last] } : {};
}

/** The site a successful request concerned: the one its path names, or the `siteId` of a new thing in the answer. */
async function siteOfRequest(c: Context<AppEnv>, accountId: string): Promise<string | null> {
  const named = resourceOfPath(c.req.path);
  if (named) return (await siteOfResource(c.get("db"), accountId, named.kind, named.id)) ?? null;
  if (!c.res.headers.get("Content-Type")?.includes("application/json")) return null;
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { siteId?: unknown } | null;
  return typeof body?.siteId === "string" ? body.siteId : null;
}

export function assertRoleMay(caller: Pick<Caller, "role" | "via">, permission: Permission): void {
  if (roleMay(caller.role, permission)) return;
  const whose = caller.via === "session" ? "Your role" : "This token's role";
  throw new AppError(
    "insufficient_role",
    `${whose} is '${caller.role}': only a member with the role '${leastRoleFor(permission)}' or above may ${PERMISSION_WORDS[permission]}`,
  );
}

export function assertSiteAllowed(caller: Pick<Caller, "siteIds">, siteId: string | null | undefined): void {
  if (!caller.siteIds || (siteId && caller.siteIds.includes(siteId))) return;
  throw new AppError("site_not_allowed", "You are limited to other sites of this account; ask an owner or admin for access to this one");
}

/** What a request or a tool call can name, each leading to one site. */
export type SiteResource = "site" | "post" | "plan" | "item" | "article";

const PATH_RESOURCES: [RegExp, SiteResource][] = [
  [/^\/api\/sites\/posts\/([^/]+)/, "post"],
  [/^\/api\/(?:sites|platforms\/forum|platforms\/custom)\/([^/]+)/, "site"],
  [/^\/api\/autopilot\/plans\/([^/]+)/, "plan"],
  [/^\/api\/autopilot\/items\/([^/]+)/, "item"],
  [/^\/api\/autopilot\/articles\/(\d+)/, "article"],
];

/** The site of a resource of the account; undefined when there is no such resource (its route answers the 404). */
async function siteOfResource(db: Database, accountId: string, kind: SiteResource, id: string): Promise<string | null | undefined> {
  if (kind === "site") return id;
  if (kind === "article") {
    const [row] = await db
      .select({ siteId: articles.siteId })
      .from(articles)
      .where(and(eq(articles.id, Number(id)), eq(articles.accountId, accountId)));
    return row ? row.siteId : undefined;
  }
  const table = kind === "post" ? existingPosts : kind === "plan" ? plans : planItems;
  const [row] = await db
    .select({ siteId: table.siteId })
    .from(table)
    .where(and(eq(table.id, id), eq(table.accountId, accountId)));
  return row ? row.siteId : undefined;
}

/** For a member limited to some sites: the resource must belong to one of them (403 `site_not_allowed`). */
export async function assertResourceSite(db: Database, caller: Caller, kind: SiteResource, id: string): Promise<void> {
  if (!caller.siteIds) return;
  const siteId = await siteOfResource(db, caller.accountId, kind, id);
  if (siteId !== undefined) assertSiteAllowed(caller, siteId);
}

const NOT_AN_ID = new Set(["connect", "posts"]);

/** The first resource a management path names (a site, post, plan, item or article), or null. */
function resourceOfPath(path: string): { kind: SiteResource; id: string } | null {
  for (const [pattern, kind] of PATH_RESOURCES) {
    const id = pattern.exec(path)?.[1];
    if (!id || NOT_AN_ID.has(id)) continue;
    return { kind, id: safeDecode(id) };
  }
  return null;
}

async function assertSiteOfPath(db: Database, caller: Caller, path: string): Promise<void> {
  const named = resourceOfPath(path);
  if (named) await assertResourceSite(db, caller, named.kind, named.id);
}
