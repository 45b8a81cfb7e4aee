import { log } from "../core/logger";
import { publicLeases } from "../http/rate-lease";
import type { Services } from "../services/container";

/**
 * The one place that says "the public API of this account shows something new": every write to
 * articles or their images calls it after it committed. It bumps the content version kept by the
 * account's AccountState object, which the public gate reads on every request anyway; ETags and
 * cached answers carry the version, so after the bump no reader gets the old body or a 304 for
 * it. A bump that fails is logged: the answers' 5-minute lifetime bounds the staleness then.
 */
export async function articlesChanged(services: Pick<Services, "accountState">, accountId: string): Promise<void> {
  try {
    const version = await services.accountState.get(services.accountState.idFromName(accountId)).bumpContentVersion();
    // This isolate's slices of the public window carry the version: they show the new one at once.
    publicLeases.noteContentVersion(accountId, version);
  } catch (error) {
    log("error", "content_version_bump_failed", { accountId, error: String(error) });
  }
}
