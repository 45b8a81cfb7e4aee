import { useBalance } from "../../components/layout";
import { ErrorNotice, Loading, useErrorText } from "../../components/ui";
import { common } from "../../i18n/common";
import { useMessages } from "../../i18n/language";
import type { Schemas } from "../../api/client";
import { billingMessages } from "./messages";
import { useByokKey } from "./queries";

/** Credit balance, billing mode, the BYOK licence with this month's use, and which key is set. */
export function BalanceSection() {
  const { t, money, dateTime, number } = useMessages(billingMessages);
  const commonText = useMessages(common);
  const errorText = useErrorText();
  const balance = useBalance();
  const storedKey = useByokKey();
  return (
    <section className="card" aria-labelledby="balance-heading">
      <h2 id="balance-heading">{t("balance.heading")}</h2>
      {balance.isPending ? <Loading /> : null}
      <ErrorNotice error={balance.error} onRetry={() => void balance.refetch()} />
      {balance.data ? (
        <dl className="billing-facts">
          <div>
            <dt>{t("balance.credit")}</dt>
            <dd className="stat" data-testid="credit-balance">
              {money(balance.data.creditBalance)}
            </dd>
            {balance.data.reserved.count > 0 ? (
              <dd className="muted">
                {t("balance.reserved", { amount: money(balance.data.reserved.amount), count: number(balance.data.reserved.count) })}
              </dd>
            ) : null}
          </div>
          <div>
            <dt>{t("balance.mode")}</dt>
            <dd>{t(`mode.${balance.data.billingMode}`)}</dd>
          </div>
          <div>
            <dt>{t("balance.licence")}</dt>
            <dd>
              {balance.data.byok.kind && balance.data.byok.expiresAt ? (
                <>
                  {t("licence.state", { kind: t(`licence.kind.${balance.data.byok.kind}`), until: dateTime(balance.data.byok.expiresAt) })}
                  {balance.data.byok.quota !== null ? (
                    <>
                      <br />
                      <span className="muted">
                        {t("licence.use", { used: number(balance.data.byok.used), quota: number(balance.data.byok.quota) })}
                      </span>
                    </>
                  ) : null}
                </>
              ) : (
                t("licence.none")
              )}
            </dd>
          </div>
          <div>
            <dt>{t("balance.key")}</dt>
            <dd>
              {storedKey.isPending
                ? commonText.t("state.loading")
                : storedKey.data
                  ? t("key.state", {
                      provider: t(`provider.${storedKey.data.provider}`),
                      lastFour: storedKey.data.keyLastFour,
                      model: storedKey.data.model,
                    })
                  : storedKey.data === null
                    ? t("key.none")
                    : errorText(storedKey.error)}
            </dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}

/** What things cost: one article per model, an improvement, an agent message. */
export function PricesSection({ packages }: { packages: Schemas["Packages"] }) {
  const { t, money } = useMessages(billingMessages);
  return (
    <section className="card" aria-labelledby="prices-heading">
      <h2 id="prices-heading">{t("prices.heading")}</h2>
      <div className="table-wrap" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("prices.model")}</th>
              <th scope="col">{t("prices.perArticle")}</th>
            </tr>
          </thead>
          <tbody>
            {packages.articlePrices.map((row) => (
              <tr key={row.model}>
                <td>
                  <code>{row.model}</code>
                </td>
                <td className="nowrap">{money(row.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul>
        <li>{t("prices.improvement", { price: money(packages.improvementPrice) })}</li>
        <li>{Number(packages.chatPrice) === 0 ? t("prices.chatFree") : t("prices.chat", { price: money(packages.chatPrice) })}</li>
      </ul>
    </section>
  );
}
