import { and, eq, sql } from "drizzle-orm";
import { AppError } from "../core/errors";
import { log } from "../core/logger";
import { runBatch } from "../db/batch";
import { auditEvents, emailOutbox, memberInvitations, members, users } from "../db/schema";
import type { Env } from "../env";
import type { Caller } from "../http/context";
import { rateLimitedError, rateLimitHeaders } from "../http/rate-limit";
import { revokeGrants } from "../members/grants";
import { removeMember } from "../members/service";
import type { Services } from "../services/container";
import { confirmPassword } from "../sessions/service";
import { announceRevocation } from "../tokens/service";

/** What the audit log shows for a member who left and took their personal data with them. */
export const FORMER_MEMBER = "former member";

/**
 * A member leaves the account and takes their personal data (DELETE /api/members/me), confirmed
 * with their password: removed as `removeMember` removes (the last owner cannot: 409
 * `last_owner`), their tokens announced and grants revoked; the account's audit log keeps what
 * they did with "former member" for their e-mail; their e-mails and invitations here go; and
 * when they belong to no other account, their sign-in (e-mail, password hash, language) goes too.
 */
export async function leaveAccount(
  services: Services,
  caller: Caller,
  input: { password: string; addressKey: string; oauth: Env["OAUTH_PROVIDER"]; now: Date },
): Promise<{ userDeleted: boolean }> {
  if (!caller.memberId) throw new AppError("forbidden", "An operator's token is no member: it cannot leave the account");
  const db = services.db;
  const memberId = caller.memberId;
  const [member] = await db
    .select({ userId: members.userId, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.id, memberId), eq(members.accountId, caller.accountId)));
  if (!member) throw new AppError("unauthorized", "The member this request speaks for is gone");
  const check = await confirmPassword(services, { userId: member.userId, password: input.password, addressKey: input.addressKey });
  if (check)
    throw rateLimitedError(
      check.blocked,
      rateLimitHeaders(check.blocked),
      `Too many wrong passwords (${check.blocked.limit} per 15 minutes); try again later`,
    );

  const { revokedTokens } = await removeMember(services, caller, memberId, input.now, "member.left");
  const account = caller.accountId;
  const results = await runBatch(db, [
    db
      .update(auditEvents)
      .set({ actor: FORMER_MEMBER })
      .where(and(eq(auditEvents.accountId, account), eq(auditEvents.memberId, memberId))),
    // Events about them (invited, changed, removed) name them in their detail.
    db
      .update(auditEvents)
      .set({ detail: sql`json_set(${auditEvents.detail}, '$.email', ${FORMER_MEMBER})` })
      .where(and(eq(auditEvents.accountId, account), sql`json_extract(${auditEvents.detail}, '$.email') = ${member.email}`)),
    db
      .update(auditEvents)
      .set({ targetLabel: FORMER_MEMBER })
      .where(and(eq(auditEvents.accountId, account), eq(auditEvents.targetLabel, member.email))),
    db
      .delete(emailOutbox)
      .where(
        and(eq(emailOutbox.accountId, account), sql`(${emailOutbox.memberId} = ${memberId} OR ${emailOutbox.toEmail} = ${member.email})`),
      ),
    db.delete(memberInvitations).where(and(eq(memberInvitations.accountId, account), eq(memberInvitations.email, member.email))),
    // The account is known by its first owner's e-mail: when that was theirs, the oldest owner's
    // becomes it (unless that address names another account already; then it stays).
    sql`
      UPDATE accounts SET email = (
        SELECT u.email FROM members m JOIN users u ON u.id = m.user_id
        WHERE m.account_id = ${account} AND m.role = 'owner' ORDER BY m.created_at, m.id LIMIT 1)
      WHERE id = ${account} AND email = ${member.email}
        AND NOT EXISTS (SELECT 1 FROM accounts other WHERE other.email = (
          SELECT u.email FROM members m JOIN users u ON u.id = m.user_id
          WHERE m.account_id = ${account} AND m.role = 'owner' ORDER BY m.created_at, m.id LIMIT 1))`,
    db
      .delete(users)
      .where(and(eq(users.id, member.userId), sql`NOT EXISTS (SELECT 1 FROM ${members} WHERE ${members.userId} = ${member.userId})`)),
  ]);
  const userDeleted = results[results.length - 1]!.meta.changes > 0;
  for (const token of revokedTokens) await announceRevocation(services.accountState, token);
  await revokeGrants(input.oauth, account, memberId);
  log("info", "member_left", { accountId: account, memberId, userDeleted });
  return { userDeleted };
}
