import { and, isNotNull, lt, or } from "drizzle-orm";
import { apiTokens } from "../db/schema";
import type { Services } from "../services/container";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import { enqueueDueItems, restartStuckRuns } from "../pipeline/start";

/** Revoked or expired tokens are listed for 90 days, then removed. */
const DEAD_TOKEN_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** Each cron tick: the autopilot clock (due items to the queue, stuck runs restarted) and housekeeping. */
export async function runCronTick(services: Services, now: Date): Promise<void> {
  const { db } = services;
  const started = Date.now();
  const queuedItems = await enqueueDueItems(services, now);
  const restartedRuns = await restartStuckRuns(services, now);
  const cutoff = toIsoSeconds(new Date(now.getTime() - DEAD_TOKEN_RETENTION_MS));
  const purged = await db
    .delete(apiTokens)
    .where(or(lt(apiTokens.expiresAt, cutoff), and(isNotNull(apiTokens.revokedAt), lt(apiTokens.revokedAt, cutoff))))
    .returning({ id: apiTokens.id });
  log("info", "cron_tick", { at: toIsoSeconds(now), queuedItems, restartedRuns, purgedTokens: purged.length, ms: Date.now() - started });
}
