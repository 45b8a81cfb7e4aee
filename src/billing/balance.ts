import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts, type BillingMode } from "../db/schema";
import { notFound } from "../core/errors";
import type { BillingConfig } from "../config";
import { byokStatus, type ByokStatus } from "./licence";

export interface Balance {
  billingMode: BillingMode;
  creditBalanceKurus: number;
  byok: ByokStatus;
}

/** The account's billing mode, credit balance and BYOK licence with this month's use. */
export async function getBalance(db: Database, config: BillingConfig, accountId: string, now: Date): Promise<Balance> {
  const [account] = await db
    .select({ billingMode: accounts.billingMode, creditBalanceKurus: accounts.creditBalanceKurus })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw notFound("Account");
  return { ...account, byok: await byokStatus(db, config, accountId, now) };
}
