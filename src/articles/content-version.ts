import { log } from "../core/logger";
import { publicLeases } from "../http/rate-lease";
import type { Services } from "../services/container";

/**
 * The one place that says "the public API of this account shows something new": every write to
 * articles or their images calls it after it committed. It bumps the content version kept by the
 * account's AccountState object, which the public gate reads on every request anyway; ETags and
 * cached answers carry the version, so after the bump no reader gets the old body or a 304 for
 * it. A bump that fails is logged: the answers' 5-minute lifetime bounds the staleness then.
 *
 * The version carries a D1 bookmark taken after the write: public reads that miss the cache run
 * in a D1 session started from it (src/public/cache.ts), so with read replication on they are
 * answered by a near replica that has the write, never by one behind it.
 */
export async function articlesChanged(services: Pick<Services, "accountState" | "d1">, accountId: string): Promise<void> {
  try {
    const bookmark = await primaryBookmark(services.d1);
    const version = await services.accountState.get(services.accountState.idFromName(accountId)).bumpContentVersion(bookmark);
    // This isolate's slices of the public window carry the version: they show the new one at once.
    publicLeases.noteContentVersion(accountId, version, bookmark);
  } catch (error) {
    log("error", "content_version_bump_failed", { accountId, error: String(error) });
  }
}

/** A bookmark of the primary as it is now: at least as new as every write committed before the call. */
async function primaryBookmark(d1: D1Database): Promise<string | null> {
  const session = d1.withSession("first-primary");
  await session.prepare("SELECT 1").first();
  return session.getBookmark();
}
