import { and, eq, gt, sql } from "drizzle-orm";
import { refundCharge, settleCharge, type Charge } from "../billing/charges";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import { articles, charges, chatMessages, planItems, postImprovements } from "../db/schema";
import type { Services } from "../services/container";

/** A reservation this old whose work is not running is settled or refunded: nothing stays `reserved` for a day. */
export const STALE_RESERVATION_MS = 60 * 60_000;
const SWEEP_BATCH = 100;

type Outcome = "running" | "earned" | "failed";

/**
 * The reservation sweep (each cron tick): a reservation older than an hour whose work ended
 * without settling it (a client that disconnected from improve or chat, a run whose settle
 * step gave up, a run that never started) is settled when the work's result was stored, and
 * refunded otherwise. A run still in progress is left to the stuck-run restart, which refunds
 * its charge when it replaces it. Returns how many reservations it ended.
 */
export async function endStaleReservations(services: Services, now: Date): Promise<number> {
  const cutoff = toIsoSeconds(new Date(now.getTime() - STALE_RESERVATION_MS));
  // The literal status keeps the partial index usable (see findStuckRuns).
  const stale = await services.db
    .select()
    .from(charges)
    .where(sql`${charges.status} = 'reserved' AND ${charges.createdAt} < ${cutoff}`)
    .limit(SWEEP_BATCH);
  let ended = 0;
  for (const charge of stale) {
    const outcome = await outcomeOf(services, charge);
    if (outcome === "running") continue;
    const input = { accountId: charge.accountId, reference: charge.reference, now };
    await (outcome === "earned" ? settleCharge(services.db, input) : refundCharge(services.db, input));
    log("warn", "stale_reservation_ended", { accountId: charge.accountId, reference: charge.reference, kind: charge.kind, outcome });
    ended += 1;
  }
  return ended;
}

/** Whether the charged work is still going, stored its result, or ended without one. */
async function outcomeOf(services: Services, charge: Charge): Promise<Outcome> {
  const { db } = services;
  // A plan item's run: a generation, or an improvement of the post the item overlaps (src/pipeline/steps/improve-item.ts).
  const itemRun = /^(item_[^:]+):a(\d+)$/.exec(charge.reference);
  if (charge.kind === "improvement" && itemRun) {
    const [item] = await db
      .select()
      .from(planItems)
      .where(and(eq(planItems.id, itemRun[1]!), eq(planItems.accountId, charge.accountId)));
    if (!item || item.attempts !== Number(itemRun[2])) return "failed";
    if (item.status === "QUEUED" || item.status === "GENERATING") return "running";
    return item.status === "PUBLISHED" || item.status === "REVIEW" ? "earned" : "failed";
  }
  if (charge.kind === "generation") {
    const match = /^(.+):a(\d+)$/.exec(charge.reference);
    if (!match) return "failed";
    const [itemId, attempt] = [match[1]!, Number(match[2])];
    const [item] = await db
      .select()
      .from(planItems)
      .where(and(eq(planItems.id, itemId), eq(planItems.accountId, charge.accountId)));
    if (!item || item.attempts !== attempt) return "failed";
    if (item.status === "QUEUED" || item.status === "GENERATING") return "running";
    const [article] = await db.select({ id: articles.id }).from(articles).where(eq(articles.planItemId, itemId));
    return article ? "earned" : "failed";
  }
  if (charge.kind === "improvement") {
    const match = /^improve:(.+):(\d+)$/.exec(charge.reference);
    if (!match) return "failed";
    const [improvement] = await db
      .select()
      .from(postImprovements)
      .where(and(eq(postImprovements.postId, match[1]!), eq(postImprovements.accountId, charge.accountId)));
    const stored = improvement?.run === Number(match[2]) && improvement.suggestedAt !== null && improvement.suggestedAt >= charge.createdAt;
    return stored ? "earned" : "failed";
  }
  const match = /^chat:(.+):(\d+)$/.exec(charge.reference);
  if (!match) return "failed";
  const [siteId, messageId] = [match[1]!, Number(match[2])];
  const [asked] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.accountId, charge.accountId)));
  const [replied] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.siteId, siteId), eq(chatMessages.role, "assistant"), gt(chatMessages.id, messageId)))
    .limit(1);
  return asked && replied ? "earned" : "failed";
}
