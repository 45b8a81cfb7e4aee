import type { PaymentFailureCode } from "../../db/schema";
import { bytesToBase64, hmacSha256, timingSafeEqualText } from "../../core/crypto";
import { formatKurus } from "../../core/money";
import type { BasketItem, CallbackFields, PaymentNotification, PaytrCredentials } from "./port";

const encoder = new TextEncoder();

/** The fields of the get-token request that PayTR signs, as the exact strings posted. */
export interface TokenFields {
  merchant_id: string;
  user_ip: string;
  merchant_oid: string;
  email: string;
  payment_amount: string;
  user_basket: string;
  no_installment: string;
  max_installment: string;
  currency: string;
  test_mode: string;
}

/** `user_basket`: base64 of the JSON array `[[name, "unit price", quantity], …]` (PayTR's iFrame API, get-token). */
export function encodeBasket(items: BasketItem[]): string {
  const rows = items.map((item) => [item.name, formatKurus(item.unitPriceKurus), item.quantity]);
  return bytesToBase64(encoder.encode(JSON.stringify(rows)));
}

/** paytr_token = base64(HMAC-SHA256(merchant_key, the ten fields in PayTR's order + merchant_salt)). */
export async function paytrToken(credentials: PaytrCredentials, f: TokenFields): Promise<string> {
  const hashStr =
    f.merchant_id +
    f.user_ip +
    f.merchant_oid +
    f.email +
    f.payment_amount +
    f.user_basket +
    f.no_installment +
    f.max_installment +
    f.currency +
    f.test_mode;
  return bytesToBase64(await hmacSha256(credentials.merchantKey, hashStr + credentials.merchantSalt));
}

/** The callback hash: base64(HMAC-SHA256(merchant_key, merchant_oid + merchant_salt + status + total_amount)). */
export async function paytrCallbackHash(
  credentials: PaytrCredentials,
  merchantOid: string,
  status: string,
  totalAmount: string,
): Promise<string> {
  return bytesToBase64(await hmacSha256(credentials.merchantKey, merchantOid + credentials.merchantSalt + status + totalAmount));
}

/** A callback whose hash matches but whose signed values cannot be acted on. */
export class InvalidPaymentNotification extends Error {
  constructor(readonly reason: string) {
    super(`Payment callback with a valid hash ignored: ${reason}`);
  }
}

/**
 * Checks a callback's hash in constant time and reads its result; null when the hash is wrong,
 * InvalidPaymentNotification when it is right but a signed value is invalid. Failure fields are
 * not signed, so they are only reasons.
 */
export async function verifyPaytrCallback(credentials: PaytrCredentials, fields: CallbackFields): Promise<PaymentNotification | null> {
  const { merchant_oid: merchantOid = "", status = "", total_amount: totalAmount = "", hash = "" } = fields;
  const expected = await paytrCallbackHash(credentials, merchantOid, status, totalAmount);
  if (!timingSafeEqualText(hash, expected)) return null;
  // Signed by PayTR but not a value we can act on: say which field, so the log tells the truth.
  if (status !== "success" && status !== "failed")
    throw new InvalidPaymentNotification(`status '${status.slice(0, 40)}' is neither success nor failed`);
  if (!/^\d{1,12}$/.test(totalAmount))
    throw new InvalidPaymentNotification(`total_amount '${totalAmount.slice(0, 40)}' is not a whole number of kuruş`);
  const reason = [fields.failed_reason_code, fields.failed_reason_msg].filter(Boolean).join(": ");
  return {
    merchantOid,
    status,
    totalAmountKurus: Number(totalAmount),
    failedReason: status === "failed" ? reason.slice(0, 500) || "no reason given" : null,
    failedCode: status === "failed" ? paytrFailureCode(fields.failed_reason_code) : null,
    testMode: fields.test_mode === "1",
  };
}

/**
 * PayTR's failed_reason_code grouped into what the owner can act on (0: the bank's own message,
 * e.g. no limit left; 1, 2: authentication; 3, 11: security checks; 6: left or timed out;
 * 8: no instalments; 9: card not allowed; 10: 3-D Secure needed; 99: integration error).
 */
export function paytrFailureCode(code: string | undefined): PaymentFailureCode {
  const byCode: Record<string, PaymentFailureCode> = {
    "0": "declined",
    "1": "authentication_failed",
    "2": "authentication_failed",
    "3": "security_check_failed",
    "11": "security_check_failed",
    "6": "abandoned",
    "8": "instalment_not_supported",
    "9": "card_not_allowed",
    "10": "three_d_secure_required",
    "99": "integration_error",
  };
  return byCode[(code ?? "").trim()] ?? "other";
}
