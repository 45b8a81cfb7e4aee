import { eq } from "drizzle-orm";
import { randomBase62 } from "../core/crypto";
import { SEARCH_SYNC_MESSAGE, type SearchSyncStep } from "../core/queue-messages";
import { sites } from "../db/schema";
import type { Services } from "../services/container";
import type { SiteRow } from "../sites/service";

// A site's sync is a run of queue messages that share a run id. The site keeps the run it is on
// in `searchSyncQueuedOn` as "YYYY-MM-DD:<runId>" (the UTC day it was queued, for the cron's
// once a day, then the run): a message of any other run is dropped, so a newer run supersedes.

/** The UTC day (YYYY-MM-DD) the cron counts its once-a-day by. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** What `searchSyncQueuedOn` holds for a run queued at `now`. */
export function runMark(now: Date, runId: string): string {
  return `${utcDay(now)}:${runId}`;
}

export function newRunId(): string {
  return randomBase62(16);
}

/** Whether `runId` is still the site's current run. */
export function isCurrentRun(site: Pick<SiteRow, "searchSyncQueuedOn">, runId: string): boolean {
  return site.searchSyncQueuedOn?.split(":")[1] === runId;
}

/** Sends one step of a run to the search queue. */
export async function sendSyncStep(services: Services, step: SearchSyncStep): Promise<void> {
  await services.queues.search.send({ type: SEARCH_SYNC_MESSAGE, ...step });
}

/** Starts a new run for the site now (after a connect or a new property), superseding any run in flight. */
export async function queueSiteSync(services: Services, site: Pick<SiteRow, "id" | "accountId">, now: Date): Promise<SiteRow | undefined> {
  const runId = newRunId();
  const [row] = await services.db
    .update(sites)
    .set({ searchSyncQueuedOn: runMark(now, runId) })
    .where(eq(sites.id, site.id))
    .returning();
  await sendSyncStep(services, { accountId: site.accountId, siteId: site.id, runId, phase: "start", startRow: 0 });
  return row;
}
