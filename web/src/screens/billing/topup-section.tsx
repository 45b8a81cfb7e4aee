import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, unwrap, type Schemas } from "../../api/client";
import { ErrorNotice, fieldError, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { billingMessages } from "./messages";
import { PaymentProgress, startPayment, type StartedPayment } from "./payment-progress";

const SUGGESTED_AMOUNT = 150;

function suggestedAmount(bounds: Schemas["Packages"]["topup"] | undefined): string {
  if (!bounds) return String(SUGGESTED_AMOUNT);
  return String(Math.min(Math.max(SUGGESTED_AMOUNT, Number(bounds.min)), Number(bounds.max)));
}

/** Lira with at most two decimals, or null. */
function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed);
}

export function TopupSection({ bounds }: { bounds: Schemas["Packages"]["topup"] | undefined }) {
  const { t, money } = useMessages(billingMessages);
  const [typed, setTyped] = useState<string | null>(null);
  const amount = typed ?? suggestedAmount(bounds);
  const [localError, setLocalError] = useState<string | undefined>();
  const [started, setStarted] = useState<StartedPayment | null>(null);
  const topup = useMutation({
    mutationFn: (amountTry: number) => startPayment(() => unwrap(api.POST("/api/billing/topup", { body: { amountTry } }))),
    onSuccess: setStarted,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseAmount(amount);
    if (value === null) return setLocalError(t("topup.invalid"));
    if (bounds && (value < Number(bounds.min) || value > Number(bounds.max)))
      return setLocalError(t("topup.outOfBounds", { min: money(bounds.min), max: money(bounds.max) }));
    setLocalError(undefined);
    setStarted(null);
    topup.mutate(value);
  };

  return (
    <section className="card" aria-labelledby="topup-heading">
      <h2 id="topup-heading">{t("topup.heading")}</h2>
      <p className="muted">{t("topup.intro")}</p>
      <form onSubmit={submit} noValidate>
        <ErrorNotice error={topup.error} />
        <TextField
          label={t("topup.amount")}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={bounds?.min}
          max={bounds?.max}
          value={amount}
          onChange={(event) => setTyped(event.target.value)}
          hint={bounds ? t("topup.bounds", { min: money(bounds.min), max: money(bounds.max) }) : undefined}
          error={localError ?? fieldError(topup.error, "amountTry")}
        />
        <button type="submit" disabled={topup.isPending}>
          {topup.isPending ? t("topup.working") : t("topup.submit")}
        </button>
      </form>
      {started ? <PaymentProgress key={started.checkout.merchantOid} started={started} onClose={() => setStarted(null)} /> : null}
    </section>
  );
}
