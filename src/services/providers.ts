import { createModelKeyChecker } from "../adapters/llm-key-check/client";
import { createOfflineKeyChecker } from "../adapters/llm-key-check/offline";
import type { ModelKeyChecker } from "../adapters/llm-key-check/port";
import { createPaytrClient } from "../adapters/paytr/client";
import { createOfflinePaymentProvider } from "../adapters/paytr/offline";
import type { PaymentProvider } from "../adapters/paytr/port";
import type { Config } from "../config";
import { AppError } from "../core/errors";

/** The configured payment provider; 500 when PayTR is chosen but not configured, or offline in production. */
export function paymentProvider(config: Config, fetch: typeof globalThis.fetch): PaymentProvider {
  const billing = config.billing;
  if (billing.paymentProvider === "offline") {
    if (config.environment === "production") {
      throw new AppError(
        "internal_error",
        "Payments are unavailable: the offline payment provider cannot be used in production (set PAYMENT_PROVIDER=paytr)",
      );
    }
    return createOfflinePaymentProvider(billing.paytr ?? undefined);
  }
  if (!billing.paytr) {
    throw new AppError(
      "internal_error",
      "Payments are unavailable: PAYTR_MERCHANT_ID, PAYTR_MERCHANT_KEY and PAYTR_MERCHANT_SALT are not all set",
    );
  }
  return createPaytrClient({ credentials: billing.paytr, testMode: billing.paytrTestMode, fetch, timeoutMs: config.outboundTimeoutMs });
}

export function keyChecker(config: Config, fetch: typeof globalThis.fetch): ModelKeyChecker {
  if (config.billing.byokKeyCheck === "offline") {
    refuseOfflineInProduction(config, "BYOK_KEY_CHECK=offline");
    return createOfflineKeyChecker();
  }
  return createModelKeyChecker({ fetch, timeoutMs: config.outboundTimeoutMs });
}

/**
 * Offline providers write labelled drafts and estimated volumes: fine on a laptop, wrong for a
 * paying customer. Production refuses them unless the operator says otherwise.
 */
export function refuseOfflineInProduction(config: Config, what: string): void {
  if (config.environment === "production" && !config.providers.allowOffline) {
    throw new AppError(
      "internal_error",
      `Generation is unavailable: ${what} is an offline provider, refused in production (set ALLOW_OFFLINE_PROVIDERS=true to allow it)`,
    );
  }
}
