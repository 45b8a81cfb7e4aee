import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { createAccount } from "../accounts/service";
import { sha256Hex } from "../core/crypto";
import { AppError } from "../core/errors";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import { accountInvites, accountPasswords, accounts, sessions } from "../db/schema";
import type { RateLimitDecision } from "../durable-objects/account-state";
import type { Services } from "../services/container";
import { hashPassword, verifyNothing, verifyPassword } from "./passwords";

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

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** A new session of the account; returns the cookie's value (only its hash is stored). */
export async function startSession(services: Pick<Services, "db">, accountId: string, now: Date): Promise<string> {
  const id = randomId();
  const at = toIsoSeconds(now);
  await services.db.insert(sessions).values({
    idHash: await sha256Hex(id),
    accountId,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: toIsoSeconds(new Date(now.getTime() + SESSION_MS)),
  });
  return id;
}

/** The account a session cookie speaks for, or null (unknown, expired, revoked); its expiry slides at most hourly. */
export async function sessionAccount(
  services: Pick<Services, "db">,
  id: string,
  now: Date,
): Promise<{ accountId: string; sessionId: string } | null> {
  const idHash = await sha256Hex(id);
  const [session] = await services.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, toIsoSeconds(now))));
  if (!session) return null;
  if (now.getTime() - Date.parse(session.lastSeenAt) > SLIDE_EVERY_MS) {
    await services.db
      .update(sessions)
      .set({ lastSeenAt: toIsoSeconds(now), expiresAt: toIsoSeconds(new Date(now.getTime() + SESSION_MS)) })
      .where(eq(sessions.idHash, idHash));
  }
  return { accountId: session.accountId, sessionId: `ses_${idHash.slice(0, 16)}` };
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
 * answered before any hashing.
 */
export async function signIn(
  services: Services,
  input: { email: string; password: string; addressKey: string; now: Date },
): Promise<{ accountId: string; sessionId: string } | { blocked: RateLimitDecision }> {
  const email = input.email.trim().toLowerCase();
  const windows = await passwordWindows(input.addressKey, email);
  const blocked = await fullWindow(services, windows);
  if (blocked) return { blocked };
  const [found] = await services.db
    .select({ id: accounts.id, hash: accountPasswords.hash })
    .from(accounts)
    .leftJoin(accountPasswords, eq(accountPasswords.accountId, accounts.id))
    .where(eq(accounts.email, email));
  const ok = found?.hash ? await verifyPassword(input.password, found.hash) : await verifyNothing(input.password);
  if (!ok || !found) {
    await countWrongPassword(services, windows);
    throw new AppError("unauthorized", WRONG);
  }
  return { accountId: found.id, sessionId: await startSession(services, found.id, input.now) };
}

/**
 * SIGNUP_OPEN: a new account (with the signup credit) and its password; signed in at once.
 * SIGN_UP_LIMIT sign-ups per address per hour, each attempt counted.
 */
export async function signUp(
  services: Services,
  input: { email: string; password: string; addressKey: string; now: Date },
): Promise<{ accountId: string; sessionId: string } | { blocked: RateLimitDecision }> {
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
  const { account } = await createAccount(services.db, {
    email: input.email,
    signupCreditKurus: services.config.signupCreditKurus,
    now: input.now,
  });
  await services.db
    .insert(accountPasswords)
    .values({ accountId: account.id, hash: await hashPassword(input.password), updatedAt: toIsoSeconds(input.now) });
  log("info", "account_signed_up", { accountId: account.id });
  return { accountId: account.id, sessionId: await startSession(services, account.id, input.now) };
}

/**
 * A new password (the current one checked, its wrong guesses counted in the sign-in windows of
 * the address and the account's email); every session of the account ends, and the caller gets a new one.
 */
export async function changePassword(
  services: Services,
  accountId: string,
  input: { current: string; next: string; addressKey: string; now: Date },
): Promise<{ sessionId: string } | { blocked: RateLimitDecision }> {
  const [stored] = await services.db
    .select({ email: accounts.email, hash: accountPasswords.hash })
    .from(accounts)
    .leftJoin(accountPasswords, eq(accountPasswords.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  if (stored?.hash) {
    const windows = await passwordWindows(input.addressKey, stored.email);
    const blocked = await fullWindow(services, windows);
    if (blocked) return { blocked };
    if (!(await verifyPassword(input.current, stored.hash))) {
      await countWrongPassword(services, windows);
      throw new AppError("wrong_password", "Body field 'currentPassword': it is not your current password", [
        { path: "currentPassword", code: "incorrect", message: "is not your current password" },
      ]);
    }
  }
  await setPassword(services, accountId, input.next, input.now);
  return { sessionId: await startSession(services, accountId, input.now) };
}

async function setPassword(services: Pick<Services, "db">, accountId: string, password: string, now: Date): Promise<void> {
  const hash = await hashPassword(password);
  await services.db.batch([
    services.db
      .insert(accountPasswords)
      .values({ accountId, hash, updatedAt: toIsoSeconds(now) })
      .onConflictDoUpdate({ target: accountPasswords.accountId, set: { hash, updatedAt: toIsoSeconds(now) } }),
    services.db.delete(sessions).where(eq(sessions.accountId, accountId)),
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
  const token = randomId();
  const expiresAt = toIsoSeconds(new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60_000));
  await services.db
    .insert(accountInvites)
    .values({ tokenHash: await sha256Hex(token), accountId, expiresAt, createdAt: toIsoSeconds(now) });
  return { url: `${services.config.publicBaseUrl ?? origin}/invite#${token}`, expiresAt };
}

/** The invitation's password is set (once: one conditional claim), and its owner is signed in. */
export async function acceptInvite(
  services: Services,
  input: { token: string; password: string; now: Date },
): Promise<{ accountId: string; sessionId: string }> {
  const at = toIsoSeconds(input.now);
  const [claimed] = await services.db
    .update(accountInvites)
    .set({ usedAt: at })
    .where(and(eq(accountInvites.tokenHash, await sha256Hex(input.token)), isNull(accountInvites.usedAt), gt(accountInvites.expiresAt, at)))
    .returning({ accountId: accountInvites.accountId });
  if (!claimed)
    throw new AppError("invitation_invalid", "This invitation link is unknown, used or expired; ask the operator for a new one");
  await setPassword(services, claimed.accountId, input.password, input.now);
  return { accountId: claimed.accountId, sessionId: await startSession(services, claimed.accountId, input.now) };
}

/** Expired sessions and invitations are removed by the cron tick. */
export async function purgeExpiredSessions(services: Pick<Services, "db">, now: Date): Promise<number> {
  const at = toIsoSeconds(now);
  const [gone] = await services.db.batch([
    services.db.delete(sessions).where(lt(sessions.expiresAt, at)).returning({ id: sessions.idHash }),
    services.db.delete(accountInvites).where(lt(accountInvites.expiresAt, at)),
  ]);
  return gone.length;
}
