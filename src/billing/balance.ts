import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts, charges, type BillingMode } from "../db/schema";
import { notFound } from "../core/errors";
import type { BillingConfig } from "../config";
import { byokStatus, type ByokStatus } from "./licence";

export interface Balance {
  billingMode: BillingMode;
  creditBalanceKurus: number;
  byok: ByokStatus;
  /** Credits held for work still under way (reserved, neither settled nor refunded). */
  reserved: { kurus: number; count: number; oldestAt: string | null };
}

/** The account's billing mode, credit balance and BYOK licence with this month's use. */
export async function getBalance(db: Database, config: BillingConfig, accountId: string, now: Date): Promise<Balance> {
  const [account] = await db
    .select({ billingMode: accounts.billingMode, creditBalanceKurus: accounts.creditBalanceKurus })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw notFound("Account");
  const [held] = await db
    .select({
      kurus: sql<number>`coalesce(sum(${charges.amountKurus}), 0)`,
      count: sql<number>`count(*)`,
      oldestAt: sql<string | null>`min(${charges.createdAt})`,
    })
    .from(charges)
    .where(and(eq(charges.accountId, accountId), eq(charges.status, "reserved"), eq(charges.mode, "credits")));
  return { ...account, byok: await byokStatus(db, config, accountId, now), reserved: held ?? { kurus: 0, count: 0, oldestAt: null } };
}
