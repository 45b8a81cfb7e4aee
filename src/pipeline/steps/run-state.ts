import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { parseStoredDraft, type SiteLink } from "../../content/draft";
import { AppError, type ErrorCode } from "../../core/errors";
import { log } from "../../core/logger";
import { toIsoSeconds } from "../../core/time";
import { articles, itemRuns, type PipelineStage, planItems, existingPosts } from "../../db/schema";
import { getPlanItemRow } from "../../plans/read";
import { pillarOf } from "../../plans/cluster";
import type { Services } from "../../services/container";
import { getSite, type SiteRow } from "../../sites/service";
import type { ItemRunParams } from "../run-params";

// One run's state on its plan item and in item_runs: the failure values, the stage mark, the struggle, the subject of the run.
// Each step may run more than once (the Workflow retries and replays): every one is idempotent,
// reads what it needs from D1/R2 and returns only small keys.

/** Links offered to the model: the newest existing posts and the site's earlier articles. */
const MAX_LINKS_OFFERED = 40;

export type ItemRow = typeof planItems.$inferSelect;

/** Why a run ended without an article: what the item shows and the run route answers. */
export interface RunFailure {
  /** The error's code (its status follows from it): the run route answers with it. */
  code: ErrorCode;
  status: number;
  message: string;
  /** True when a newer run of the item took over: that run, not this one, decides the item's state. */
  superseded?: boolean;
}

/** A permanent failure as a value: the Workflow stops on it instead of retrying. */
export type StepOutcome<T> = { ok: true; value: T } | { ok: false; failure: RunFailure };

/**
 * Runs a step body and sorts its failure: a transient one (an outage, a timeout, a rate limit, a
 * database hiccup) is thrown so the engine retries with backoff; a permanent one (402/403, a
 * rejected key or credentials, checks that still fail) comes back as a value.
 */
export async function permanentFailureAsValue<T>(
  body: () => Promise<T>,
  onTransient?: (error: unknown) => Promise<void>,
): Promise<StepOutcome<T>> {
  try {
    return { ok: true, value: await body() };
  } catch (error) {
    if (isTransient(error)) {
      await onTransient?.(error).catch(() => {});
      throw error;
    }
    return { ok: false, failure: failureOf(error) };
  }
}

/**
 * A step failed in a way the engine retries: the item shows it (the error, and when the next
 * try is due), so a run that struggles does not look healthy. `nextTryAt` is null after the last try.
 */
export async function recordStruggle(
  services: Services,
  run: ItemRunParams,
  error: unknown,
  retries: { limit: number; delayMs: number; exponential: boolean },
  now = new Date(),
): Promise<void> {
  const message = error instanceof AppError ? error.message : "An internal error; the step is retried";
  const [item] = await services.db.select({ stageTry: planItems.stageTry }).from(planItems).where(eq(planItems.id, run.itemId));
  const tries = item?.stageTry ?? 1;
  const delayMs = retries.exponential ? retries.delayMs * 2 ** (tries - 1) : retries.delayMs;
  const nextTryAt = tries <= retries.limit ? toIsoSeconds(new Date(now.getTime() + delayMs)) : null;
  await services.db
    .update(planItems)
    .set({ lastError: message.slice(0, 1000), nextTryAt, updatedAt: toIsoSeconds(now) })
    .where(and(eq(planItems.id, run.itemId), eq(planItems.attempts, run.attempt), eq(planItems.status, "GENERATING")));
}

function isTransient(error: unknown): boolean {
  if (!(error instanceof AppError)) return true;
  if ("retryable" in error && typeof error.retryable === "boolean") return error.retryable;
  return error.status >= 500;
}

export function failureOf(error: unknown): RunFailure {
  if (error instanceof SupersededError) return { code: error.code, status: error.status, message: error.message, superseded: true };
  if (error instanceof AppError) return { code: error.code, status: error.status, message: error.message };
  return { code: "upstream_error", status: 502, message: error instanceof Error && error.message ? error.message : "The run failed" };
}

export class SupersededError extends AppError {
  constructor(run: ItemRunParams) {
    super("conflict", `Run ${run.attempt} of item ${run.itemId} was replaced by a newer run`);
  }
}

/**
 * Records that the run is at `stage` (plan detail shows it; the cron tick restarts runs whose
 * progress stops). Throws SupersededError when the item no longer belongs to this run.
 */
export async function markStage(services: Services, run: ItemRunParams, stage: PipelineStage, now = new Date()): Promise<void> {
  const at = toIsoSeconds(now);
  const sameStage = sql`${planItems.stage} = ${stage}`;
  const moved = await services.db
    .update(planItems)
    .set({
      stage,
      // The try of this stage (1 on entering it), and its last error kept while the stage is retried.
      stageTry: sql`CASE WHEN ${sameStage} THEN ${planItems.stageTry} + 1 ELSE 1 END`,
      lastError: sql`CASE WHEN ${sameStage} THEN ${planItems.lastError} ELSE NULL END`,
      nextTryAt: null,
      progressAt: at,
      updatedAt: at,
    })
    .where(and(eq(planItems.id, run.itemId), eq(planItems.attempts, run.attempt), eq(planItems.status, "GENERATING")))
    .returning({ id: planItems.id });
  if (moved.length === 0) throw new SupersededError(run);
}

/** Pages of the site the article may link to: existing posts and earlier published articles. */
export async function siteLinks(services: Services, site: SiteRow): Promise<SiteLink[]> {
  const [posts, earlier] = await services.db.batch([
    services.db
      .select({ title: existingPosts.title, url: existingPosts.url })
      .from(existingPosts)
      .where(eq(existingPosts.siteId, site.id))
      .orderBy(desc(existingPosts.modifiedAt))
      .limit(MAX_LINKS_OFFERED),
    services.db
      .select({ title: articles.title, url: articles.publicationUrl })
      .from(articles)
      .where(and(eq(articles.siteId, site.id), eq(articles.status, "published"), isNotNull(articles.publicationUrl)))
      .orderBy(desc(articles.createdAt))
      .limit(MAX_LINKS_OFFERED),
  ]);
  const links = new Map<string, SiteLink>();
  for (const link of [...earlier, ...posts]) if (link.url) links.set(link.url, { title: link.title, url: link.url });
  return [...links.values()].slice(0, MAX_LINKS_OFFERED);
}

interface RunSubject {
  item: ItemRow;
  site: SiteRow;
  links: SiteLink[];
}

export async function subjectOf(services: Services, run: ItemRunParams): Promise<RunSubject> {
  const item = await getPlanItemRow(services.db, run.accountId, run.itemId);
  const site = await getSite(services.db, run.accountId, item.siteId);
  const links = await siteLinks(services, site);
  // A cluster's spoke links to its pillar: its page first among the links offered.
  const pillar = await pillarOf(services.db, item);
  if (!pillar?.url) return { item, site, links };
  return { item, site, links: [{ title: pillar.title, url: pillar.url }, ...links.filter((link) => link.url !== pillar.url)] };
}

/** The run's record, its stored draft parsed again (never trusted as a draft without it). */
export async function runRow(services: Services, run: ItemRunParams) {
  const [row] = await services.db
    .select()
    .from(itemRuns)
    .where(and(eq(itemRuns.itemId, run.itemId), eq(itemRuns.attempt, run.attempt)));
  if (!row) throw new AppError("internal_error", `Run ${run.attempt} of item ${run.itemId} has no record`);
  const draft = parseStoredDraft(row.draft);
  if (row.draft !== null && draft === null) log("error", "item_run_draft_unreadable", { ...run });
  return { ...row, draft };
}
