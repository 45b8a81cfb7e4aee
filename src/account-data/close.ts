import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { AppError } from "../core/errors";
import { errorFields, log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import {
  accountInvites,
  accounts,
  apiTokens,
  approvalLinks,
  byokKeys,
  googleConnections,
  memberInvitations,
  members,
  plans,
  sessions,
  sites,
} from "../db/schema";
import type { Env } from "../env";
import type { Caller } from "../http/context";
import { rateLimitedError, rateLimitHeaders } from "../http/rate-limit";
import { recordAudit } from "../audit/audit";
import { revokeGrants } from "../members/grants";
import { disconnectGoogle } from "../search-console/connection";
import type { Services } from "../services/container";
import { confirmPassword } from "../sessions/service";
import { announceRevocation } from "../tokens/service";

// Closing the account (docs/guides/privacy.md): an owner confirms with their password; every
// credential and secret goes at once; the rest is deleted by the cron after CLOSE_GRACE_DAYS
// (src/account-data/purge.ts) unless an owner cancels before. While it closes, the account
// only reads, exports and cancels (`assertAccountOpen`).

export const CLOSE_GRACE_DAYS = 14;

/** What a closing account may still do besides reading: export, cancel the closure, and a member leaving. */
const WHILE_CLOSING = new Set(["POST /api/account/export", "POST /api/account/close/cancel", "DELETE /api/members/me"]);

export interface Closure {
  closingAt: string;
  closesAt: string;
}

/**
 * Closes the caller's account, confirmed with the caller's own sign-in password (counted like a
 * sign-in). At once: site credentials and webhook secrets, the BYOK key and the Google grant
 * deleted; every API token revoked (and announced to the public gate), every session ended,
 * every OAuth grant revoked; open invitations and approval links voided; active plans paused.
 */
export async function closeAccount(
  services: Services,
  caller: Caller,
  input: { password: string; addressKey: string; oauth: Env["OAUTH_PROVIDER"]; now: Date },
): Promise<Closure> {
  if (!caller.memberId)
    throw new AppError("forbidden", "An operator's token cannot close an account: an owner signs in and confirms with their password");
  const db = services.db;
  const [member] = await db
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.id, caller.memberId), eq(members.accountId, caller.accountId)));
  if (!member) throw new AppError("unauthorized", "The member this request speaks for is gone");
  const check = await confirmPassword(services, { userId: member.userId, password: input.password, addressKey: input.addressKey });
  if (check)
    throw rateLimitedError(
      check.blocked,
      rateLimitHeaders(check.blocked),
      `Too many wrong passwords (${check.blocked.limit} per 15 minutes); try again later`,
    );

  const at = toIsoSeconds(input.now);
  const closesAt = toIsoSeconds(new Date(input.now.getTime() + CLOSE_GRACE_DAYS * 24 * 60 * 60_000));
  const [google] = await db
    .select({ id: googleConnections.accountId })
    .from(googleConnections)
    .where(eq(googleConnections.accountId, caller.accountId));
  if (google) {
    // Revoked at Google too when it answers; the local copy goes in the batch below either way.
    await disconnectGoogle(services, caller.accountId).catch((error) =>
      log("warn", "close_google_not_revoked", { accountId: caller.accountId, ...errorFields(error) }),
    );
  }
  const account = caller.accountId;
  const [closed, clearedSites, , , revoked, , , , voidedLinks, pausedPlans] = await db.batch([
    db
      .update(accounts)
      .set({ closingAt: at, closesAt, closeRequestedBy: caller.memberId })
      .where(and(eq(accounts.id, account), isNull(accounts.closingAt)))
      .returning({ closesAt: accounts.closesAt }),
    db
      .update(sites)
      .set({
        blogAppPasswordEncrypted: null,
        forumApiKeyEncrypted: null,
        webhookSecretEncrypted: null,
        previousWebhookSecretEncrypted: null,
        previousWebhookSecretUntil: null,
        updatedAt: at,
      })
      .where(eq(sites.accountId, account))
      .returning({ id: sites.id }),
    db.delete(byokKeys).where(eq(byokKeys.accountId, account)),
    db.delete(googleConnections).where(eq(googleConnections.accountId, account)),
    db
      .update(apiTokens)
      .set({ revokedAt: at })
      .where(and(eq(apiTokens.accountId, account), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, accountId: apiTokens.accountId, expiresAt: apiTokens.expiresAt }),
    db.delete(sessions).where(eq(sessions.accountId, account)),
    db.delete(memberInvitations).where(and(eq(memberInvitations.accountId, account), isNull(memberInvitations.usedAt))),
    db.delete(accountInvites).where(and(eq(accountInvites.accountId, account), isNull(accountInvites.usedAt))),
    db
      .update(approvalLinks)
      .set({ revokedAt: at })
      .where(and(eq(approvalLinks.accountId, account), isNull(approvalLinks.revokedAt), isNull(approvalLinks.decision)))
      .returning({ id: approvalLinks.id }),
    db
      .update(plans)
      .set({ status: "PAUSED" })
      .where(and(eq(plans.accountId, account), eq(plans.status, "ACTIVE")))
      .returning({ id: plans.id }),
  ]);
  for (const token of revoked) await announceRevocation(services.accountState, token);
  const grants = await revokeGrants(input.oauth, account);
  await recordAudit(db, account, caller, {
    action: "account.close_requested",
    targetType: "account",
    targetId: account,
    detail: {
      closesAt: closed[0]?.closesAt ?? closesAt,
      sitesCleared: clearedSites.length,
      tokensRevoked: revoked.length,
      grantsRevoked: grants,
      approvalLinksVoided: voidedLinks.length,
      plansPaused: pausedPlans.map((plan) => plan.id),
    },
  });
  log("info", "account_closing", { accountId: account, closesAt });
  const [state] = await db
    .select({ closingAt: accounts.closingAt, closesAt: accounts.closesAt })
    .from(accounts)
    .where(eq(accounts.id, account));
  return { closingAt: state?.closingAt ?? at, closesAt: state?.closesAt ?? closesAt };
}

/** Cancels the closure within the grace: the account is open again (what was deleted at once stays deleted). */
export async function cancelClose(services: Services, caller: Caller, now: Date): Promise<void> {
  const [reopened] = await services.db
    .update(accounts)
    .set({ closingAt: null, closesAt: null, closeRequestedBy: null })
    .where(and(eq(accounts.id, caller.accountId), gt(accounts.closesAt, toIsoSeconds(now))))
    .returning({ id: accounts.id });
  if (!reopened) throw new AppError("account_not_closing", "The account is not closing");
  await recordAudit(services.db, caller.accountId, caller, {
    action: "account.close_cancelled",
    targetType: "account",
    targetId: caller.accountId,
  });
  log("info", "account_close_cancelled", { accountId: caller.accountId });
}

/** Whether a management request may run while its account closes: reads, and what WHILE_CLOSING names ("METHOD path"). */
export function allowedWhileClosing(method: string, routeKey: string): boolean {
  return method === "GET" || method === "HEAD" || WHILE_CLOSING.has(routeKey);
}

/** Refuses a change to a closing account: 409 `account_closing`. */
export async function assertAccountOpen(db: Services["db"], accountId: string): Promise<void> {
  const [account] = await db
    .select({ closesAt: accounts.closesAt })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), sql`${accounts.closingAt} IS NOT NULL`));
  if (account)
    throw new AppError(
      "account_closing",
      `The account is closing and will be deleted at ${account.closesAt}: only reading, exporting and cancelling (POST /api/account/close/cancel) are possible`,
    );
}
