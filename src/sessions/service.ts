import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { accountDisplayNameOf } from "../accounts/display-name";
import { createAccount } from "../accounts/service";
import { sha256Hex } from "../core/crypto";
import { AppError } from "../core/errors";
import { log } from "../core/logger";
import { newId } from "../core/ids";
import { toIsoSeconds } from "../core/time";
import { accountInvites, accounts, memberInvitations, members, pendingSignUps, sessions, signInLinks, users } from "../db/schema";
import type { Caller } from "../http/context";
import {
  claimInvitation,
  firstOwner,
  type InvitationRow,
  joinFromInvitation,
  membershipsOf,
  peekInvitation,
  randomSecret,
} from "../members/service";
import { recordAudit } from "../audit/audit";
import { rateLimitedError, rateLimitHeaders } from "../http/rate-limit";
import type { RateLimitDecision } from "../durable-objects/account-state";
import type { Services } from "../services/container";
import { hashPassword, verifyNothing, verifyPassword } from "./passwords";
import { isKnownDevice, knownDeviceMark } from "./known-device";
import { sendSignInLinkEmail, sendSignUpConfirmEmail, sendSignUpExistingEmail } from "../email/events";

/** A session lasts this long after its last use (sliding). */
export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60_000;
/** A session's expiry moves on at most this often, so reads do not each become a write. */
const SLIDE_EVERY_MS = 60 * 60_000;
export const INVITE_DAYS = 7;
/** Failed sign-ins one address, or one email, may make per window before every attempt is 429. */
export const SIGN_IN_FAILURE_LIMIT = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;

const WRONG = "Wrong email or password";

/** A new session of the user, working in the account; returns the cookie's value (only its hash is stored). */
export async function startSession(services: Pick<Services, "db">, who: { accountId: string; userId: string }, now: Date): Promise<string> {
  const id = randomSecret();
  const at = toIsoSeconds(now);
  await services.db.insert(sessions).values({
    idHash: await sha256Hex(id),
    accountId: who.accountId,
    userId: who.userId,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: toIsoSeconds(new Date(now.getTime() + SESSION_MS)),
  });
  return id;
}

export interface SessionCaller extends Caller {
  userId: string;
  sessionId: string;
}

/**
 * Who a session cookie speaks for: the user, the account it works in and their member there, or
 * null (unknown, expired, signed out, or no longer a member); its expiry slides at most hourly.
 */
export async function sessionAccount(services: Pick<Services, "db">, id: string, now: Date): Promise<SessionCaller | null> {
  const idHash = await sha256Hex(id);
  const [session] = await services.db
    .select({
      accountId: sessions.accountId,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      memberId: members.id,
      role: members.role,
      siteIds: members.siteIds,
    })
    .from(sessions)
    .innerJoin(members, and(eq(members.accountId, sessions.accountId), eq(members.userId, sessions.userId)))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, toIsoSeconds(now))));
  if (!session) return null;
  if (now.getTime() - Date.parse(session.lastSeenAt) > SLIDE_EVERY_MS) {
    await services.db
      .update(sessions)
      .set({ lastSeenAt: toIsoSeconds(now), expiresAt: toIsoSeconds(new Date(now.getTime() + SESSION_MS)) })
      .where(eq(sessions.idHash, idHash));
  }
  const sessionId = `ses_${idHash.slice(0, 16)}`;
  return {
    accountId: session.accountId,
    userId: session.userId,
    sessionId,
    tokenId: sessionId,
    scope: "manage",
    memberId: session.memberId,
    role: session.role,
    siteIds: session.siteIds ?? null,
    via: "session",
  };
}

/** The session works in another of the user's accounts from now on (404 when the user is no member of it). */
export async function switchAccount(services: Pick<Services, "db">, id: string, userId: string, accountId: string): Promise<void> {
  const [switched] = await services.db
    .update(sessions)
    .set({ accountId })
    .where(
      and(
        eq(sessions.idHash, await sha256Hex(id)),
        sql`EXISTS (SELECT 1 FROM ${members} WHERE ${members.accountId} = ${accountId} AND ${members.userId} = ${userId})`,
      ),
    )
    .returning({ accountId: sessions.accountId });
  if (!switched) throw new AppError("not_found", "Account not found among your memberships");
}

export async function endSession(services: Pick<Services, "db">, id: string): Promise<void> {
  await services.db.delete(sessions).where(eq(sessions.idHash, await sha256Hex(id)));
}

/** Sign-ups one address may make per hour (each with the sign-up credit). */
export const SIGN_UP_LIMIT = 5;
export const SIGN_UP_WINDOW_MS = 60 * 60_000;

/** The windows a password guess is counted in: the client's address and the account's email. */
async function passwordWindows(addressKey: string, email: string): Promise<string[]> {
  return [`signin-ip:${addressKey}`, `signin-email:${await sha256Hex(email)}`];
}

/** The first of the windows that is full, checked before any password is hashed; null when all have room. */
async function fullWindow(services: Services, windows: string[]): Promise<RateLimitDecision | null> {
  const states = services.accountState;
  for (const name of windows) {
    const decision = await states
      .get(states.idFromName(name))
      .loginWindow("signin-failures", SIGN_IN_FAILURE_LIMIT, SIGN_IN_FAILURE_WINDOW_MS);
    if (!decision.allowed) {
      log("warn", "sign_in_blocked", { window: name.split(":")[0] });
      return decision;
    }
  }
  return null;
}

async function countWrongPassword(services: Services, windows: string[]): Promise<void> {
  const states = services.accountState;
  for (const name of windows)
    await states.get(states.idFromName(name)).loginAttempt("signin-failures", true, SIGN_IN_FAILURE_LIMIT, SIGN_IN_FAILURE_WINDOW_MS);
}

/**
 * Email and password: the same 401 for an unknown email and a wrong password (and the same
 * time spent). Failures are counted per client address and per email in stored windows; past
 * SIGN_IN_FAILURE_LIMIT in 15 minutes every attempt is 429, the right password included, and
 * answered before any hashing. A browser that signed in as this person before (its known-device
 * mark, src/sessions/known-device.ts) is held only to its address's window: guesses at the e-mail
 * from elsewhere do not lock its owner out. A success gives the browser a fresh mark.
 */
export async function signIn(
  services: Services,
  input: { email: string; password: string; addressKey: string; deviceMark?: string; now: Date },
): Promise<{ accountId: string; userId: string; sessionId: string; deviceMark: string | null } | { blocked: RateLimitDecision }> {
  const email = input.email.trim().toLowerCase();
  const windows = await passwordWindows(input.addressKey, email);
  const [found] = await services.db
    .select({ id: users.id, hash: users.passwordHash, passwordUpdatedAt: users.passwordUpdatedAt })
    .from(users)
    .where(eq(users.email, email));
  const known = found ? await isKnownDevice(services.encryptionKey, input.deviceMark, found, input.now) : false;
  const blocked = await fullWindow(services, known ? windows.slice(0, 1) : windows);
  if (blocked) return { blocked };
  const ok = found?.hash ? await verifyPassword(input.password, found.hash) : await verifyNothing(input.password);
  if (!ok || !found) {
    await countWrongPassword(services, windows);
    throw new AppError("unauthorized", WRONG);
  }
  return {
    ...(await startHomeSession(services, { id: found.id, email }, input.now)),
    deviceMark: await markOf(services, found, input.now),
  };
}

/** A session in the person's own account (the one whose email is theirs), else their oldest membership. */
async function startHomeSession(services: Services, person: { id: string; email: string }, now: Date) {
  const memberships = await membershipsOf(services.db, person.id);
  const home = memberships.find((m) => m.accountEmail === person.email) ?? memberships[0];
  if (!home) throw new AppError("forbidden", "This sign-in is no longer a member of any account; ask for a new invitation");
  const who = { accountId: home.accountId, userId: person.id };
  return { ...who, sessionId: await startSession(services, who, now) };
}

/** The known-device mark for a browser that just signed in; null without ENCRYPTION_KEY (then there are no marks). */
async function markOf(services: Services, user: { id: string; passwordUpdatedAt: string | null }, now: Date): Promise<string | null> {
  return services.encryptionKey ? knownDeviceMark(services.encryptionKey, user, now) : null;
}

/** A one-time sign-in link lives this long. */
export const SIGN_IN_LINK_MINUTES = 15;
/** Sign-in links one address may ask for per hour (then 429), and one e-mail may receive per hour (then none is sent, silently). */
export const SIGN_IN_LINKS_PER_ADDRESS_PER_HOUR = 5;
export const SIGN_IN_LINKS_PER_EMAIL_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

/**
 * A one-time sign-in link by e-mail, for a person locked out by guesses at their e-mail: the same
 * answer whether or not anyone signs in with the address (nothing is sent then). The link works
 * once, for SIGN_IN_LINK_MINUTES, and signs in without the password and past the e-mail's window
 * (holding the mailbox is the proof).
 */
export async function requestSignInLink(
  services: Services,
  input: { email: string; addressKey: string; origin: string; now: Date },
): Promise<{ blocked: RateLimitDecision } | { queued: boolean }> {
  const states = services.accountState;
  const byAddress = await states
    .get(states.idFromName(`signin-link-ip:${input.addressKey}`))
    .loginAttempt("signin-links", true, SIGN_IN_LINKS_PER_ADDRESS_PER_HOUR, HOUR_MS);
  if (!byAddress.allowed) return { blocked: byAddress };
  const email = input.email.trim().toLowerCase();
  const [person] = await services.db.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.email, email));
  if (!person) return { queued: false };
  const memberships = await membershipsOf(services.db, person.id);
  const home = memberships.find((m) => m.accountEmail === email) ?? memberships[0];
  if (!home) return { queued: false };
  const byEmail = await states
    .get(states.idFromName(`signin-link-email:${await sha256Hex(email)}`))
    .loginAttempt("signin-links", true, SIGN_IN_LINKS_PER_EMAIL_PER_HOUR, HOUR_MS);
  if (!byEmail.allowed) {
    log("warn", "sign_in_link_email_limit", {});
    return { queued: false };
  }
  const token = randomSecret();
  const expiresAt = toIsoSeconds(new Date(input.now.getTime() + SIGN_IN_LINK_MINUTES * 60_000));
  const linkId = newId("sil");
  await services.db.insert(signInLinks).values({
    id: linkId,
    tokenHash: await sha256Hex(token),
    userId: person.id,
    expiresAt,
    createdAt: toIsoSeconds(input.now),
  });
  const { emailId } = await sendSignInLinkEmail(services, {
    accountId: home.accountId,
    linkId,
    email,
    locale: person.locale,
    url: `${services.config.publicBaseUrl ?? input.origin}/sign-in-link#${token}`,
    expiresAt,
  });
  return { queued: emailId !== null };
}

/** Signs in with a one-time link (once: one conditional update); unknown links count like unknown invitations. */
export async function useSignInLink(
  services: Services,
  input: { token: string; addressKey: string; now: Date },
): Promise<{ accountId: string; userId: string; sessionId: string; deviceMark: string | null }> {
  await assertInvitationLookupsLeft(services, input.addressKey);
  const at = toIsoSeconds(input.now);
  const [used] = await services.db
    .update(signInLinks)
    .set({ usedAt: at })
    .where(and(eq(signInLinks.tokenHash, await sha256Hex(input.token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, at)))
    .returning({ userId: signInLinks.userId });
  const [person] = used
    ? await services.db
        .select({ id: users.id, email: users.email, passwordUpdatedAt: users.passwordUpdatedAt })
        .from(users)
        .where(eq(users.id, used.userId))
    : [];
  if (!person) {
    await countUnknownInvitation(services, input.addressKey);
    throw new AppError("sign_in_link_invalid", "This sign-in link is unknown, used or expired; ask for a new one on the sign-in page");
  }
  return { ...(await startHomeSession(services, person, input.now)), deviceMark: await markOf(services, person, input.now) };
}

/** A sign-up's confirmation link lives this long; the owner of a taken address is told at most SIGN_UP_NOTES_PER_HOUR times an hour. */
export const SIGN_UP_CONFIRM_HOURS = 24;
const SIGN_UP_NOTES_PER_HOUR = 3;

/**
 * SIGNUP_OPEN: a sign-up answers the same for a new address and a taken one (the same work is
 * done: the password is hashed either way), so it tells no one which addresses have accounts.
 * A new address is sent a link that makes the account (with the signup credit) and signs in
 * (confirmSignUp); the owner of a taken address is told someone tried. SIGN_UP_LIMIT sign-ups
 * per client address per hour, each attempt counted.
 */
export async function signUp(
  services: Services,
  input: { email: string; password: string; addressKey: string; origin: string; locale?: "en" | "tr"; now: Date },
): Promise<{ accepted: true } | { blocked: RateLimitDecision }> {
  if (!services.config.signupOpen)
    throw new AppError("signup_closed", "Sign-up is closed on this service; ask the operator for an invitation");
  const states = services.accountState;
  const decision = await states
    .get(states.idFromName(`signup-ip:${input.addressKey}`))
    .loginAttempt("signups", true, SIGN_UP_LIMIT, SIGN_UP_WINDOW_MS);
  if (!decision.allowed) {
    log("warn", "sign_up_blocked", {});
    return { blocked: decision };
  }
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const base = services.config.publicBaseUrl ?? input.origin;
  const [[person], [account]] = await Promise.all([
    services.db.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.email, email)),
    services.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)),
  ]);
  if (person || account) {
    await noteTakenSignUp(services, {
      email,
      person: person ?? null,
      accountId: account?.id ?? null,
      signInUrl: `${base}/sign-in`,
      now: input.now,
    });
    return { accepted: true };
  }
  const token = randomSecret();
  const id = newId("sup");
  const expiresAt = toIsoSeconds(new Date(input.now.getTime() + SIGN_UP_CONFIRM_HOURS * HOUR_MS));
  const locale = input.locale ?? "en";
  await services.db.insert(pendingSignUps).values({
    id,
    tokenHash: await sha256Hex(token),
    email,
    passwordHash,
    locale,
    expiresAt,
    createdAt: toIsoSeconds(input.now),
  });
  await sendSignUpConfirmEmail(services, { signUpId: id, email, locale, url: `${base}/sign-up/confirm#${token}`, expiresAt });
  return { accepted: true };
}

/** The owner of an address someone tried to sign up with is told, at most SIGN_UP_NOTES_PER_HOUR times an hour. */
async function noteTakenSignUp(
  services: Services,
  input: { email: string; person: { id: string; locale: "en" | "tr" } | null; accountId: string | null; signInUrl: string; now: Date },
): Promise<void> {
  const states = services.accountState;
  const window = await states
    .get(states.idFromName(`signup-note:${await sha256Hex(input.email)}`))
    .loginAttempt("signups", true, SIGN_UP_NOTES_PER_HOUR, HOUR_MS);
  if (!window.allowed) return;
  const memberships = input.person ? await membershipsOf(services.db, input.person.id) : [];
  const home = memberships.find((m) => m.accountEmail === input.email) ?? memberships[0];
  await sendSignUpExistingEmail(services, {
    accountId: home?.accountId ?? input.accountId,
    eventKey: `${await sha256Hex(input.email)}:${input.now.getTime()}`,
    email: input.email,
    locale: input.person?.locale ?? "en",
    signInUrl: input.signInUrl,
  });
}

/**
 * The sign-up's link: the account is made (with the signup credit and the password given at
 * sign-up) and the person signed in. Once (one conditional update); 400 `sign_up_link_invalid`
 * for a link unknown, used or expired, 409 `email_taken` when the address got an account since.
 */
export async function confirmSignUp(
  services: Services,
  input: { token: string; addressKey: string; now: Date },
): Promise<{ accountId: string; userId: string; sessionId: string; deviceMark: string | null }> {
  await assertInvitationLookupsLeft(services, input.addressKey);
  const at = toIsoSeconds(input.now);
  const [claimed] = await services.db
    .update(pendingSignUps)
    .set({ usedAt: at })
    .where(and(eq(pendingSignUps.tokenHash, await sha256Hex(input.token)), isNull(pendingSignUps.usedAt), gt(pendingSignUps.expiresAt, at)))
    .returning();
  if (!claimed) {
    await countUnknownInvitation(services, input.addressKey);
    throw new AppError("sign_up_link_invalid", "This sign-up link is unknown, used or expired; sign up again");
  }
  const [taken] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, claimed.email));
  if (taken) throw new AppError("email_taken", `${claimed.email} has an account already: sign in with it`);
  const { account, userId } = await createAccount(services.db, {
    email: claimed.email,
    signupCreditKurus: services.config.signupCreditKurus,
    now: input.now,
  });
  await services.db
    .update(users)
    .set({ passwordHash: claimed.passwordHash, passwordUpdatedAt: at, locale: claimed.locale })
    .where(eq(users.id, userId));
  log("info", "account_signed_up", { accountId: account.id });
  const person = { id: userId, passwordUpdatedAt: at };
  return {
    accountId: account.id,
    userId,
    sessionId: await startSession(services, { accountId: account.id, userId }, input.now),
    deviceMark: await markOf(services, person, input.now),
  };
}

/**
 * A new password (the current one checked, its wrong guesses counted in the sign-in windows of
 * the address and the account's email); every session of the account ends, and the caller gets a new one.
 */
export async function changePassword(
  services: Services,
  who: { accountId: string; userId: string },
  input: { current: string; next: string; addressKey: string; now: Date },
): Promise<{ sessionId: string } | { blocked: RateLimitDecision }> {
  const [stored] = await services.db.select({ email: users.email, hash: users.passwordHash }).from(users).where(eq(users.id, who.userId));
  if (stored?.hash) {
    const blocked = await checkPassword(
      services,
      { email: stored.email, hash: stored.hash },
      input.current,
      input.addressKey,
      "currentPassword",
    );
    if (blocked) return { blocked };
  }
  await setPassword(services, who.userId, input.next, input.now);
  const [member] = await services.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, who.accountId), eq(members.userId, who.userId)));
  await recordAudit(
    services.db,
    who.accountId,
    { memberId: member?.id ?? null, via: "session" },
    {
      action: stored?.hash ? "member.password_changed" : "member.password_set",
      targetType: "member",
      targetId: member?.id,
    },
  );
  return { sessionId: await startSession(services, who, input.now) };
}

/**
 * The password against its hash, counted like a sign-in: a full window answers its decision
 * before any hashing, a wrong password counts in the windows of the address and the email and is
 * 400 `wrong_password` on `field`. Null when the password is right.
 */
async function checkPassword(
  services: Services,
  stored: { email: string; hash: string },
  password: string,
  addressKey: string,
  field: string,
): Promise<RateLimitDecision | null> {
  const windows = await passwordWindows(addressKey, stored.email);
  const blocked = await fullWindow(services, windows);
  if (blocked) return blocked;
  if (!(await verifyPassword(password, stored.hash))) {
    await countWrongPassword(services, windows);
    throw new AppError("wrong_password", `Body field '${field}': it is not your password`, [
      { path: field, code: "incorrect", message: "is not your password" },
    ]);
  }
  return null;
}

/**
 * The signed-in person's password asked again before something that cannot be undone (closing
 * the account, leaving it): checked and counted like a sign-in (`checkPassword`); 409
 * `password_not_set` for a user who has none yet. Returns the decision when a window is full.
 */
export async function confirmPassword(
  services: Services,
  input: { userId: string; password: string; addressKey: string },
): Promise<{ blocked: RateLimitDecision } | null> {
  const [stored] = await services.db.select({ email: users.email, hash: users.passwordHash }).from(users).where(eq(users.id, input.userId));
  if (!stored?.hash)
    throw new AppError(
      "password_not_set",
      "Your sign-in has no password yet: set one (the operator's invitation link, or Settings → Password in the panel), then try again",
    );
  const blocked = await checkPassword(services, { email: stored.email, hash: stored.hash }, input.password, input.addressKey, "password");
  return blocked ? { blocked } : null;
}

/** A user's new password; every session of the user ends (in every account). */
async function setPassword(services: Pick<Services, "db">, userId: string, password: string, now: Date): Promise<void> {
  const hash = await hashPassword(password);
  await services.db.batch([
    services.db
      .update(users)
      .set({ passwordHash: hash, passwordUpdatedAt: toIsoSeconds(now) })
      .where(eq(users.id, userId)),
    services.db.delete(sessions).where(eq(sessions.userId, userId)),
  ]);
}

/** Operator: a one-time link, valid INVITE_DAYS days, with which the owner sets a password. */
export async function inviteAccount(
  services: Services,
  accountId: string,
  origin: string,
  now: Date,
): Promise<{ url: string; expiresAt: string }> {
  const [account] = await services.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new AppError("not_found", "Account not found");
  const token = randomSecret();
  const expiresAt = toIsoSeconds(new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60_000));
  await services.db
    .insert(accountInvites)
    .values({ tokenHash: await sha256Hex(token), accountId, expiresAt, createdAt: toIsoSeconds(now) });
  return { url: `${services.config.publicBaseUrl ?? origin}/invite#${token}`, expiresAt };
}

/**
 * An invitation link's token: the operator's (the account's owner sets the first password) or a
 * member invitation (a new person with this password, or, with `signedIn`, the signed-in user
 * joins). Claimed once (one conditional update); the person is signed in to the account at once.
 * An invitation never sets the password of a person who exists here, with a password or not
 * ("no password yet" is not "new person"): they accept by signing in, or, for the owner an
 * operator made, with the operator's own account link.
 */
export async function acceptInvite(
  services: Services,
  input: { token: string; password?: string; email?: string; signedIn?: { userId: string }; addressKey: string; now: Date },
): Promise<{ accountId: string; userId: string; sessionId: string }> {
  const member = await peekInvitation(services.db, input.token, input.now);
  if (member) {
    if (input.email !== undefined && input.email.trim().toLowerCase() !== member.email)
      throw new AppError(
        "invitation_other_email",
        "This invitation was sent to another address; accept it with the address it was sent to",
        [{ path: "email", code: "incorrect", message: "is not the address the invitation was sent to" }],
      );
    const userId = input.signedIn?.userId ?? (await newPersonOfInvitation(services, member, input));
    const claimed = await claimInvitation(services.db, input.token, input.now);
    if (!claimed) throw invitationInvalid();
    await joinFromInvitation(services.db, claimed, userId, input.now);
    const who = { accountId: claimed.accountId, userId };
    return { ...who, sessionId: await startSession(services, who, input.now) };
  }
  const owner = await peekAccountInvite(services.db, input.token, input.now);
  if (!owner) {
    await countUnknownInvitation(services, input.addressKey);
    throw invitationInvalid();
  }
  if (!input.password) throw passwordNeeded();
  return acceptAccountInvite(services, input.token, input.password, input.now);
}

/**
 * The person a member invitation makes: only someone no one signs in as yet. The user row is
 * made with its password in one statement that does nothing when the e-mail exists by then.
 */
async function newPersonOfInvitation(
  services: Services,
  invitation: InvitationRow,
  input: { password?: string; now: Date },
): Promise<string> {
  if (!input.password) throw passwordNeeded();
  const [person] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
  if (person) throw signInToAccept(invitation.email);
  const at = toIsoSeconds(input.now);
  const [made] = await services.db
    .insert(users)
    .values({
      id: newId("usr"),
      email: invitation.email,
      passwordHash: await hashPassword(input.password),
      passwordUpdatedAt: at,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!made) throw signInToAccept(invitation.email);
  return made.id;
}

/**
 * The operator's link: the owner it was made for sets their first password. Using one voids the
 * account's other links, and a link is void once the owner has a password (they sign in): the
 * password is set by one statement that requires none yet.
 */
async function acceptAccountInvite(services: Services, token: string, password: string, now: Date) {
  const at = toIsoSeconds(now);
  const db = services.db;
  const [claimed] = await db
    .update(accountInvites)
    .set({ usedAt: at })
    .where(and(eq(accountInvites.tokenHash, await sha256Hex(token)), isNull(accountInvites.usedAt), gt(accountInvites.expiresAt, at)))
    .returning({ accountId: accountInvites.accountId });
  if (!claimed) throw invitationInvalid();
  const owner = await firstOwner(db, claimed.accountId);
  if (!owner) throw invitationInvalid();
  const [, set] = await db.batch([
    db
      .update(accountInvites)
      .set({ usedAt: at })
      .where(and(eq(accountInvites.accountId, claimed.accountId), isNull(accountInvites.usedAt))),
    db
      .update(users)
      .set({ passwordHash: await hashPassword(password), passwordUpdatedAt: at })
      .where(and(eq(users.id, owner.userId), isNull(users.passwordHash)))
      .returning({ id: users.id }),
  ]);
  if (set.length === 0)
    throw new AppError("sign_in_to_accept", "This account's owner has a password already: sign in with it (the link is void now)");
  await recordAudit(
    db,
    claimed.accountId,
    { memberId: owner.memberId, via: "session" },
    {
      action: "account.owner_password_set",
      targetType: "member",
      targetId: owner.memberId,
    },
  );
  const who = { accountId: claimed.accountId, userId: owner.userId };
  return { ...who, sessionId: await startSession(services, who, now) };
}

/** The operator's open invitation a token names, without using it. */
async function peekAccountInvite(db: Services["db"], token: string, now: Date) {
  const at = toIsoSeconds(now);
  const [found] = await db
    .select({ accountId: accountInvites.accountId, expiresAt: accountInvites.expiresAt })
    .from(accountInvites)
    .where(and(eq(accountInvites.tokenHash, await sha256Hex(token)), isNull(accountInvites.usedAt), gt(accountInvites.expiresAt, at)));
  return found ?? null;
}

/**
 * What a link invites to (the kind, the role, the account's display name as its invitation e-mail
 * gives it, the expiry), or null when it names no open invitation.
 */
export async function previewInvitation(db: Services["db"], token: string, now: Date) {
  const invitation = await peekInvitation(db, token, now);
  if (invitation) {
    const accountName = (await accountDisplayNameOf(db, invitation.accountId)) || null;
    return { kind: "member" as const, role: invitation.role, accountName, expiresAt: invitation.expiresAt };
  }
  const owner = await peekAccountInvite(db, token, now);
  if (!owner) return null;
  const accountName = (await accountDisplayNameOf(db, owner.accountId)) || null;
  return { kind: "account" as const, role: "owner" as const, accountName, expiresAt: owner.expiresAt };
}

const invitationInvalid = () => new AppError("invitation_invalid", "This invitation link is unknown, used or expired; ask for a new one");
const signInToAccept = (email: string) =>
  new AppError("sign_in_to_accept", `${email} already has a sign-in here: sign in, then open the invitation again to join`);

/** Unknown invitation links one client address may try per window before every lookup from it is 429 (as approval links). */
export const INVITATION_LOOKUP_FAILURE_LIMIT = 20;
export const INVITATION_LOOKUP_WINDOW_MS = 15 * 60_000;

const invitationLookups = (services: Services, addressKey: string) =>
  services.accountState.get(services.accountState.idFromName(`invitation-ip:${addressKey}`));

/** 429 before any lookup once the address has tried INVITATION_LOOKUP_FAILURE_LIMIT unknown links in 15 minutes. */
export async function assertInvitationLookupsLeft(services: Services, addressKey: string): Promise<void> {
  const window = await invitationLookups(services, addressKey).loginWindow(
    "invitation-failures",
    INVITATION_LOOKUP_FAILURE_LIMIT,
    INVITATION_LOOKUP_WINDOW_MS,
  );
  if (window.allowed) return;
  log("warn", "invitation_lookup_blocked", {});
  throw rateLimitedError(
    window,
    rateLimitHeaders(window),
    `Too many unknown invitation links from this address (${window.limit} per 15 minutes)`,
  );
}

export async function countUnknownInvitation(services: Services, addressKey: string): Promise<void> {
  await invitationLookups(services, addressKey).loginAttempt(
    "invitation-failures",
    true,
    INVITATION_LOOKUP_FAILURE_LIMIT,
    INVITATION_LOOKUP_WINDOW_MS,
  );
}

const passwordNeeded = () =>
  new AppError("invalid_request", "Body field 'password': required to accept an invitation without signing in", [
    { path: "password", code: "required", message: "is required unless you are signed in" },
  ]);

/** Expired sessions, invitations and sign-in links are removed by the cron tick. */
export async function purgeExpiredSessions(services: Pick<Services, "db">, now: Date): Promise<number> {
  const at = toIsoSeconds(now);
  const [gone] = await services.db.batch([
    services.db.delete(sessions).where(lt(sessions.expiresAt, at)).returning({ id: sessions.idHash }),
    services.db.delete(accountInvites).where(lt(accountInvites.expiresAt, at)),
    services.db.delete(memberInvitations).where(lt(memberInvitations.expiresAt, at)),
    services.db.delete(signInLinks).where(lt(signInLinks.expiresAt, at)),
    services.db.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, at)),
  ]);
  return gone.length;
}
