import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts, apiTokens, creditLedger } from "../db/schema";
import { AppError, notFound } from "../core/errors";
import { newId } from "../core/ids";
import { toIsoSeconds } from "../core/time";
import { mintToken } from "../tokens/service";
import { isUniqueViolation } from "../db/errors";

export type AccountRow = typeof accounts.$inferSelect;

/**
 * Creates an account, its signup credit (as a ledger row) and its first `manage` token in one
 * batch, so a half-created account never exists. 409 when the email is taken.
 */
export async function createAccount(db: Database, input: { email: string; signupCreditKurus: number; now: Date }) {
  const email = input.email.trim().toLowerCase();
  const [taken] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  if (taken) throw new AppError("conflict", `An account with the email ${email} already exists`);

  const account: AccountRow = {
    id: newId("acc"),
    email,
    billingMode: "CREDITS",
    creditBalanceKurus: input.signupCreditKurus,
    createdAt: toIsoSeconds(input.now),
  };
  const { secret, row: token } = await mintToken({ accountId: account.id, name: "First token", scope: "manage", now: input.now });
  const ledgerRow = {
    accountId: account.id,
    kind: "signup" as const,
    amountKurus: input.signupCreditKurus,
    balanceAfterKurus: input.signupCreditKurus,
    reference: "signup",
    note: "Signup credit",
    createdAt: account.createdAt,
  };
  try {
    await db.batch([db.insert(accounts).values(account), db.insert(apiTokens).values(token), db.insert(creditLedger).values(ledgerRow)]);
  } catch (error) {
    // Two creations racing for one email: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError("conflict", `An account with the email ${email} already exists`);
    throw error;
  }
  return { account, token, secret };
}

export async function getAccount(db: Database, accountId: string): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound("Account");
  return account;
}
