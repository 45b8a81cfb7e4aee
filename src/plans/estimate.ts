import { eq } from "drizzle-orm";
import { modelsForAccount } from "../billing/account-models";
import { articlePriceKurus } from "../billing/generation-charge";
import { notFound } from "../core/errors";
import { formatKurus } from "../core/money";
import { accounts, type PlanItemStatus } from "../db/schema";
import type { Services } from "../services/container";
import { getPlan, type PlanItemRow } from "./read";

/** What a plan will cost before it is approved, in the billing API's money format (lira, two decimals). */
export interface PlanEstimate {
  articles: number;
  pricePerArticle: string;
  total: string;
  balance: string;
  balanceAfter: string;
  byok: boolean;
}

/** Items whose next run is still to be charged: not started (approval schedules the PLANNED ones; SCHEDULED ones wait for the clock). */
const UNPAID_STATUSES: ReadonlySet<PlanItemStatus> = new Set(["PLANNED", "SCHEDULED"]);

/** An item left on `improve` with a post to improve runs an improvement (src/pipeline/steps/claim.ts), charged as one. */
function runsImprovement(item: Pick<PlanItemRow, "suggestion" | "overlap">): boolean {
  return item.suggestion === "improve" && Boolean(item.overlap?.postId);
}

/**
 * What approving the plan will charge: each unstarted item at the price the pipeline reserves for
 * its run (reserveGeneration: the article price of the account's text model, or the improvement
 * price for an item set to improve), against the credit balance. A BYOK account pays nothing in
 * credits; its runs take quota units instead. 404 for another account's plan.
 */
export async function estimatePlan(services: Services, accountId: string, planId: string): Promise<PlanEstimate> {
  const { db } = services;
  const { items } = await getPlan(db, accountId, planId);
  const [account] = await db
    .select({ billingMode: accounts.billingMode, balanceKurus: accounts.creditBalanceKurus })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw notFound("Account");
  const payable = items.filter((item) => UNPAID_STATUSES.has(item.status));
  const byok = account.billingMode !== "CREDITS";
  const pricePerArticle = byok ? 0 : articlePriceKurus(services.config.billing, (await modelsForAccount(services, accountId)).text.model);
  const improvementPrice = byok ? 0 : services.config.billing.improvementPriceKurus;
  const total = payable.reduce((sum, item) => sum + (runsImprovement(item) ? improvementPrice : pricePerArticle), 0);
  return {
    articles: payable.length,
    pricePerArticle: formatKurus(pricePerArticle),
    total: formatKurus(total),
    balance: formatKurus(account.balanceKurus),
    balanceAfter: formatKurus(account.balanceKurus - total),
    byok,
  };
}
