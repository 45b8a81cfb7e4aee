import { and, asc, eq, getTableColumns, gt, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { sha256Hex } from "../core/crypto";
import { AppError, notFound } from "../core/errors";
import { newId } from "../core/ids";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { accounts, apiTokens, memberInvitations, members, type Role, sessions, sites, users } from "../db/schema";
import type { Caller } from "../http/context";
import type { Services } from "../services/container";
import { auditStatement } from "../audit/audit";
import { sitesWithin } from "./roles";
import { errorFields, log } from "../core/logger";
import { sendInvitationEmail } from "../email/events";
import { rateLimitedError, rateLimitHeaders } from "../http/rate-limit";

export const MEMBER_INVITE_DAYS = 7;
/** Invitation e-mails one address may receive per rolling day from every account together; past it the link is only in the answer. */
export const INVITATION_MAILS_PER_ADDRESS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

export type MemberRow = typeof members.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type InvitationRow = typeof memberInvitations.$inferSelect;

export function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * The statements that make `email`'s person the owner of a new account: the user (made when
 * no one has the email yet, with no password) and the owner member. Run them in the account's batch.
 */
export async function ownerStatements(
  db: Database,
  input: { accountId: string; email: string; now: Date },
): Promise<{ userId: string; memberId: string; statements: BatchItem<"sqlite">[] }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  const userId = existing?.id ?? newId("usr");
  const memberId = newId("mem");
  const at = toIsoSeconds(input.now);
  const statements: BatchItem<"sqlite">[] = [];
  if (!existing) statements.push(db.insert(users).values({ id: userId, email: input.email, createdAt: at }));
  statements.push(db.insert(members).values({ id: memberId, accountId: input.accountId, userId, role: "owner", createdAt: at }));
  return { userId, memberId, statements };
}

/** The account's owner member that was made with it (the operator's invitation sets its password). */
export async function firstOwner(db: Database, accountId: string): Promise<{ memberId: string; userId: string } | null> {
  const [owner] = await db
    .select({ memberId: members.id, userId: members.userId })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.role, "owner")))
    .orderBy(asc(members.createdAt), asc(members.id))
    .limit(1);
  return owner ?? null;
}

/** The accounts a user belongs to, oldest membership first: the panel's account switcher. */
export async function membershipsOf(db: Database, userId: string) {
  return db
    .select({
      accountId: members.accountId,
      memberId: members.id,
      role: members.role,
      accountEmail: accounts.email,
      accountName: accounts.name,
    })
    .from(members)
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .where(eq(members.userId, userId))
    .orderBy(asc(members.createdAt), asc(members.id));
}

export interface MemberView {
  id: string;
  userId: string;
  email: string;
  role: Role;
  siteIds: string[] | null;
  joinedAt: string;
}

export async function listMembers(db: Database, accountId: string) {
  const [rows, invitations] = await Promise.all([
    db
      .select({
        id: members.id,
        userId: members.userId,
        email: users.email,
        role: members.role,
        siteIds: members.siteIds,
        joinedAt: members.createdAt,
      })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(eq(members.accountId, accountId))
      .orderBy(asc(members.createdAt), asc(members.id)),
    db
      .select({ ...getTableColumns(memberInvitations), invitedByEmail: users.email })
      .from(memberInvitations)
      .leftJoin(members, eq(members.id, memberInvitations.invitedBy))
      .leftJoin(users, eq(users.id, members.userId))
      .where(
        and(
          eq(memberInvitations.accountId, accountId),
          isNull(memberInvitations.usedAt),
          gt(memberInvitations.expiresAt, toIsoSeconds(new Date())),
        ),
      )
      .orderBy(asc(memberInvitations.createdAt)),
  ]);
  return { members: rows as MemberView[], invitations };
}

/** Only an owner hands out or takes away the owner role, or touches an owner. */
function assertMayGrant(caller: Caller, role: Role, what: string): void {
  if (role === "owner" && caller.role !== "owner")
    throw new AppError("insufficient_role", `Only an owner may ${what}; your role is '${caller.role}'`);
}

/**
 * A member limited to some sites manages only members (and invitations) whose sites lie within
 * its own, and grants only its own sites: it never lifts a limit, its own included.
 */
function assertWithinCallerSites(caller: Pick<Caller, "siteIds">, siteIds: string[] | null, what: string): void {
  if (sitesWithin(siteIds, caller.siteIds)) return;
  throw new AppError(
    "site_not_allowed",
    `You are limited to some sites of this account: you may ${what} only within them (siteIds ${JSON.stringify(caller.siteIds)})`,
  );
}

async function assertSitesOfAccount(db: Database, accountId: string, siteIds: string[] | null | undefined): Promise<void> {
  if (!siteIds || siteIds.length === 0) return;
  const found = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.accountId, accountId), sql`${sites.id} IN (SELECT value FROM json_each(${JSON.stringify(siteIds)}))`));
  const known = new Set(found.map((row) => row.id));
  const missing = siteIds.findIndex((id) => !known.has(id));
  if (missing >= 0)
    throw new AppError("invalid_request", `Body field 'siteIds': site ${siteIds[missing]} is not a site of this account`, [
      { path: `siteIds.${missing}`, code: "not_found", message: "is not a site of this account" },
    ]);
}

/**
 * An invitation: a one-time link, valid MEMBER_INVITE_DAYS days, with the role (and the sites)
 * the invitee will have. Its secret is in the URL's fragment; only its hash is stored.
 */
export async function inviteMember(
  services: Services,
  caller: Caller,
  input: { email: string; role: Role; siteIds?: string[] | null; origin: string; now: Date },
): Promise<{ invitation: InvitationRow; url: string; emailed: boolean }> {
  assertMayGrant(caller, input.role, "invite an owner");
  const db = services.db;
  const email = input.email.trim().toLowerCase();
  // A limited caller's invitation without sites is limited to the caller's own.
  const siteIds = input.siteIds && input.siteIds.length > 0 ? input.siteIds : caller.siteIds;
  assertWithinCallerSites(caller, siteIds, "invite members");
  await assertSitesOfAccount(db, caller.accountId, siteIds);
  const [already] = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.accountId, caller.accountId), eq(users.email, email)));
  if (already) throw new AppError("already_member", `${email} is already a member of this account`);
  const states = services.accountState;
  const window = await states
    .get(states.idFromName(caller.accountId))
    .loginAttempt("invitations", true, services.config.invitationsPerDay, DAY_MS);
  if (!window.allowed)
    throw rateLimitedError(
      window,
      rateLimitHeaders(window),
      `This account made ${window.limit} invitations in the last 24 hours (withdrawn ones count); try again later`,
    );
  const token = randomSecret();
  const invitation: InvitationRow = {
    id: newId("inv"),
    tokenHash: await sha256Hex(token),
    accountId: caller.accountId,
    email,
    role: input.role,
    siteIds: siteIds && siteIds.length > 0 ? siteIds : null,
    invitedBy: caller.memberId,
    expiresAt: toIsoSeconds(new Date(input.now.getTime() + MEMBER_INVITE_DAYS * 24 * 60 * 60_000)),
    usedAt: null,
    createdAt: toIsoSeconds(input.now),
  };
  await db.batch([
    db.insert(memberInvitations).values(invitation),
    auditStatement(db, caller.accountId, caller, {
      action: "member.invited",
      targetType: "invitation",
      targetId: invitation.id,
      detail: { email, role: input.role },
    }),
  ]);
  const url = `${services.config.publicBaseUrl ?? input.origin}/invite#${token}`;
  const emailed = await emailInvitation(services, caller, invitation, url, input.now);
  return { invitation, url, emailed };
}

/**
 * The invitation by e-mail, in the invitee's language when they sign in here already, else the
 * inviter's: at most one a day per recipient from this account (the outbox's key says so), and
 * at most INVITATION_MAILS_PER_ADDRESS_PER_DAY a day per recipient from every account. Whether
 * one was queued; the link is in the answer either way.
 */
async function emailInvitation(services: Services, caller: Caller, invitation: InvitationRow, url: string, now: Date): Promise<boolean> {
  const db = services.db;
  const [[invitee], [inviter]] = await Promise.all([
    db.select({ locale: users.locale }).from(users).where(eq(users.email, invitation.email)),
    caller.memberId
      ? db
          .select({ email: users.email, locale: users.locale })
          .from(members)
          .innerJoin(users, eq(users.id, members.userId))
          .where(eq(members.id, caller.memberId))
      : Promise.resolve([]),
  ]);
  try {
    const states = services.accountState;
    const recipient = await states
      .get(states.idFromName(`invitation-to:${await sha256Hex(invitation.email)}`))
      .loginWindow("invitation-mails", INVITATION_MAILS_PER_ADDRESS_PER_DAY, DAY_MS);
    if (!recipient.allowed) {
      log("warn", "invitation_email_recipient_limit", { accountId: invitation.accountId });
      return false;
    }
    const { emailId } = await sendInvitationEmail(services, {
      accountId: invitation.accountId,
      invitationId: invitation.id,
      email: invitation.email,
      role: invitation.role,
      url,
      locale: invitee?.locale ?? inviter?.locale ?? "en",
      inviterEmail: inviter?.email ?? null,
      day: toIsoSeconds(now).slice(0, 10),
    });
    if (!emailId) return false;
    await states
      .get(states.idFromName(`invitation-to:${await sha256Hex(invitation.email)}`))
      .loginAttempt("invitation-mails", true, INVITATION_MAILS_PER_ADDRESS_PER_DAY, DAY_MS);
    return true;
  } catch (error) {
    // The link is in the answer too: the inviter can send it themselves.
    log("warn", "invitation_email_not_queued", { accountId: invitation.accountId, ...errorFields(error) });
    return false;
  }
}

export async function cancelInvitation(db: Database, caller: Caller, invitationId: string): Promise<void> {
  const [open] = await db
    .select({ siteIds: memberInvitations.siteIds })
    .from(memberInvitations)
    .where(
      and(eq(memberInvitations.id, invitationId), eq(memberInvitations.accountId, caller.accountId), isNull(memberInvitations.usedAt)),
    );
  if (!open) throw notFound("Invitation");
  assertWithinCallerSites(caller, open.siteIds, "withdraw invitations");
  const [gone] = await db
    .delete(memberInvitations)
    .where(and(eq(memberInvitations.id, invitationId), eq(memberInvitations.accountId, caller.accountId), isNull(memberInvitations.usedAt)))
    .returning();
  if (!gone) throw notFound("Invitation");
  await auditStatement(db, caller.accountId, caller, {
    action: "member.invitation_cancelled",
    targetType: "invitation",
    targetId: invitationId,
    detail: { email: gone.email },
  });
}

/** Claims an open invitation (once: one conditional update), or null when the token names none. */
export async function claimInvitation(db: Database, token: string, now: Date): Promise<InvitationRow | null> {
  const at = toIsoSeconds(now);
  const [claimed] = await db
    .update(memberInvitations)
    .set({ usedAt: at })
    .where(
      and(eq(memberInvitations.tokenHash, await sha256Hex(token)), isNull(memberInvitations.usedAt), gt(memberInvitations.expiresAt, at)),
    )
    .returning();
  return claimed ?? null;
}

/** The open invitation a token names, without claiming it (the page says what it invites to). */
export async function peekInvitation(db: Database, token: string, now: Date): Promise<InvitationRow | null> {
  const [found] = await db
    .select()
    .from(memberInvitations)
    .where(
      and(
        eq(memberInvitations.tokenHash, await sha256Hex(token)),
        isNull(memberInvitations.usedAt),
        gt(memberInvitations.expiresAt, toIsoSeconds(now)),
      ),
    );
  return found ?? null;
}

/** The claimed invitation's member (a user who is a member already keeps the role they have). */
export async function joinFromInvitation(db: Database, invitation: InvitationRow, userId: string, now: Date): Promise<string> {
  const memberId = newId("mem");
  await db.batch([
    db
      .insert(members)
      .values({
        id: memberId,
        accountId: invitation.accountId,
        userId,
        role: invitation.role,
        siteIds: invitation.siteIds,
        createdAt: toIsoSeconds(now),
      })
      .onConflictDoNothing(),
    auditStatement(
      db,
      invitation.accountId,
      { memberId, via: "session" },
      { action: "member.joined", targetType: "member", targetId: memberId, detail: { role: invitation.role } },
    ),
  ]);
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, invitation.accountId), eq(members.userId, userId)));
  return member!.id;
}

async function memberOf(db: Database, accountId: string, memberId: string) {
  const [member] = await db
    .select({ id: members.id, userId: members.userId, role: members.role, email: users.email, siteIds: members.siteIds })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.id, memberId), eq(members.accountId, accountId)));
  if (!member) throw notFound("Member");
  return member;
}

/** One statement decides that another owner stays, so two demotions at once cannot leave none. */
const anotherOwner = (accountId: string, memberId: string) =>
  sql`EXISTS (SELECT 1 FROM ${members} AS other WHERE other.account_id = ${accountId} AND other.id <> ${memberId} AND other.role = 'owner')`;

export async function updateMember(
  services: Services,
  caller: Caller,
  memberId: string,
  change: { role?: Role; siteIds?: string[] | null },
): Promise<MemberView> {
  const db = services.db;
  const member = await memberOf(db, caller.accountId, memberId);
  if (member.role === "owner") assertMayGrant(caller, "owner", "change an owner");
  if (change.role) assertMayGrant(caller, change.role, "make someone an owner");
  assertWithinCallerSites(caller, member.siteIds, "change members");
  if (change.siteIds !== undefined) assertWithinCallerSites(caller, change.siteIds, "grant sites");
  await assertSitesOfAccount(db, caller.accountId, change.siteIds);
  const set: Partial<MemberRow> = {};
  if (change.role) set.role = change.role;
  if (change.siteIds !== undefined) set.siteIds = change.siteIds && change.siteIds.length > 0 ? change.siteIds : null;
  if (Object.keys(set).length === 0) return (await listMembers(db, caller.accountId)).members.find((m) => m.id === memberId)!;
  const demotesOwner = member.role === "owner" && change.role !== undefined && change.role !== "owner";
  const [updated] = await db
    .update(members)
    .set(set)
    .where(
      and(
        eq(members.id, memberId),
        eq(members.accountId, caller.accountId),
        demotesOwner ? anotherOwner(caller.accountId, memberId) : undefined,
      ),
    )
    .returning();
  if (!updated) throw new AppError("last_owner", "This is the account's last owner; make another member an owner first");
  await auditStatement(db, caller.accountId, caller, {
    action: "member.updated",
    targetType: "member",
    targetId: memberId,
    detail: { email: member.email, from: member.role, ...set },
  });
  return (await listMembers(db, caller.accountId)).members.find((m) => m.id === memberId)!;
}

/**
 * Removes a member: their sessions in this account, their tokens (revoked, and announced to the
 * public gate), their OAuth grants and the open invitations they sent (an admin who invited a
 * second address of their own is not an admin again through it) stop at once. Returns the revoked
 * tokens for the announcement and how many invitations were withdrawn.
 * A member who removes themselves is recorded as `member.left` (src/account-data/leave.ts).
 */
export async function removeMember(
  services: Services,
  caller: Caller,
  memberId: string,
  now: Date,
  action: "member.removed" | "member.left" = "member.removed",
) {
  const db = services.db;
  const member = await memberOf(db, caller.accountId, memberId);
  if (member.role === "owner") assertMayGrant(caller, "owner", "remove an owner");
  if (memberId !== caller.memberId) assertWithinCallerSites(caller, member.siteIds, "remove members");
  const at = toIsoSeconds(now);
  const memberGone = sql`NOT EXISTS (SELECT 1 FROM ${members} WHERE ${members.id} = ${memberId})`;
  const [gone, , revoked, withdrawn] = await db.batch([
    db
      .delete(members)
      .where(
        and(
          eq(members.id, memberId),
          eq(members.accountId, caller.accountId),
          member.role === "owner" ? anotherOwner(caller.accountId, memberId) : undefined,
        ),
      )
      .returning({ id: members.id }),
    db.delete(sessions).where(and(eq(sessions.accountId, caller.accountId), eq(sessions.userId, member.userId), memberGone)),
    db
      .update(apiTokens)
      .set({ revokedAt: at })
      .where(and(eq(apiTokens.memberId, memberId), isNull(apiTokens.revokedAt), memberGone))
      .returning({ id: apiTokens.id, accountId: apiTokens.accountId, expiresAt: apiTokens.expiresAt }),
    db
      .delete(memberInvitations)
      .where(
        and(
          eq(memberInvitations.accountId, caller.accountId),
          eq(memberInvitations.invitedBy, memberId),
          isNull(memberInvitations.usedAt),
          memberGone,
        ),
      )
      .returning({ id: memberInvitations.id, email: memberInvitations.email }),
  ]);
  if (gone.length === 0) throw new AppError("last_owner", "This is the account's last owner; make another member an owner first");
  await auditStatement(db, caller.accountId, caller, {
    action,
    targetType: "member",
    targetId: memberId,
    detail: {
      email: member.email,
      role: member.role,
      tokensRevoked: revoked.length,
      invitationsWithdrawn: withdrawn.length,
      ...(withdrawn.length > 0 ? { withdrawnInvitations: withdrawn.map((row) => row.id) } : {}),
    },
  });
  return { userId: member.userId, revokedTokens: revoked, invitationsWithdrawn: withdrawn.length };
}

/** The member's current role and sites (null when the member is gone): OAuth grants and sessions resolve it per request. */
export async function currentMember(db: Database, accountId: string, memberId: string) {
  const [member] = await db
    .select({ role: members.role, siteIds: members.siteIds })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.accountId, accountId)));
  return member ?? null;
}
