import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, unwrap, type Schemas } from "../../api/client";
import { BALANCE_KEY } from "../../components/layout";
import { ErrorNotice, Notice, useErrorText } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { billingMessages } from "./messages";
import { completeOfflinePayment, isOfflineCheckout } from "./offline-payment";
import { BYOK_KEY_KEY, TRANSACTIONS_KEY } from "./queries";

/** A payment just started: its checkout, and (offline provider) whether completing it locally failed. */
export interface StartedPayment {
  checkout: Schemas["Checkout"];
  offline: boolean;
  offlineError: unknown;
}

/** Starts a top-up or licence payment; with the offline provider it is completed at once (see offline-payment.ts). */
export async function startPayment(start: () => Promise<Schemas["Checkout"]>): Promise<StartedPayment> {
  const checkout = await start();
  const offline = isOfflineCheckout(checkout);
  let offlineError: unknown = null;
  if (offline) await completeOfflinePayment(checkout.merchantOid).catch((error: unknown) => (offlineError = error));
  return { checkout, offline, offlineError };
}

const POLL_MS = 2000;

/** PayTR's payment page for the token, as PayTR's iFrame API shows it. */
function paymentPageUrl(checkout: Schemas["Checkout"]): string {
  return checkout.iframeUrl.startsWith("https://")
    ? checkout.iframeUrl
    : `https://www.paytr.com/odeme/guvenli/${encodeURIComponent(checkout.paymentToken)}`;
}

/**
 * Follows a payment until it settles (GET /billing/payments/{merchantOid} every 2 s): PayTR's page
 * in an iframe meanwhile, then the outcome in words. The balance is refreshed when it succeeds.
 */
export function PaymentProgress({ started, onClose }: { started: StartedPayment; onClose(): void }) {
  const { t, money, dateTime } = useMessages(billingMessages);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { merchantOid } = started.checkout;
  const payment = useQuery({
    queryKey: ["/api/billing/payments/{merchantOid}", merchantOid],
    queryFn: () => unwrap(api.GET("/api/billing/payments/{merchantOid}", { params: { path: { merchantOid } } })),
    refetchInterval: (query) => (query.state.data?.status === "pending" || !query.state.data ? POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const status = payment.data?.status;
  const [balanceAfter, setBalanceAfter] = useState<Schemas["Balance"] | null>(null);

  useEffect(() => {
    if (status !== "succeeded") return;
    let current = true;
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: BALANCE_KEY }),
      queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: BYOK_KEY_KEY }),
    ]).then(() => {
      if (current) setBalanceAfter(queryClient.getQueryData<Schemas["Balance"]>(BALANCE_KEY) ?? null);
    });
    return () => {
      current = false;
    };
  }, [status, queryClient]);

  if (!payment.data) {
    return payment.error ? (
      <ErrorNotice error={payment.error} onRetry={() => void payment.refetch()} />
    ) : (
      <Notice>{t("payment.waiting")}</Notice>
    );
  }
  const { data } = payment;

  if (data.status === "succeeded") {
    const licenceUntil = data.purpose === "licence" ? balanceAfter?.byok.expiresAt : null;
    return (
      <div className="notice notice-success" role="status" data-testid="payment-outcome">
        <p className="payment-line">
          {t("payment.received", { amount: money(data.amount) })}{" "}
          {balanceAfter && data.purpose === "topup" ? t("payment.newBalance", { balance: money(balanceAfter.creditBalance) }) : null}
          {licenceUntil ? t("payment.licenceUntil", { until: dateTime(licenceUntil) }) : null}
        </p>
        {started.offline ? <p>{t("payment.simulated")}</p> : null}
        <button type="button" className="secondary" onClick={onClose}>
          {t("payment.close")}
        </button>
      </div>
    );
  }

  if (data.status === "failed") {
    return (
      <div className="notice notice-error" role="alert" data-testid="payment-outcome">
        <p className="payment-line">
          {t("payment.failed", {
            // In the owner's words by its code; the provider's own text only for a payment recorded before codes.
            reason: data.failedCode ? t(`payment.failedCode.${data.failedCode}`) : (data.failedReason ?? t("payment.failedNoReason")),
          })}
        </p>
        <button type="button" className="secondary" onClick={onClose}>
          {t("payment.close")}
        </button>
      </div>
    );
  }

  if (started.offline) {
    return (
      <div>
        {started.offlineError ? (
          <div className="notice notice-warning" role="alert">
            {t("payment.offlineFailed", { message: errorText(started.offlineError) })}
          </div>
        ) : (
          <Notice>{t("payment.offline")}</Notice>
        )}
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t("payment.cancel")}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div>
      <Notice>
        {t("payment.payBelow", { amount: money(data.amount) })} {data.testMode ? t("payment.testMode") : null}
      </Notice>
      <iframe className="payment-frame" title={t("payment.frameTitle")} src={paymentPageUrl(started.checkout)} allow="payment" />
      <div className="actions">
        <button type="button" className="secondary" onClick={onClose}>
          {t("payment.cancel")}
        </button>
      </div>
    </div>
  );
}
