import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { reserveGeneration } from "../billing/generation-charge";
import { AppError } from "../core/errors";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { articles, planItems } from "../db/schema";
import { modelsForAccount } from "../billing/account-models";
import { maxNewPerWeekSql, newArticlesSinceSql } from "../plans/pace";
import { getPlanItemRow } from "../plans/read";
import type { Services } from "../services/container";
import { assertSiteTakesArticles, getSite } from "../sites/service";
import { ITEM_RUN_MESSAGE, runChargeReference, runInstanceId, type ItemRunParams } from "./run-params";
import { refundRunCharge } from "./steps/finish";
import type { ItemRunOutput } from "./workflow";

const WEEK_MS = 7 * 86_400_000;
/** Items handed to the queue per statement, and statements per tick (sendBatch takes 100 messages). */
const DUE_BATCH = 100;
const MAX_DUE_BATCHES_PER_TICK = 20;
/** Queues' createBatch of Workflows takes 100 instances at a time. */
const MAX_INSTANCES_PER_BATCH = 100;

/**
 * The autopilot clock (each cron tick): items of ACTIVE plans whose time has come turn QUEUED
 * with a new run number and go to the generation queue. The partial index on SCHEDULED items
 * finds them, so the cost does not grow with finished items. Returns how many were queued.
 */
export async function enqueueDueItems(services: Services, now: Date): Promise<number> {
  const at = toIsoSeconds(now);
  let queued = 0;
  for (let batch = 0; batch < MAX_DUE_BATCHES_PER_TICK; batch += 1) {
    const runs = await queueDueItems(services.db, at);
    if (runs.length > 0) await sendRuns(services, runs);
    queued += runs.length;
    if (runs.length < DUE_BATCH) break;
  }
  if (queued > 0) log("info", "items_queued", { count: queued });
  const held = await holdPacedItems(services.db, at);
  if (held.length > 0) log("info", "items_held_for_pace", { count: held.length, sites: [...new Set(held.map((item) => item.siteId))] });
  return queued;
}

/**
 * One statement of the clock: up to DUE_BATCH due SCHEDULED items of ACTIVE plans turn QUEUED
 * with their next run number. The literal status lets SQLite use the partial index. An item
 * writing a new article starts only while its site has room in its pace: the new articles of the
 * last 7 days and those being written, plus the due ones before it, stay under maxNewPerWeek
 * (src/plans/pace.ts); an improvement is not a new article and always starts.
 */
export function queueDueItems(db: Database, at: string) {
  const since = toIsoSeconds(new Date(Date.parse(at) - WEEK_MS));
  return db
    .update(planItems)
    .set({ status: "QUEUED", attempts: sql`${planItems.attempts} + 1`, stage: "queued", progressAt: at, waitReason: null, updatedAt: at })
    .where(
      and(
        eq(planItems.status, "SCHEDULED"),
        sql`${planItems.id} IN (
          SELECT id FROM plan_items AS due INDEXED BY plan_items_due_idx
          WHERE status = 'SCHEDULED' AND scheduled_at <= ${at}
            AND EXISTS (SELECT 1 FROM plans WHERE plans.id = due.plan_id AND plans.status = 'ACTIVE')
            AND (due.suggestion = 'improve' OR ${newArticlesSinceSql(sql`due.site_id`, since)} + (
              SELECT count(*) FROM plan_items AS earlier
              WHERE earlier.site_id = due.site_id AND earlier.status = 'SCHEDULED' AND earlier.scheduled_at <= ${at}
                AND (earlier.suggestion IS NULL OR earlier.suggestion = 'new')
                AND (earlier.scheduled_at < due.scheduled_at OR (earlier.scheduled_at = due.scheduled_at AND earlier.id < due.id))
                AND EXISTS (SELECT 1 FROM plans WHERE plans.id = earlier.plan_id AND plans.status = 'ACTIVE'))
              < ${maxNewPerWeekSql(sql`due.site_id`)})
          ORDER BY scheduled_at LIMIT ${DUE_BATCH})`,
      ),
    )
    .returning({ itemId: planItems.id, accountId: planItems.accountId, attempt: planItems.attempts });
}

/**
 * Due items the pace held back wait for their site's next free day: when the oldest new article
 * of the last 7 days leaves the window (an hour from now when only runs in flight fill it). They
 * stay SCHEDULED with `waitReason: "pace"`; nothing is queued, so nothing can start twice.
 */
export function holdPacedItems(db: Database, at: string) {
  const since = toIsoSeconds(new Date(Date.parse(at) - WEEK_MS));
  const inAnHour = toIsoSeconds(new Date(Date.parse(at) + 60 * 60_000));
  return db
    .update(planItems)
    .set({
      waitReason: "pace",
      scheduledAt: sql`COALESCE((SELECT strftime('%Y-%m-%dT%H:%M:%SZ', min(articles.published_at), '+7 days', '+1 minute') FROM articles
        WHERE articles.site_id = ${planItems.siteId} AND articles.plan_item_id IS NOT NULL AND articles.published_at >= ${since}), ${inAnHour})`,
      updatedAt: at,
    })
    .where(
      and(
        eq(planItems.status, "SCHEDULED"),
        sql`${planItems.id} IN (
          SELECT id FROM plan_items AS due INDEXED BY plan_items_due_idx
          WHERE status = 'SCHEDULED' AND scheduled_at <= ${at} AND (due.suggestion IS NULL OR due.suggestion = 'new')
            AND EXISTS (SELECT 1 FROM plans WHERE plans.id = due.plan_id AND plans.status = 'ACTIVE')
            AND ${newArticlesSinceSql(sql`due.site_id`, since)} >= ${maxNewPerWeekSql(sql`due.site_id`)}
          LIMIT ${DUE_BATCH * MAX_DUE_BATCHES_PER_TICK})`,
      ),
    )
    .returning({ itemId: planItems.id, siteId: planItems.siteId, scheduledAt: planItems.scheduledAt });
}

/** Runs with no progress since `cutoff`, by the partial index on started items. */
export function findStuckRuns(db: Database, cutoff: string) {
  return (
    db
      .select({ itemId: planItems.id, accountId: planItems.accountId, attempt: planItems.attempts })
      .from(planItems)
      // The statuses as literals: SQLite uses a partial index only when the query's WHERE implies
      // the index's, which bound parameters never do (with them this read every finished item).
      .where(sql`${planItems.status} IN ('QUEUED', 'GENERATING') AND ${planItems.progressAt} < ${cutoff}`)
      .limit(DUE_BATCH)
  );
}

async function sendRuns(services: Services, runs: ItemRunParams[]): Promise<void> {
  await services.queues.generation.sendBatch(runs.map((run) => ({ body: { type: ITEM_RUN_MESSAGE, ...run } })));
}

/**
 * The generation queue's consumer: starts one Workflow instance per run. An instance that exists
 * already (a redelivered message, a run-now that came first) is the same run: nothing to do.
 */
export async function startQueuedRuns(services: Services, runs: ItemRunParams[]): Promise<void> {
  for (let start = 0; start < runs.length; start += MAX_INSTANCES_PER_BATCH) {
    const chunk = runs.slice(start, start + MAX_INSTANCES_PER_BATCH);
    const result = await services.pipeline.createBatch({ instances: chunk.map((run) => ({ id: runInstanceId(run), params: run })) });
    const failed = result.errors.filter((error) => !/already[_ ]exists/i.test(error.message));
    if (failed.length > 0) throw new Error(`Could not start ${failed.length} run(s): ${failed.map((error) => error.message).join("; ")}`);
    log("info", "item_runs_started", { created: result.created.length, alreadyRunning: result.errors.length });
  }
}

/**
 * Runs that stopped moving (a lost queue message, an instance stuck across a `wrangler dev`
 * restart): QUEUED or GENERATING with no progress for STUCK_RUN_MINUTES. Each gets a new run
 * number (the old instance is terminated, and a later step of it would find itself replaced),
 * its old charge is refunded, and it is queued again. Publication stays exactly-once: the new
 * run finds what the old one may have posted.
 */
export async function restartStuckRuns(services: Services, now: Date): Promise<number> {
  const cutoff = toIsoSeconds(new Date(now.getTime() - services.config.pipeline.stuckRunMs));
  return restartRuns(services, await findStuckRuns(services.db, cutoff), cutoff, now);
}

/** Restarts the runs found stuck before `cutoff`, each only if it has still not moved when its UPDATE runs. */
export async function restartRuns(services: Services, stuck: ItemRunParams[], cutoff: string, now: Date): Promise<number> {
  const at = toIsoSeconds(now);
  const restarted: ItemRunParams[] = [];
  for (const old of stuck) {
    const [next] = await services.db
      .update(planItems)
      .set({ status: "QUEUED", attempts: old.attempt + 1, stage: "queued", progressAt: at, updatedAt: at })
      // Still stuck at the moment of the restart: a run that moved since it was read is left alone.
      .where(
        and(
          eq(planItems.id, old.itemId),
          eq(planItems.attempts, old.attempt),
          inArray(planItems.status, ["QUEUED", "GENERATING"]),
          lt(planItems.progressAt, cutoff),
        ),
      )
      .returning({ itemId: planItems.id, accountId: planItems.accountId, attempt: planItems.attempts });
    if (!next) continue;
    await stopInstance(services, runInstanceId(old));
    await refundRunCharge(services, old, now);
    restarted.push(next);
    log("warn", "item_run_restarted", { itemId: old.itemId, stuckAttempt: old.attempt, attempt: next.attempt });
  }
  if (restarted.length > 0) await sendRuns(services, restarted);
  return restarted.length;
}

/** Terminates a run's instance when it is still going (one that never started, or ended, is left as it is). */
async function stopInstance(services: Services, instanceId: string): Promise<void> {
  try {
    const instance = await services.pipeline.get(instanceId);
    const { status } = await instance.status();
    if (status === "complete" || status === "errored" || status === "terminated") return;
    await instance.terminate();
  } catch {
    // never started, or ended meanwhile
  }
}

/** Statuses a run-now may start from; QUEUED and GENERATING join the run in flight. */
const STARTABLE = ["PLANNED", "SCHEDULED", "FAILED"] as const;

/**
 * POST /autopilot/items/{id}/run: starts a run of the item at once, or joins the one in flight,
 * and waits for it to end. The price is reserved before the run is started (402/403 before any
 * work); a published item is 409 naming its article. Returns the article's id and URL.
 */
export async function runItemNow(
  services: Services,
  accountId: string,
  itemId: string,
): Promise<{ articleId: number; url: string | null }> {
  const run = await claimForRunNow(services, accountId, itemId);
  return waitForRun(services, run);
}

async function claimForRunNow(services: Services, accountId: string, itemId: string): Promise<ItemRunParams> {
  for (let tries = 0; tries < 3; tries += 1) {
    const item = await getPlanItemRow(services.db, accountId, itemId);
    if (item.status === "PUBLISHED") {
      throw new AppError(
        "item_already_published",
        `Item ${itemId} is already published as article ${item.articleId}; it is never published twice (edit it with PATCH /api/autopilot/articles/${item.articleId})`,
      );
    }
    if (item.status === "REVIEW") {
      throw new AppError(
        "item_in_review",
        `Item ${itemId} is written as article ${item.articleId}, which waits for review; publish it with POST /api/autopilot/articles/${item.articleId}/publish`,
      );
    }
    if (item.status === "QUEUED" || item.status === "GENERATING") return { accountId, itemId, attempt: item.attempts };
    if (item.suggestion === "improve") {
      // Run-now answers an article; an item on improve runs with its plan (or the post is improved directly).
      throw new AppError(
        "item_not_run",
        `Item ${itemId} is set to improve post ${item.overlap?.postId} instead of writing an article; improve it with POST /api/sites/posts/${item.overlap?.postId}/improve, or switch the item to new with PATCH /api/autopilot/items/${itemId}`,
      );
    }
    // Refused before any model work or charge: the run could not publish.
    assertSiteTakesArticles(await getSite(services.db, accountId, item.siteId), "running items");

    const run = { accountId, itemId, attempt: item.attempts + 1 };
    const models = await modelsForAccount(services, accountId);
    await reserveGeneration(services.db, services.config.billing, {
      accountId,
      reference: runChargeReference(run),
      kind: "generation",
      model: models.text.model,
      note: item.title,
      siteId: item.siteId,
      now: new Date(),
    });
    const at = toIsoSeconds(new Date());
    const [claimed] = await services.db
      .update(planItems)
      .set({
        status: "QUEUED",
        attempts: run.attempt,
        stage: "queued",
        progressAt: at,
        failureReason: null,
        failureStatus: null,
        failureCode: null,
        updatedAt: at,
      })
      .where(and(eq(planItems.id, itemId), eq(planItems.attempts, item.attempts), inArray(planItems.status, [...STARTABLE])))
      .returning({ id: planItems.id });
    if (claimed) return run;
    // Someone else moved the item between the read and the claim (the cron, another run-now):
    // the reservation is theirs to use when they run the same number, else it goes back.
    const now = await getPlanItemRow(services.db, accountId, itemId);
    if (now.attempts !== run.attempt) await refundRunCharge(services, run, new Date());
  }
  throw new AppError("item_busy", `Item ${itemId} is changing state; try again`);
}

/** Starts the run's instance unless it exists, then polls it until it ends or the wait limit passes. */
async function waitForRun(services: Services, run: ItemRunParams): Promise<{ articleId: number; url: string | null }> {
  const id = runInstanceId(run);
  const instance = await services.pipeline.create({ id, params: run }).catch(async (error: unknown) => {
    if (!/already[_ ]exists/i.test(String(error))) throw error;
    return services.pipeline.get(id);
  });
  const deadline = Date.now() + services.config.pipeline.runWaitMs;
  let pause = 100;
  for (;;) {
    const { status, output } = await instance.status();
    if (status === "complete") return finishedRun(services, run, output as ItemRunOutput);
    if (status === "errored" || status === "terminated") return failedRun(services, run);
    if (Date.now() > deadline) {
      throw new AppError(
        "run_still_running",
        `Item ${run.itemId} is still being written after ${Math.round(services.config.pipeline.runWaitMs / 1000)} s; the run goes on, and the plan detail shows when it is published`,
      );
    }
    await services.sleep(pause);
    pause = Math.min(pause * 2, 2_000);
  }
}

async function finishedRun(
  services: Services,
  run: ItemRunParams,
  output: ItemRunOutput,
): Promise<{ articleId: number; url: string | null }> {
  if (output.outcome === "published") return { articleId: output.articleId, url: output.url };
  if (output.outcome === "improved")
    throw new AppError("item_not_run", `Item ${run.itemId} improved post ${output.postId}; it has no article`);
  // Skipped: the item left the queue (paused plan) or a newer run took it.
  const item = await getPlanItemRow(services.db, run.accountId, run.itemId);
  if ((item.status === "PUBLISHED" || item.status === "REVIEW") && item.articleId !== null) {
    const [article] = await services.db.select({ url: articles.publicationUrl }).from(articles).where(eq(articles.id, item.articleId));
    return { articleId: item.articleId, url: article?.url ?? null };
  }
  throw new AppError("item_not_run", `Item ${run.itemId} was not run: ${output.reason}`);
}

/** The run errored; but when its article was stored before (a later step such as settling failed) the item is done, and that is the answer. */
async function failedRun(services: Services, run: ItemRunParams): Promise<{ articleId: number; url: string | null }> {
  const item = await getPlanItemRow(services.db, run.accountId, run.itemId);
  if ((item.status === "PUBLISHED" || item.status === "REVIEW") && item.articleId !== null) {
    const [article] = await services.db.select({ url: articles.publicationUrl }).from(articles).where(eq(articles.id, item.articleId));
    return { articleId: item.articleId, url: article?.url ?? null };
  }
  throw new AppError(item.failureCode ?? "upstream_error", item.failureReason ?? `The run of item ${run.itemId} failed`);
}
