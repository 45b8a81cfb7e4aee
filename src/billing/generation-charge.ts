import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts, byokKeys } from "../db/schema";
import { AppError, notFound } from "../core/errors";
import { toIsoSeconds } from "../core/time";
import { findCharge, reserveCredits, type ChargeRequest, type ChargeResult } from "./charges";
import type { BillingConfig } from "../config";
import { newClaimToken } from "./ledger";
import { findLicence, nextQuotaReset, quotaMonth } from "./licence";

/** The price of one article written with `model`; 400 for a model without a configured price. */
export function articlePriceKurus(config: BillingConfig, model: string): number {
  const price = config.articlePricesKurus[model];
  if (price === undefined) {
    throw new AppError(
      "invalid_request",
      `No article price is configured for model '${model}'; priced models: ${Object.keys(config.articlePricesKurus).join(", ")}`,
    );
  }
  return price;
}

/**
 * How the pipeline pays for one generation or improvement, decided by the account's billing
 * mode. CREDITS: the price is reserved from the balance (402 when short). BYOK: no credit is
 * taken; one unit of the monthly quota is reserved, 403 when the licence has expired, the quota
 * is used up or no key is set. A reference seen before returns its first charge unchanged.
 * Afterwards call settleCharge on success or refundCharge on failure.
 */
export async function reserveGeneration(
  db: Database,
  config: BillingConfig,
  request: ChargeRequest & { model: string },
): Promise<ChargeResult> {
  const earlier = await findCharge(db, request.accountId, request.reference);
  if (earlier) {
    if (earlier.kind !== request.kind)
      throw new AppError("conflict", `The reference '${request.reference}' was already used for another charge`);
    return { charge: earlier, applied: false };
  }
  const [account] = await db.select({ billingMode: accounts.billingMode }).from(accounts).where(eq(accounts.id, request.accountId));
  if (!account) throw notFound("Account");
  if (account.billingMode === "CREDITS") {
    const amountKurus = request.kind === "improvement" ? config.improvementPriceKurus : articlePriceKurus(config, request.model);
    return reserveCredits(db, { ...request, amountKurus });
  }
  return reserveByokQuota(db, config, request);
}

async function reserveByokQuota(db: Database, config: BillingConfig, request: ChargeRequest): Promise<ChargeResult> {
  const { accountId, reference, now } = request;
  const licence = await findLicence(db, accountId);
  if (!licence)
    throw new AppError(
      "byok_licence_missing",
      "BYOK licence missing: this account has no bring-your-own-key licence; buy one with POST /api/billing/license",
    );
  if (licence.expiresAt <= toIsoSeconds(now)) {
    throw new AppError(
      "byok_licence_expired",
      `BYOK licence expired: the ${licence.kind} licence ended at ${licence.expiresAt}; renew it with POST /api/billing/license`,
    );
  }
  const [key] = await db.select({ provider: byokKeys.provider }).from(byokKeys).where(eq(byokKeys.accountId, accountId));
  if (!key) throw new AppError("byok_key_missing", "BYOK key missing: set your model provider key with PUT /api/billing/byok-key");

  const quota = config.licences[licence.kind].monthlyQuota;
  const month = quotaMonth(now);
  const claim = newClaimToken();
  // Counting and inserting in one statement: concurrent generations cannot both take the last unit.
  await db.run(sql`
    INSERT INTO charges (account_id, reference, mode, kind, amount_kurus, quota_month, status, claim_token, site_id, created_at)
    SELECT ${accountId}, ${reference}, 'byok', ${request.kind}, 0, ${month}, 'reserved', ${claim}, ${request.siteId ?? null}, ${toIsoSeconds(now)}
    WHERE (SELECT count(*) FROM charges WHERE account_id = ${accountId} AND mode = 'byok' AND quota_month = ${month} AND status != 'refunded') < ${quota}
      AND NOT EXISTS (SELECT 1 FROM charges WHERE account_id = ${accountId} AND reference = ${reference})`);
  const charge = await findCharge(db, accountId, reference);
  if (charge) return { charge, applied: charge.claimToken === claim };
  throw new AppError(
    "byok_quota_used",
    `BYOK quota used: all ${quota} articles of this month's quota (${month}) are used; it starts again at ${nextQuotaReset(now)}`,
  );
}
