import { and, isNotNull, lt, or } from "drizzle-orm";
import { apiTokens } from "../db/schema";
import type { Services } from "../services/container";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import { enqueueDueItems, restartStuckRuns } from "../pipeline/start";
import { wakeOverdueDeliveries } from "../webhooks/deliver";
import { purgeExpiredSessions } from "../sessions/service";
import { queueDailySyncs } from "../search-console/sync";
import { endStaleReservations } from "./stale-reservations";
import { runEmailTick } from "../email/cron";
import { noTractionDigest } from "../site-health/digest";
import { runAccountDataTick } from "../account-data/cron";

/** Revoked or expired tokens are listed for 90 days, then removed. */
const DEAD_TOKEN_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Each cron tick: the autopilot clock (due items to the queue, stuck runs restarted), overdue
 * webhook deliveries woken, reservations whose work ended settled or refunded, each site's daily Search Console
 * sync queued, and housekeeping (dead tokens, expired
 * sessions and invitations), the day's review digests and any e-mail whose queue message was lost
 * (src/email/cron.ts), expired exports and closed accounts past their grace (src/account-data/cron.ts). Each job runs even when one before it failed
 * (the failure is logged; the next tick tries it again).
 */
export async function runCronTick(services: Services, now: Date): Promise<void> {
  const started = Date.now();
  const failed: string[] = [];
  const job = async (name: string, work: () => Promise<number>): Promise<number | null> => {
    try {
      return await work();
    } catch (error) {
      failed.push(name);
      log("error", "cron_job_failed", { job: name, error: String(error) });
      return null;
    }
  };
  const queuedItems = await job("queue due items", () => enqueueDueItems(services, now));
  const restartedRuns = await job("restart stuck runs", () => restartStuckRuns(services, now));
  const overdueDeliveries = await job("wake overdue deliveries", () => wakeOverdueDeliveries(services, now));
  const endedReservations = await job("end stale reservations", () => endStaleReservations(services, now));
  const queuedSearchSyncs = await job("queue search console syncs", () => queueDailySyncs(services, now));
  const purgedTokens = await job("purge dead tokens", () => purgeDeadTokens(services, now));
  const purgedSessions = await job("purge expired sessions", () => purgeExpiredSessions(services, now));
  const queuedEmails = await job("queue e-mails", () => runEmailTick(services, now, noTractionDigest));
  const accountData = await job("exports and closed accounts", () => runAccountDataTick(services, now));
  log(failed.length ? "warn" : "info", "cron_tick", {
    at: toIsoSeconds(now),
    queuedItems,
    restartedRuns,
    overdueDeliveries,
    endedReservations,
    queuedSearchSyncs,
    purgedTokens,
    purgedSessions,
    queuedEmails,
    accountData,
    failed,
    ms: Date.now() - started,
  });
}

async function purgeDeadTokens(services: Services, now: Date): Promise<number> {
  const cutoff = toIsoSeconds(new Date(now.getTime() - DEAD_TOKEN_RETENTION_MS));
  const purged = await services.db
    .delete(apiTokens)
    .where(or(lt(apiTokens.expiresAt, cutoff), and(isNotNull(apiTokens.revokedAt), lt(apiTokens.revokedAt, cutoff))))
    .returning({ id: apiTokens.id });
  return purged.length;
}
