import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, unwrap, type Schemas } from "../../api/client";
import { BALANCE_KEY } from "../../components/layout";
import { ErrorNotice, fieldError, Loading, Notice, SelectField, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { billingMessages } from "./messages";
import { PaymentProgress, startPayment, type StartedPayment } from "./payment-progress";
import { BYOK_KEY_KEY, useByokKey } from "./queries";

type Licence = Schemas["Packages"]["licences"][number];
type Provider = Schemas["ByokKeyRequest"]["provider"];

const DEFAULT_MODELS: Record<Provider, string> = { openai: "gpt-4o-mini", anthropic: "claude-sonnet-4-5" };

export function ByokSection({ licences }: { licences: Licence[] | undefined }) {
  const { t } = useMessages(billingMessages);
  return (
    <section className="card" aria-labelledby="byok-heading">
      <h2 id="byok-heading">{t("byok.heading")}</h2>
      <p>{t("byok.intro")}</p>
      <h3>{t("byok.licences")}</h3>
      {licences ? <LicencePurchase licences={licences} /> : <Loading />}
      <h3>{t("byok.keyHeading")}</h3>
      <p className="muted">{t("byok.keyIntro")}</p>
      <ByokKeyForm />
    </section>
  );
}

function LicencePurchase({ licences }: { licences: Licence[] }) {
  const { t, money } = useMessages(billingMessages);
  const [started, setStarted] = useState<StartedPayment | null>(null);
  const buy = useMutation({
    mutationFn: (kind: Licence["kind"]) => startPayment(() => unwrap(api.POST("/api/billing/license", { body: { kind } }))),
    onSuccess: setStarted,
  });
  const purchase = (licence: Licence) => {
    const words = { kind: t(`byok.kindLower.${licence.kind}`), price: money(licence.price), quota: licence.monthlyQuota };
    if (!window.confirm(t("byok.confirm", words))) return;
    setStarted(null);
    buy.mutate(licence.kind);
  };
  return (
    <>
      <ErrorNotice error={buy.error} />
      <ul className="licence-list">
        {licences.map((licence) => {
          const words = {
            kind: t(`licence.kind.${licence.kind}`),
            price: money(licence.price),
            months: licence.months,
            quota: licence.monthlyQuota,
          };
          const pending = buy.isPending && buy.variables === licence.kind;
          return (
            <li key={licence.kind}>
              <span>{licence.months === 1 ? t("byok.licenceRowOne", words) : t("byok.licenceRow", words)}</span>
              <button type="button" className="secondary" disabled={buy.isPending} onClick={() => purchase(licence)}>
                {pending ? t("byok.buying") : t("byok.buy", { kind: t(`byok.kindLower.${licence.kind}`), price: money(licence.price) })}
              </button>
            </li>
          );
        })}
      </ul>
      {started ? <PaymentProgress key={started.checkout.merchantOid} started={started} onClose={() => setStarted(null)} /> : null}
    </>
  );
}

function ByokKeyForm() {
  const { t } = useMessages(billingMessages);
  const queryClient = useQueryClient();
  const storedKey = useByokKey();
  const [provider, setProvider] = useState<Provider>("openai");
  const [apiKey, setApiKey] = useState("");
  const [model, setModel] = useState("");
  const [missingKey, setMissingKey] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PUT("/api/billing/byok-key", { body: { provider, apiKey: apiKey.trim(), ...(model.trim() ? { model: model.trim() } : {}) } }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(BYOK_KEY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
      // The key is never kept in the page once stored.
      setApiKey("");
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissingKey(apiKey.trim() === "");
    if (apiKey.trim() === "") return;
    save.mutate();
  };

  return (
    <>
      <ByokKeyState storedKey={storedKey.data} error={storedKey.error} isPending={storedKey.isPending} />
      <form onSubmit={submit} noValidate>
        <ErrorNotice error={save.error} />
        {save.isSuccess ? (
          <Notice tone="success">
            {t("byok.saved", { provider: t(`provider.${save.data.provider}`), lastFour: save.data.keyLastFour, model: save.data.model })}
          </Notice>
        ) : null}
        <SelectField
          label={t("byok.provider")}
          value={provider}
          onChange={(event) => setProvider(event.target.value as Provider)}
          error={fieldError(save.error, "provider")}
        >
          <option value="openai">{t("provider.openai")}</option>
          <option value="anthropic">{t("provider.anthropic")}</option>
        </SelectField>
        <TextField
          label={t("byok.apiKey")}
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          hint={t("byok.apiKeyHint")}
          error={missingKey ? t("byok.keyRequired") : fieldError(save.error, "apiKey")}
        />
        <TextField
          label={t("byok.model")}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={model}
          onChange={(event) => setModel(event.target.value)}
          hint={t("byok.modelHint", { model: DEFAULT_MODELS[provider] })}
          error={fieldError(save.error, "model")}
        />
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? t("byok.saving") : storedKey.data ? t("byok.replace") : t("byok.save")}
        </button>
      </form>
    </>
  );
}

function ByokKeyState({
  storedKey,
  error,
  isPending,
}: {
  storedKey: Schemas["ByokKey"] | null | undefined;
  error: unknown;
  isPending: boolean;
}) {
  const { t, dateTime } = useMessages(billingMessages);
  if (isPending) return <Loading />;
  if (error) return <ErrorNotice error={error} />;
  if (!storedKey) return <p>{t("key.none")}</p>;
  return (
    <p>
      {t("key.state", { provider: t(`provider.${storedKey.provider}`), lastFour: storedKey.keyLastFour, model: storedKey.model })}{" "}
      <span className="muted">
        {storedKey.verified && storedKey.verifiedAt ? t("key.verified", { when: dateTime(storedKey.verifiedAt) }) : t("key.unverified")}
      </span>
    </p>
  );
}
