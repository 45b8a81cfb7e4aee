import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { accounts, apiTokens, creditLedger, members, users } from "../db/schema";
import type { Caller } from "../http/context";
import { AppError, notFound } from "../core/errors";
import { newId } from "../core/ids";
import { toIsoSeconds } from "../core/time";
import { mintToken } from "../tokens/service";
import { isUniqueViolation } from "../db/errors";
import { ownerStatements } from "../members/service";
import { auditStatement } from "../audit/audit";

export type AccountRow = typeof accounts.$inferSelect;

/**
 * Creates an account and its signup credit (as a ledger row) in one batch, so a half-created
 * account never exists. 409 when the email is taken. No token: an owner who signs up works in
 * the panel and makes the tokens they need there, each secret shown to them once.
 */
export async function createAccount(
  db: Database,
  input: { email: string; signupCreditKurus: number; now: Date },
): Promise<{ account: AccountRow; userId: string; memberId: string }> {
  const { account, statements, userId, memberId } = await newAccount(db, input);
  await insertAccount(db, account.email, statements);
  return { account, userId, memberId };
}

/**
 * The operator's way in (`POST /api/admin/accounts`): an account as `createAccount` makes it, with
 * a first `manage` token in the same batch, whose secret the operator hands to the owner.
 */
export async function createAccountWithToken(db: Database, input: { email: string; signupCreditKurus: number; now: Date }) {
  const { account, statements, memberId, userId } = await newAccount(db, input);
  const { secret, row: token } = await mintToken({ accountId: account.id, memberId, name: "First token", scope: "manage", now: input.now });
  await insertAccount(db, account.email, [...statements, db.insert(apiTokens).values(token)]);
  return { account, token, secret, memberId, userId };
}

type Statements = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

async function newAccount(db: Database, input: { email: string; signupCreditKurus: number; now: Date }) {
  const email = input.email.trim().toLowerCase();
  const [taken] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  if (taken) throw new AppError("email_taken", `An account with the email ${email} already exists`);

  const account: AccountRow = {
    id: newId("acc"),
    email,
    name: null,
    billingMode: "CREDITS",
    creditBalanceKurus: input.signupCreditKurus,
    closingAt: null,
    closesAt: null,
    closeRequestedBy: null,
    createdAt: toIsoSeconds(input.now),
  };
  const ledgerRow = {
    accountId: account.id,
    kind: "signup" as const,
    amountKurus: input.signupCreditKurus,
    balanceAfterKurus: input.signupCreditKurus,
    reference: "signup",
    note: "Signup credit",
    createdAt: account.createdAt,
  };
  const owner = await ownerStatements(db, { accountId: account.id, email, now: input.now });
  const statements: Statements = [db.insert(accounts).values(account), db.insert(creditLedger).values(ledgerRow), ...owner.statements];
  return { account, statements, userId: owner.userId, memberId: owner.memberId };
}

async function insertAccount(db: Database, email: string, statements: Statements) {
  try {
    await db.batch(statements);
  } catch (error) {
    // Two creations racing for one email: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError("email_taken", `An account with the email ${email} already exists`);
    throw error;
  }
}

export async function getAccount(db: Database, accountId: string): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound("Account");
  return account;
}

/** The caller's member with its email and user (null for an operator token). */
export async function memberView(db: Database, caller: Pick<Caller, "accountId" | "memberId">) {
  if (!caller.memberId) return null;
  const [member] = await db
    .select({
      id: members.id,
      userId: members.userId,
      role: members.role,
      email: users.email,
      emailOff: members.emailOff,
      locale: users.locale,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.id, caller.memberId), eq(members.accountId, caller.accountId)));
  return member ?? null;
}

/** Names the account (null removes the name); audited with the name before and after. */
export async function renameAccount(db: Database, caller: Caller, name: string | null): Promise<AccountRow> {
  const before = await getAccount(db, caller.accountId);
  const [[after]] = await db.batch([
    db.update(accounts).set({ name }).where(eq(accounts.id, caller.accountId)).returning(),
    auditStatement(db, caller.accountId, caller, {
      action: "account.renamed",
      targetType: "account",
      targetId: caller.accountId,
      detail: { from: before.name, to: name },
    }),
  ]);
  return after!;
}
