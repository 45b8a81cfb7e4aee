import type { Schemas } from "../../api/client";
import { ErrorNotice, Loading, Pager } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { usePageParam } from "../../lib/url";
import { billingMessages } from "./messages";
import { useTransactions } from "./queries";

// The API answers the last 100 movements at once (no page parameters): paged here.
const PER_PAGE = 20;

export function TransactionsSection() {
  const { t } = useMessages(billingMessages);
  const transactions = useTransactions();
  const [page, setPage] = usePageParam();
  const rows = transactions.data ?? [];
  const totalPages = Math.max(1, Math.ceil(rows.length / PER_PAGE));
  const shownPage = Math.min(page, totalPages);
  const shown = rows.slice((shownPage - 1) * PER_PAGE, shownPage * PER_PAGE);
  return (
    <section aria-labelledby="transactions-heading">
      <h2 id="transactions-heading">{t("transactions.heading")}</h2>
      <p className="muted">{t("transactions.intro")}</p>
      {transactions.isPending ? <Loading /> : null}
      <ErrorNotice error={transactions.error} onRetry={() => void transactions.refetch()} />
      {transactions.data && rows.length === 0 ? <p>{t("transactions.empty")}</p> : null}
      {shown.length > 0 ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">{t("transactions.time")}</th>
                  <th scope="col">{t("transactions.kind")}</th>
                  <th scope="col">{t("transactions.amount")}</th>
                  <th scope="col">{t("transactions.balanceAfter")}</th>
                  <th scope="col">{t("transactions.note")}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <TransactionRow key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={shownPage} totalPages={totalPages} total={rows.length} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function TransactionRow({ row }: { row: Schemas["Transaction"] }) {
  const { t, money, dateTime } = useMessages(billingMessages);
  const credited = Number(row.amount) > 0;
  return (
    <tr>
      <th scope="row" className="nowrap cell-name">
        {dateTime(row.createdAt)}
      </th>
      <td data-label={t("transactions.kind")}>{t(`kind.${row.kind}`)}</td>
      {/* The sign carries the direction; the colour only repeats it. */}
      <td className={`nowrap${credited ? " amount-positive" : ""}`} data-label={t("transactions.amount")}>
        {credited ? "+" : ""}
        {money(row.amount)}
      </td>
      <td className="nowrap" data-label={t("transactions.balanceAfter")}>
        {money(row.balanceAfter)}
      </td>
      <td className="cell-wide" data-label={t("transactions.note")}>
        {row.note ?? "—"}
      </td>
    </tr>
  );
}
