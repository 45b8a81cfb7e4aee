// Local runs only. With PAYMENT_PROVIDER=offline a checkout has no payment page
// (iframeUrl "about:blank"), and a payment is completed by posting PayTR's callback signed
// with the offline store's published test key and salt (README, "Testing a top-up locally";
// src/adapters/paytr/offline.ts). The panel plays PayTR the same way, so that Top up ends with
// the payment completed. The offline provider is refused in production, and these are not
// secrets: they are the documented placeholders of that provider.
import { api, ApiError, unwrap, type Schemas } from "../../api/client";

const OFFLINE_MERCHANT_KEY = "offline-merchant-key";
const OFFLINE_MERCHANT_SALT = "offline-merchant-salt";

export function isOfflineCheckout(checkout: Schemas["Checkout"]): boolean {
  return checkout.iframeUrl === "about:blank" || checkout.paymentToken.startsWith("offline-");
}

/** "150.00" → "15000": PayTR's total_amount is whole kuruş. */
function toKurus(amount: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`unexpected amount ${amount}`);
  return String(Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")));
}

async function callbackHash(merchantOid: string, status: string, totalAmount: string): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new Error("Web Crypto needs a secure context (https or localhost)");
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(OFFLINE_MERCHANT_KEY), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const signature = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, encoder.encode(merchantOid + OFFLINE_MERCHANT_SALT + status + totalAmount)),
  );
  return btoa(String.fromCharCode(...signature));
}

/** Posts the signed "success" callback for one of the account's pending offline payments. */
export async function completeOfflinePayment(merchantOid: string): Promise<void> {
  const payment = await unwrap(api.GET("/api/billing/payments/{merchantOid}", { params: { path: { merchantOid } } }));
  const totalAmount = toKurus(payment.amount);
  const hash = await callbackHash(merchantOid, "success", totalAmount);
  // Plain fetch, not the panel's client: a refused callback is 401, which must not sign the user out.
  const response = await fetch("/api/billing/callback/paytr", {
    method: "POST",
    credentials: "omit",
    body: new URLSearchParams({ merchant_oid: merchantOid, status: "success", total_amount: totalAmount, hash }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Partial<Schemas["Error"]>;
    throw new ApiError(response.status, body.code ?? "unknown", body.message ?? response.statusText);
  }
}
