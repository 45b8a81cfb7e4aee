import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { AppError, notFound } from "../core/errors";
import { randomBase62 } from "../core/crypto";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import {
  existingPosts,
  type HealthActionKind,
  type HealthActionPrevious,
  type HealthActionState,
  postImprovements,
  siteHealthActions,
} from "../db/schema";
import { applyImprovement, type ImproveFocus, improvePost, revertImprovement } from "../improvements/improve";
import type { Services } from "../services/container";
import { getSiteOfPlatform, type SiteRow } from "../sites/service";
import { withWordPress } from "../sites/site-access";
import { assertHealthConnector, metaOf, REDIRECT_META, ROBOTS_META, writeMeta } from "./connector-meta";

// The actions of the cannibalisation and traction lists, each exactly once. A row per site and
// action key is claimed with one conditional statement before anything is charged or written;
// a retried request finds it and answers what it holds. What an action changes besides the
// improvement (a redirect, a robots noindex, a status) is recorded before it is written, so a
// retry after a crash between the write and its record keeps the first "before" for revert.

export type ActionRow = typeof siteHealthActions.$inferSelect;

/** Writing an improvement takes 1–3 minutes: a claimed run is held this long before a retry may take it over. */
const RUN_HOLD_MS = 10 * 60_000;
/** A WordPress write (apply, revert, noindex, unpublish) is held this long. */
const WRITE_HOLD_MS = 2 * 60_000;

/** The kinds whose first step is an improvement suggestion (charged), applied in a second step. */
const IMPROVING: readonly HealthActionKind[] = ["differentiate", "merge", "improve"];

/** A page of the site an action writes to: its WordPress post, and its existing post when there is one. */
export interface PageTarget {
  remoteId: number;
  url: string;
  postId: string | null;
}

/** What an action is asked to do, resolved to the site's posts. */
export interface ActionPlan {
  kind: HealthActionKind;
  target: PageTarget;
  /** A merge's weaker page, redirected to the target once applied. */
  from?: PageTarget;
  articleId?: number;
  query?: string;
  targetQuery?: string;
  /** The improvement's keyword and instruction (built once the action is claimed: a merge reads the weaker page). */
  focus?: (services: Services, site: SiteRow) => Promise<ImproveFocus>;
}

/** The key two identical requests share. */
export function actionKeyOf(plan: Pick<ActionPlan, "kind" | "target" | "from" | "query">): string {
  if (plan.kind === "merge") return `merge:${plan.target.remoteId}:${plan.from!.remoteId}`;
  if (plan.kind === "differentiate") return `differentiate:${plan.target.remoteId}:${plan.query}`;
  return `${plan.kind}:${plan.target.remoteId}`;
}

const holdUntil = (now: Date, ms: number) => toIsoSeconds(new Date(now.getTime() + ms));

/**
 * Claims the action's row: a new row, or one that failed, was reverted, or whose run crashed
 * (its hold expired). `null` when another request holds it or it is already done: the caller
 * answers with the row as it is. A takeover of a crashed run keeps its `startedAt`.
 */
async function claimAction(services: Services, site: SiteRow, plan: ActionPlan, now: Date): Promise<ActionRow | null> {
  const at = toIsoSeconds(now);
  const busyUntil = holdUntil(now, IMPROVING.includes(plan.kind) ? RUN_HOLD_MS : WRITE_HOLD_MS);
  const t = siteHealthActions;
  const crashed = sql`${t.state} = 'running' AND ${t.busyUntil} < ${at}`;
  const [row] = await services.db
    .insert(t)
    .values({
      id: `sha_${randomBase62(16)}`,
      accountId: site.accountId,
      siteId: site.id,
      kind: plan.kind,
      actionKey: actionKeyOf(plan),
      state: "running",
      remoteId: plan.target.remoteId,
      url: plan.target.url,
      postId: plan.target.postId,
      articleId: plan.articleId ?? null,
      fromRemoteId: plan.from?.remoteId ?? null,
      fromUrl: plan.from?.url ?? null,
      query: plan.query ?? null,
      targetQuery: plan.targetQuery ?? null,
      startedAt: at,
      busyUntil,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [t.siteId, t.actionKey],
      set: {
        state: "running",
        busyUntil,
        error: null,
        targetQuery: sql`excluded.target_query`,
        // A failed or crashed run may have written before it stopped (an answer lost on the way
        // back): its "before" stays. Only a reverted action starts from what the site has now.
        previous: sql`CASE WHEN ${t.state} = 'reverted' THEN NULL ELSE ${t.previous} END`,
        startedAt: sql`CASE WHEN ${crashed} THEN ${t.startedAt} ELSE excluded.started_at END`,
        updatedAt: at,
      },
      setWhere: sql`${t.state} IN ('failed', 'reverted') OR (${crashed})`,
    })
    .returning();
  return row ?? null;
}

async function actionByKey(services: Services, siteId: string, key: string): Promise<ActionRow> {
  const [row] = await services.db
    .select()
    .from(siteHealthActions)
    .where(and(eq(siteHealthActions.siteId, siteId), eq(siteHealthActions.actionKey, key)));
  return row!;
}

async function setState(services: Services, id: string, state: HealthActionState, fields: Partial<ActionRow> = {}): Promise<ActionRow> {
  const [row] = await services.db
    .update(siteHealthActions)
    .set({ state, busyUntil: null, updatedAt: toIsoSeconds(new Date()), ...fields })
    .where(eq(siteHealthActions.id, id))
    .returning();
  return row!;
}

/** Records what an action is about to change, unless an earlier (crashed) run of it already did. */
async function keepPrevious(services: Services, action: ActionRow, previous: HealthActionPrevious): Promise<HealthActionPrevious> {
  const merged = { ...previous, ...(action.previous ?? {}) };
  await services.db.update(siteHealthActions).set({ previous: merged }).where(eq(siteHealthActions.id, action.id));
  action.previous = merged;
  return merged;
}

/**
 * Starts an action exactly once: an improving kind writes its suggestion (charged as one
 * improvement) and waits in `suggested`; noindex and unpublish are done at once (`applied`).
 * A repeated request answers the row as it stands (`replayed`), charging and writing nothing.
 */
export async function startAction(
  services: Services,
  site: SiteRow,
  plan: ActionPlan,
  now = new Date(),
): Promise<{ action: ActionRow; replayed: boolean }> {
  if (plan.kind === "merge" || plan.kind === "noindex") assertHealthConnector(site);
  if (IMPROVING.includes(plan.kind) && !plan.target.postId) throw notScanned(plan.target.url);
  const claimed = await claimAction(services, site, plan, now);
  if (!claimed) {
    const action = await actionByKey(services, site.id, actionKeyOf(plan));
    if (action.state === "running")
      throw new AppError(
        "health_action_busy",
        `Action ${action.id} is running; read it again with GET /api/sites/${site.id}/health-actions`,
      );
    return { action, replayed: true };
  }
  try {
    if (IMPROVING.includes(plan.kind)) return { action: await suggest(services, site, claimed, plan), replayed: false };
    return { action: await writeToSite(services, site, claimed, "apply"), replayed: false };
  } catch (error) {
    await setState(services, claimed.id, "failed", { error: error instanceof AppError ? error.code : "internal_error" });
    log("warn", "health_action_failed", { actionId: claimed.id, siteId: site.id, kind: plan.kind, error: String(error) });
    throw error;
  }
}

/**
 * The improvement step. A run that takes over a crashed one whose suggestion was stored (and
 * charged) after it started only records it: the crash never costs a second improvement.
 */
async function suggest(services: Services, site: SiteRow, action: ActionRow, plan: ActionPlan): Promise<ActionRow> {
  const postId = action.postId!;
  const [stored] = await services.db.select().from(postImprovements).where(eq(postImprovements.postId, postId));
  const alreadyWritten = stored?.suggestedAt && action.startedAt && stored.suggestedAt >= action.startedAt && stored.suggestion;
  if (!alreadyWritten) {
    const focus = plan.focus ? await plan.focus(services, site) : {};
    await improvePost(services, site.accountId, postId, new Date(), { focus });
  }
  log("info", "health_action_suggested", { actionId: action.id, siteId: site.id, kind: action.kind, postId });
  return setState(services, action.id, "suggested");
}

/** Claims a step of an existing action: `from` → `to` (or `to` again once a crashed step's hold expired). */
async function claimStep(services: Services, siteId: string, actionId: string, from: HealthActionState, to: HealthActionState, now: Date) {
  const at = toIsoSeconds(now);
  const t = siteHealthActions;
  const [row] = await services.db
    .update(t)
    .set({ state: to, busyUntil: holdUntil(now, WRITE_HOLD_MS), error: null, updatedAt: at })
    .where(and(eq(t.id, actionId), eq(t.siteId, siteId), or(eq(t.state, from), and(eq(t.state, to), lt(t.busyUntil, at)))))
    .returning();
  if (row) return row;
  const [current] = await services.db
    .select()
    .from(t)
    .where(and(eq(t.id, actionId), eq(t.siteId, siteId)));
  if (!current) throw notFound("Action");
  throw new AppError(
    "health_action_busy",
    `Action ${actionId} is ${current.state}; only a ${from} action can be ${to === "applying" ? "applied" : "reverted"}`,
  );
}

/** POST …/health-actions/{id}/apply: applies a suggested improvement (and a merge's redirect). */
export async function applyAction(services: Services, accountId: string, siteId: string, actionId: string, now = new Date()) {
  const site = await getSiteOfPlatform(services.db, accountId, siteId, "blog");
  const action = await claimStep(services, site.id, actionId, "suggested", "applying", now);
  try {
    return await writeToSite(services, site, action, "apply");
  } catch (error) {
    await setState(services, action.id, "suggested", { error: error instanceof AppError ? error.code : "internal_error" });
    throw error;
  }
}

/** POST …/health-actions/{id}/revert: puts back what the action changed. */
export async function revertAction(services: Services, accountId: string, siteId: string, actionId: string, now = new Date()) {
  const site = await getSiteOfPlatform(services.db, accountId, siteId, "blog");
  const action = await claimStep(services, site.id, actionId, "applied", "reverting", now);
  try {
    return await writeToSite(services, site, action, "revert");
  } catch (error) {
    await setState(services, action.id, "applied", { error: error instanceof AppError ? error.code : "internal_error" });
    throw error;
  }
}

async function improvementApplied(services: Services, postId: string): Promise<boolean> {
  const [post] = await services.db
    .select({ status: existingPosts.improvementStatus })
    .from(existingPosts)
    .where(eq(existingPosts.id, postId));
  return post?.status === "APPLIED";
}

/**
 * The WordPress side of an apply or a revert, each write idempotent: the improvement is applied
 * (or reverted) unless it already is, then the meta or status is set to its target value.
 */
async function writeToSite(services: Services, site: SiteRow, action: ActionRow, step: "apply" | "revert"): Promise<ActionRow> {
  const apply = step === "apply";
  if (IMPROVING.includes(action.kind) && action.postId) {
    const applied = await improvementApplied(services, action.postId);
    if (apply && !applied) await applyImprovement(services, site.accountId, action.postId);
    if (!apply && applied) await revertImprovement(services, site.accountId, action.postId);
  }
  if (action.kind === "merge" && action.fromRemoteId !== null) {
    const fromId = action.fromRemoteId;
    await withWordPress(services, site, async (wp) => {
      if (apply) {
        const before = await wp.getPost(fromId);
        await keepPrevious(services, action, { redirect: metaOf(before, REDIRECT_META) });
      }
      await writeMeta(wp, site, fromId, REDIRECT_META, apply ? action.url : (action.previous?.redirect ?? ""));
    });
  }
  if (action.kind === "noindex") {
    await withWordPress(services, site, async (wp) => {
      if (apply) await keepPrevious(services, action, { robots: metaOf(await wp.getPost(action.remoteId), ROBOTS_META) });
      await writeMeta(wp, site, action.remoteId, ROBOTS_META, apply ? "noindex" : (action.previous?.robots ?? ""));
    });
  }
  if (action.kind === "unpublish") {
    await withWordPress(services, site, async (wp) => {
      if (apply) await keepPrevious(services, action, { status: (await wp.getPost(action.remoteId)).status ?? "publish" });
      const status = apply ? "draft" : restorableStatus(action.previous?.status);
      await wp.updatePost(action.remoteId, { status });
    });
  }
  log("info", apply ? "health_action_applied" : "health_action_reverted", { actionId: action.id, siteId: site.id, kind: action.kind });
  return setState(services, action.id, apply ? "applied" : "reverted");
}

/** The status an unpublished post goes back to: the one it had, publish when that was not one we may set. */
function restorableStatus(status: string | undefined): "publish" | "pending" | "private" | "draft" {
  return status === "pending" || status === "private" || status === "draft" ? status : "publish";
}

/** 409 for a page that is not among the site's existing posts (an improvement needs one). */
export const notScanned = (url: string) =>
  new AppError(
    "post_not_scanned",
    `${url} is not among the site's existing posts; sync the site's posts (POST /api/sites/{siteId}/sync) first`,
  );

/** GET /sites/{siteId}/health-actions: the site's actions, the latest first. */
export async function listActions(services: Services, accountId: string, siteId: string): Promise<ActionRow[]> {
  const site = await getSiteOfPlatform(services.db, accountId, siteId, "blog");
  return services.db
    .select()
    .from(siteHealthActions)
    .where(eq(siteHealthActions.siteId, site.id))
    .orderBy(desc(siteHealthActions.updatedAt), desc(siteHealthActions.id))
    .limit(500);
}
