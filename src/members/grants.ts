import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { log } from "../core/logger";

/**
 * Revokes the account's OAuth grants in the provider's store: every grant, or those `memberId`
 * allowed. Their use is refused already when the member is gone; this removes them from the
 * store. A failure is logged, never thrown: the change that asked for it has happened.
 */
export async function revokeGrants(oauth: OAuthHelpers | undefined, accountId: string, memberId?: string): Promise<number> {
  if (!oauth) return 0;
  let revoked = 0;
  try {
    let cursor: string | undefined;
    do {
      const page = await oauth.listUserGrants(accountId, { cursor });
      for (const grant of page.items) {
        if (memberId !== undefined && grant.metadata?.memberId !== memberId) continue;
        await oauth.revokeGrant(grant.id, accountId);
        revoked += 1;
      }
      cursor = page.cursor;
    } while (cursor);
  } catch (error) {
    log("warn", "member_grants_not_revoked", { accountId, memberId, message: error instanceof Error ? error.message : String(error) });
  }
  return revoked;
}
