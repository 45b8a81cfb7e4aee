import { verifyPaytrCallback } from "./hash";
import type { Checkout, CheckoutRequest, PaymentProvider, PaytrCredentials } from "./port";

/** Used when no store credentials are set, so `npm run dev` works out of the box (docs/guides/billing.md). */
export const OFFLINE_CREDENTIALS: PaytrCredentials = {
  merchantId: "offline",
  merchantKey: "offline-merchant-key",
  merchantSalt: "offline-merchant-salt",
};

/**
 * The offline stand-in for local runs: no payment page exists, so a checkout only names the
 * order; the payment is completed by posting a callback signed like PayTR's (docs/guides/billing.md).
 */
export function createOfflinePaymentProvider(credentials: PaytrCredentials = OFFLINE_CREDENTIALS): PaymentProvider {
  return {
    name: "offline",
    testMode: true,
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      return { paymentToken: `offline-${request.merchantOid}`, iframeUrl: "about:blank" };
    },
    verifyNotification: (fields) => verifyPaytrCallback(credentials, fields),
  };
}
