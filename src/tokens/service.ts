import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { randomBase62, sha256Hex } from "../core/crypto";
import { AppError, notFound } from "../core/errors";
import { newId } from "../core/ids";
import { addMonths, toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { apiTokens, members, type Role, type TokenScope, users } from "../db/schema";
import type { AccountState } from "../durable-objects/account-state";
import type { Caller } from "../http/context";
import { lesserRole, roleMay } from "../members/roles";
import { publicLeases } from "../http/rate-lease";

export const TOKEN_PREFIX = "sap_";
const TOKEN_PATTERN = /^sap_[0-9A-Za-z]{40}$/;
export const TOKEN_LIFETIME_MONTHS = 6;
/** last_used_at is refreshed at most once a minute per token, so reads do not all become writes. */
const LAST_USED_RESOLUTION_MS = 60_000;

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** A new token: the secret (shown once) and the row to store (hash only). */
export interface NewToken {
  accountId: string;
  name: string;
  scope: TokenScope;
  /** Whose token it is (null: the operator's, acting as an owner). */
  memberId?: string | null;
  /** The token's role (at most its member's, checked at each use); null or absent: the member's, whatever it is (the operator's and the first token only). */
  role?: Role | null;
  now: Date;
}

export async function mintToken(input: NewToken) {
  const secret = TOKEN_PREFIX + randomBase62(40);
  const row: ApiTokenRow = {
    id: newId("tok"),
    accountId: input.accountId,
    name: input.name,
    scope: input.scope,
    memberId: input.memberId ?? null,
    role: input.role ?? null,
    tokenHash: await sha256Hex(secret),
    prefix: secret.slice(0, 8),
    lastFour: secret.slice(-4),
    expiresAt: toIsoSeconds(addMonths(input.now, TOKEN_LIFETIME_MONTHS)),
    lastUsedAt: null,
    revokedAt: null,
    createdAt: toIsoSeconds(input.now),
  };
  return { secret, row };
}

/** Creates a token for the account and returns it with its secret. */
export async function createToken(db: Database, input: NewToken) {
  const { secret, row } = await mintToken(input);
  await db.insert(apiTokens).values(row);
  return { secret, row };
}

/**
 * Whose tokens a caller sees and revokes: an owner's every member's; an admin's every member's but
 * the owners' (admins do not touch owners); an admin limited to some sites, its own and those of
 * members whose sites lie within its own; anyone else their own.
 */
function tokensOf(caller: Pick<Caller, "accountId" | "memberId" | "role" | "siteIds">) {
  const account = eq(apiTokens.accountId, caller.accountId);
  if (!caller.memberId || caller.role === "owner") return account;
  const own = eq(apiTokens.memberId, caller.memberId);
  if (!roleMay(caller.role, "admin")) return and(account, own);
  const withinSites = caller.siteIds
    ? sql`AND ${members.siteIds} IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM json_each(${members.siteIds}) AS site WHERE site.value NOT IN (SELECT value FROM json_each(${JSON.stringify(caller.siteIds)})))`
    : sql``;
  const manageable = sql`${apiTokens.memberId} IN (SELECT ${members.id} FROM ${members}
    WHERE ${members.accountId} = ${caller.accountId} AND ${members.role} <> 'owner' ${withinSites})`;
  return and(account, or(own, manageable));
}

export async function listTokens(
  db: Database,
  caller: Pick<Caller, "accountId" | "memberId" | "role" | "siteIds">,
): Promise<ApiTokenRow[]> {
  // Ids are random and createdAt has whole seconds: the rowid keeps tokens of one second in creation order.
  return db.select().from(apiTokens).where(tokensOf(caller)).orderBy(desc(apiTokens.createdAt), sql`${apiTokens}.rowid DESC`);
}

/**
 * Revokes one of the account's tokens; revoking twice is harmless. Another account's id is 404.
 * The account's last active `manage` token is kept (409) unless the account has a password: without
 * one nothing could issue a new token, while an owner who signs in to the panel can always make
 * another. One statement decides, so two concurrent revocations cannot both pass.
 */
export async function revokeToken(
  db: Database,
  input: { caller: Pick<Caller, "accountId" | "memberId" | "role" | "siteIds">; tokenId: string; now: Date },
): Promise<ApiTokenRow> {
  const { accountId } = input.caller;
  const scoped = and(eq(apiTokens.id, input.tokenId), tokensOf(input.caller));
  const now = toIsoSeconds(input.now);
  const [revoked] = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(
      and(
        scoped,
        isNull(apiTokens.revokedAt),
        sql`(${apiTokens.scope} <> 'manage' OR EXISTS (
          SELECT 1 FROM api_tokens AS other
          WHERE other.account_id = ${accountId} AND other.id <> ${input.tokenId}
            AND other.scope = 'manage' AND other.revoked_at IS NULL AND other.expires_at > ${now})
          OR EXISTS (SELECT 1 FROM ${members} JOIN ${users} ON ${users.id} = ${members.userId}
            WHERE ${members.accountId} = ${accountId} AND ${members.role} = 'owner' AND ${users.passwordHash} IS NOT NULL))`,
      ),
    )
    .returning();
  if (revoked) return revoked;
  const [existing] = await db.select().from(apiTokens).where(scoped);
  if (!existing) throw notFound("Token");
  if (existing.revokedAt) return existing;
  throw new AppError(
    "last_manage_token",
    "This is the account's last active manage token; revoking it would lock the account out. Create another with POST /api/tokens first (the operator can also issue one: POST /api/admin/accounts/{id}/tokens)",
  );
}

/** The stored hash of a bearer secret; 401 when the secret is not shaped like a token. */
export async function tokenHashOf(secret: string): Promise<string> {
  if (!TOKEN_PATTERN.test(secret))
    throw new AppError("unauthorized", "Malformed API token; tokens look like 'sap_' followed by 40 letters and digits");
  return sha256Hex(secret);
}

/** Who a valid token speaks for: its account, the token itself, and what it may do. */
export interface AuthenticatedToken {
  caller: Caller;
  expiresAt: string;
  lastUsedAt: string | null;
}

/**
 * Resolves a token hash to its caller; every failure is a 401 that says which. The caller's role
 * is the member's as it is now (or the lower one the token was made with): a member whose role
 * was lowered has tokens that do less at once, and a removed member's tokens are refused.
 */
export async function lookupToken(db: Database, tokenHash: string, now: Date): Promise<AuthenticatedToken> {
  const [token] = await db
    .select({
      id: apiTokens.id,
      accountId: apiTokens.accountId,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      memberId: apiTokens.memberId,
      tokenRole: apiTokens.role,
      memberRole: members.role,
      siteIds: members.siteIds,
    })
    .from(apiTokens)
    .leftJoin(members, eq(members.id, apiTokens.memberId))
    .where(eq(apiTokens.tokenHash, tokenHash));
  if (!token) throw new AppError("unauthorized", "Invalid API token");
  if (token.revokedAt) throw revokedTokenError();
  assertNotExpired(token.expiresAt, now);
  if (token.memberId && !token.memberRole)
    throw new AppError("unauthorized", "The member this API token belongs to was removed from the account");
  const memberRole: Role = token.memberRole ?? "owner";
  return {
    caller: {
      accountId: token.accountId,
      tokenId: token.id,
      scope: token.scope,
      memberId: token.memberId,
      role: token.tokenRole ? lesserRole(token.tokenRole, memberRole) : memberRole,
      siteIds: token.siteIds ?? null,
      via: "token",
    },
    expiresAt: token.expiresAt,
    lastUsedAt: token.lastUsedAt,
  };
}

export const revokedTokenError = () => new AppError("unauthorized", "API token has been revoked");

export function assertNotExpired(expiresAt: string, now: Date): void {
  if (expiresAt <= toIsoSeconds(now)) throw new AppError("unauthorized", `API token expired at ${expiresAt}`);
}

/** Resolves a bearer secret to its caller straight from D1 (the management API's path). */
export async function authenticateToken(db: Database, secret: string, now: Date): Promise<AuthenticatedToken> {
  return lookupToken(db, await tokenHashOf(secret), now);
}

/** Whether a use at `now` should be written: the recorded one is missing or over a minute old. */
export function tokenUseIsStale(lastUsedAt: string | null, now: Date): boolean {
  return lastUsedAt === null || lastUsedAt < toIsoSeconds(new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
}

export async function recordTokenUse(db: Database, tokenId: string, now: Date): Promise<void> {
  const staleBefore = toIsoSeconds(new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
  // The condition again: two requests that both saw a stale time write once between them.
  await db
    .update(apiTokens)
    .set({ lastUsedAt: toIsoSeconds(now) })
    .where(and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))));
}

export function tokenStatus(row: ApiTokenRow, now: Date): "active" | "expired" | "revoked" {
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= toIsoSeconds(now) ? "expired" : "active";
}

/**
 * Tells the account's gate (its AccountState object) that a token is revoked, so the public API
 * refuses it at once even where an isolate still caches it. Idempotent: call it on every revoke.
 */
export async function announceRevocation(
  gates: DurableObjectNamespace<AccountState>,
  row: Pick<ApiTokenRow, "id" | "accountId" | "expiresAt">,
): Promise<void> {
  await gates.get(gates.idFromName(row.accountId)).revokeToken(row.id, Date.parse(row.expiresAt));
  // Here at once; another isolate's slice ends within SLICE_LIFETIME_MS.
  publicLeases.forgetToken(row.accountId, row.id);
}
