import { and, eq, ne, sql } from "drizzle-orm";
import type { CallbackFields, PaymentNotification, PaymentProvider } from "../adapters/paytr/port";
import type { Database } from "../db/client";
import { accounts, payments, type LicenceKind, type PaymentPurpose } from "../db/schema";
import { randomBase62 } from "../core/crypto";
import { InvalidPaymentNotification } from "../adapters/paytr/hash";
import { AppError, notFound } from "../core/errors";
import { log } from "../core/logger";
import { formatKurus } from "../core/money";
import { toIsoSeconds } from "../core/time";
import type { BillingConfig } from "../config";
import { runBatch } from "../db/batch";
import { moveBalance, newClaimToken, recordLedgerRow } from "./ledger";
import { extendedExpiry, findLicence } from "./licence";

export type Payment = typeof payments.$inferSelect;

export interface PaymentStart {
  account: { id: string; email: string };
  /** The paying customer's public IP (PayTR signs it). */
  userIp: string;
  /** Where the payment page sends the browser afterwards. */
  returnUrl: string;
  now: Date;
}

export interface StartedPayment {
  paymentToken: string;
  merchantOid: string;
  iframeUrl: string;
}

const LICENCE_NAMES: Record<LicenceKind, string> = { BYOK_MONTHLY: "BYOK licence, 1 month", BYOK_YEARLY: "BYOK licence, 12 months" };
/** Concurrent licence callbacks of one account retry on each other's change of the expiry. */
const LICENCE_ATTEMPTS = 5;

/** PayTR order ids must be alphanumeric (no `_`), at most 64 characters. */
function newMerchantOid(): string {
  return `pay${randomBase62(24)}`;
}

/** Starts a credit top-up of `amountKurus`; 400 outside the configured bounds. Credit arrives only with the paid callback. */
export async function startTopup(
  db: Database,
  provider: PaymentProvider,
  config: BillingConfig,
  input: PaymentStart & { amountKurus: number },
) {
  if (input.amountKurus < config.topupMinKurus || input.amountKurus > config.topupMaxKurus) {
    throw new AppError(
      "invalid_request",
      `Body field 'amountTry': a top-up is between ${formatKurus(config.topupMinKurus)} and ${formatKurus(config.topupMaxKurus)} TRY`,
      [
        {
          path: "amountTry",
          code: "out_of_range",
          message: `must be between ${formatKurus(config.topupMinKurus)} and ${formatKurus(config.topupMaxKurus)}`,
          minimum: config.topupMinKurus / 100,
          maximum: config.topupMaxKurus / 100,
        },
      ],
    );
  }
  return startPayment(db, provider, input, {
    purpose: "topup",
    licenceKind: null,
    amountKurus: input.amountKurus,
    itemName: `Credit top-up ${formatKurus(input.amountKurus)} TRY`,
  });
}

/** Starts the purchase of a BYOK licence at its configured price; the licence starts or extends with the paid callback. */
export async function startLicencePurchase(
  db: Database,
  provider: PaymentProvider,
  config: BillingConfig,
  input: PaymentStart & { kind: LicenceKind },
) {
  const amountKurus = config.licences[input.kind].priceKurus;
  return startPayment(db, provider, input, {
    purpose: "licence",
    licenceKind: input.kind,
    amountKurus,
    itemName: LICENCE_NAMES[input.kind],
  });
}

async function startPayment(
  db: Database,
  provider: PaymentProvider,
  input: PaymentStart,
  order: { purpose: PaymentPurpose; licenceKind: LicenceKind | null; amountKurus: number; itemName: string },
): Promise<StartedPayment> {
  const merchantOid = newMerchantOid();
  // Stored before the provider hears of it, so no callback can arrive for an order we do not know.
  await db.insert(payments).values({
    merchantOid,
    accountId: input.account.id,
    provider: provider.name,
    purpose: order.purpose,
    licenceKind: order.licenceKind,
    amountKurus: order.amountKurus,
    testMode: provider.testMode,
    createdAt: toIsoSeconds(input.now),
  });
  try {
    const checkout = await provider.createCheckout({
      merchantOid,
      email: input.account.email,
      userIp: input.userIp,
      amountKurus: order.amountKurus,
      basket: [{ name: order.itemName, unitPriceKurus: order.amountKurus, quantity: 1 }],
      userName: input.account.email,
      okUrl: input.returnUrl,
      failUrl: input.returnUrl,
    });
    return { paymentToken: checkout.paymentToken, merchantOid, iframeUrl: checkout.iframeUrl };
  } catch (error) {
    await db
      .update(payments)
      .set({
        status: "failed",
        failedReason: "The payment page could not be created",
        failedCode: "page_not_created",
        completedAt: toIsoSeconds(new Date()),
      })
      .where(and(eq(payments.merchantOid, merchantOid), eq(payments.status, "pending")));
    throw error;
  }
}

/**
 * Acts on a payment provider's callback: a wrong hash is 401 and changes nothing; a failure
 * marks the payment failed; a success credits the top-up or starts/extends the licence, once,
 * however often the callback repeats (`applied` says whether this call did it).
 */
export async function handlePaymentCallback(
  db: Database,
  provider: PaymentProvider,
  config: BillingConfig,
  fields: CallbackFields,
  now: Date,
): Promise<{ payment: Payment | null; applied: boolean }> {
  let notification: Awaited<ReturnType<PaymentProvider["verifyNotification"]>>;
  try {
    notification = await provider.verifyNotification(fields);
  } catch (error) {
    if (!(error instanceof InvalidPaymentNotification)) throw error;
    // PayTR repeats a callback until it reads OK; this one can never succeed, so it gets OK
    // (nothing is credited) and the log says which field was wrong.
    log("error", "payment_callback_invalid_value", { merchantOid: fields.merchant_oid?.slice(0, 64), reason: error.reason });
    return { payment: null, applied: false };
  }
  if (!notification) {
    log("warn", "payment_callback_bad_hash", { merchantOid: fields.merchant_oid?.slice(0, 64) });
    throw new AppError("unauthorized", "Payment callback rejected: the hash does not match; nothing was changed");
  }
  const payment = await findPayment(db, notification.merchantOid);
  if (!payment) {
    log("error", "payment_callback_unknown_order", { merchantOid: notification.merchantOid });
    throw notFound("Payment");
  }
  if (notification.status === "failed") return markFailed(db, payment, notification, now);
  if (notification.totalAmountKurus < payment.amountKurus) {
    log("error", "payment_callback_amount_short", {
      merchantOid: payment.merchantOid,
      expected: payment.amountKurus,
      paid: notification.totalAmountKurus,
    });
    throw new AppError(
      "invalid_request",
      `Payment callback rejected: total_amount ${notification.totalAmountKurus} is below the order's ${payment.amountKurus}; nothing was changed`,
    );
  }
  return payment.purpose === "topup"
    ? completeTopup(db, payment, notification, now)
    : completeLicence(db, config, payment, notification, now);
}

async function markFailed(db: Database, payment: Payment, notification: PaymentNotification, now: Date) {
  const [failed] = await db
    .update(payments)
    .set({ status: "failed", failedReason: notification.failedReason, failedCode: notification.failedCode, completedAt: toIsoSeconds(now) })
    .where(and(eq(payments.merchantOid, payment.merchantOid), eq(payments.status, "pending")))
    .returning();
  return { payment: failed ?? payment, applied: Boolean(failed) };
}

// A success after a reported failure still counts: the provider's signed word that money arrived wins.
function claimPayment(
  db: Database,
  payment: Payment,
  notification: PaymentNotification,
  claim: string,
  now: Date,
  extraGuard = sql`1 = 1`,
) {
  return db
    .update(payments)
    .set({
      status: "succeeded",
      paidAmountKurus: notification.totalAmountKurus,
      claimToken: claim,
      completedAt: toIsoSeconds(now),
      failedReason: null,
    })
    .where(and(eq(payments.merchantOid, payment.merchantOid), ne(payments.status, "succeeded"), extraGuard));
}

function paidWith(payment: Payment): string {
  if (payment.provider === "offline") return "with an offline test payment";
  return payment.testMode ? "with PayTR (test mode)" : "with PayTR";
}

async function completeTopup(db: Database, payment: Payment, notification: PaymentNotification, now: Date) {
  const claim = newClaimToken();
  const claimed = sql`EXISTS (SELECT 1 FROM payments WHERE merchant_oid = ${payment.merchantOid} AND claim_token = ${claim})`;
  const note = `Top-up paid ${paidWith(payment)}`;
  await runBatch(db, [
    claimPayment(db, payment, notification, claim, now),
    moveBalance(payment.accountId, payment.amountKurus, claimed),
    recordLedgerRow(
      {
        accountId: payment.accountId,
        kind: "topup",
        amountKurus: payment.amountKurus,
        reference: `payment:${payment.merchantOid}`,
        note,
        now,
      },
      claimed,
    ),
  ]);
  const after = (await findPayment(db, payment.merchantOid))!;
  return { payment: after, applied: after.claimToken === claim };
}

async function completeLicence(db: Database, config: BillingConfig, payment: Payment, notification: PaymentNotification, now: Date) {
  const kind = payment.licenceKind!;
  for (let attempt = 0; attempt < LICENCE_ATTEMPTS; attempt++) {
    const current = await findLicence(db, payment.accountId);
    const expiresAt = extendedExpiry(current?.expiresAt ?? null, now, config.licences[kind].months);
    const claim = newClaimToken();
    const claimed = sql`EXISTS (SELECT 1 FROM payments WHERE merchant_oid = ${payment.merchantOid} AND claim_token = ${claim})`;
    // The claim holds only while the expiry is still the one we extended from.
    const expiryUnchanged = sql`(SELECT expires_at FROM byok_licences WHERE account_id = ${payment.accountId}) IS ${current?.expiresAt ?? null}`;
    const at = toIsoSeconds(now);
    const note = `${kind} licence paid ${paidWith(payment)} (${formatKurus(payment.amountKurus)} TRY), valid until ${expiresAt}`;
    await runBatch(db, [
      claimPayment(db, payment, notification, claim, now, expiryUnchanged),
      sql`
        INSERT INTO byok_licences (account_id, kind, expires_at, created_at, updated_at)
        SELECT ${payment.accountId}, ${kind}, ${expiresAt}, ${at}, ${at} WHERE ${claimed}
        ON CONFLICT (account_id) DO UPDATE SET kind = excluded.kind, expires_at = excluded.expires_at, updated_at = excluded.updated_at`,
      db
        .update(accounts)
        .set({ billingMode: kind })
        .where(and(eq(accounts.id, payment.accountId), claimed)),
      recordLedgerRow(
        { accountId: payment.accountId, kind: "licence", amountKurus: 0, reference: `payment:${payment.merchantOid}`, note, now },
        claimed,
      ),
    ]);
    const after = (await findPayment(db, payment.merchantOid))!;
    if (after.claimToken === claim) return { payment: after, applied: true };
    if (after.status === "succeeded") return { payment: after, applied: false };
  }
  throw new AppError("conflict", "The licence changed while this payment was applied; the provider will repeat the callback");
}

export async function findPayment(db: Database, merchantOid: string): Promise<Payment | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.merchantOid, merchantOid));
  return payment;
}

/** One of the account's payments; another account's is 404 like a missing one. */
export async function getPayment(db: Database, accountId: string, merchantOid: string): Promise<Payment> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantOid, merchantOid), eq(payments.accountId, accountId)));
  if (!payment) throw notFound("Payment");
  return payment;
}
