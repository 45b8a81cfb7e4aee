import { createModelKeyChecker } from "../adapters/llm-key-check/client";
import { createOfflineKeyChecker } from "../adapters/llm-key-check/offline";
import type { ModelKeyChecker } from "../adapters/llm-key-check/port";
import { createPaytrClient } from "../adapters/paytr/client";
import { createOfflinePaymentProvider } from "../adapters/paytr/offline";
import type { PaymentProvider } from "../adapters/paytr/port";
import { AppError } from "../core/errors";
import type { Config } from "../env";
import type { OutboundFetch } from "../http/outbound-fetch";

/** The configured payment provider; 500 when PayTR is chosen but not configured, or offline in production. */
export function paymentProviderFor(config: Config, fetch: OutboundFetch): PaymentProvider {
  const billing = config.billing;
  if (billing.paymentProvider === "offline") {
    if (config.environment === "production") {
      throw new AppError("internal_error", "Payments are unavailable: the offline payment provider cannot be used in production (set PAYMENT_PROVIDER=paytr)");
    }
    return createOfflinePaymentProvider(billing.paytr ?? undefined);
  }
  if (!billing.paytr) {
    throw new AppError("internal_error", "Payments are unavailable: PAYTR_MERCHANT_ID, PAYTR_MERCHANT_KEY and PAYTR_MERCHANT_SALT are not all set");
  }
  return createPaytrClient({ credentials: billing.paytr, testMode: billing.paytrTestMode, fetch, timeoutMs: config.outboundTimeoutMs });
}

export function keyCheckerFor(config: Config, fetch: OutboundFetch): ModelKeyChecker {
  if (config.billing.byokKeyCheck === "offline") return createOfflineKeyChecker();
  return createModelKeyChecker({ fetch, timeoutMs: config.outboundTimeoutMs });
}
