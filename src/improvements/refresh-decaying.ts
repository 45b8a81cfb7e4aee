import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "../core/errors";
import { errorFields, log } from "../core/logger";
import type { SearchRefresh } from "../core/queue-messages";
import { toIsoSeconds } from "../core/time";
import { DEFAULT_SEARCH_SETTINGS, searchRefreshes, sites } from "../db/schema";
import type { Services } from "../services/container";
import { applyImprovement, improvePost } from "./improve";
import { notifyRefreshSuggested } from "../email/events";

/**
 * The automatic refresh of a decaying post (queued by the weekly check): the week's row is
 * claimed first, so a redelivered message finds it taken and does nothing (never a second
 * charge); then the post is improved like POST /improve (charged alike) and, when the site's
 * owner turned on auto-apply, applied. Otherwise the suggestion waits for the owner. What came of
 * it is recorded on the row; a failure is recorded too and never retried, so a post that cannot
 * be improved (no credit, changed on WordPress) is not charged again and again.
 */
export async function refreshDecayingPost(services: Services, message: SearchRefresh, now = new Date()): Promise<void> {
  const { db } = services;
  const row = and(
    eq(searchRefreshes.postId, message.postId),
    eq(searchRefreshes.week, message.week),
    eq(searchRefreshes.siteId, message.siteId),
  );
  const claimed = await db
    .update(searchRefreshes)
    .set({ startedAt: toIsoSeconds(now) })
    .where(and(row, isNull(searchRefreshes.startedAt)))
    .returning({ postId: searchRefreshes.postId });
  if (claimed.length === 0) {
    log("info", "search_refresh_already_claimed", { postId: message.postId, week: message.week });
    return;
  }

  const outcome = await refresh(services, message, now);
  if (outcome === "suggested") await notifyRefreshSuggested(services, message);
  await db
    .update(searchRefreshes)
    .set({ outcome, finishedAt: toIsoSeconds(new Date()) })
    .where(row);
  log(outcome === "suggested" || outcome === "applied" ? "info" : "warn", "search_refresh_finished", {
    postId: message.postId,
    siteId: message.siteId,
    week: message.week,
    outcome,
  });
}

/** suggested, applied, or the code of the error that stopped it. */
async function refresh(services: Services, message: SearchRefresh, now: Date): Promise<string> {
  const [site] = await services.db
    .select({ settings: sites.searchSettings })
    .from(sites)
    .where(and(eq(sites.id, message.siteId), eq(sites.accountId, message.accountId)));
  const settings = site?.settings ?? DEFAULT_SEARCH_SETTINGS;
  // The owner may have turned it off between the check and this message.
  if (!site || !settings.refreshDecaying) return "refresh_disabled";
  try {
    await improvePost(services, message.accountId, message.postId, now);
  } catch (error) {
    return failure(error, message);
  }
  if (!settings.autoApply) return "suggested";
  try {
    await applyImprovement(services, message.accountId, message.postId, now);
    return "applied";
  } catch (error) {
    return failure(error, message);
  }
}

function failure(error: unknown, message: SearchRefresh): string {
  log("warn", "search_refresh_failed", { postId: message.postId, siteId: message.siteId, ...errorFields(error) });
  return error instanceof AppError ? error.code : "internal_error";
}
