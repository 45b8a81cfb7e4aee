// One plan item's page: what it is, why it waits in REVIEW, and the research its article was
// written against (item-research.tsx). Opened from the item's "Research" link on the plan.
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { api, ApiError, unwrap, type Schemas } from "../../api/client";
import { ReviewReasonList } from "../../components/review-reasons";
import { ErrorNotice, Loading, PageTitle } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { qualityMessages } from "../../i18n/quality";
import { ItemResearch } from "./item-research";
import { planMessages } from "./messages";
import { ItemStatusBadge, itemKey, useProviderName } from "./shared";
import "./plans.css";

type ItemDetail = Schemas["PlanItemDetail"];

export function ItemScreen() {
  const { planId = "", itemId = "" } = useParams<{ planId: string; itemId: string }>();
  const { t } = useMessages(planMessages);
  const item = useQuery({
    queryKey: itemKey(itemId),
    queryFn: () => unwrap(api.GET("/api/autopilot/items/{itemId}", { params: { path: { itemId } } })),
  });
  const title = item.data ? t("item.title", { title: item.data.title }) : t("item.titleFallback");
  return (
    <section className="plans-screen" aria-labelledby="page-title">
      <p>
        <Link href={`/plans/${item.data?.planId ?? planId}`}>← {t("item.back")}</Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      {item.isPending ? <Loading /> : null}
      {item.error instanceof ApiError && item.error.status === 404 ? (
        <p role="alert">{t("item.notFound")}</p>
      ) : (
        <ErrorNotice error={item.error} onRetry={() => void item.refetch()} />
      )}
      {item.data ? (
        <>
          <ItemSummary item={item.data} />
          <ReviewWait item={item.data} />
          {item.data.research ? <ItemResearch research={item.data.research} /> : <p>{t("item.notResearched")}</p>}
        </>
      ) : null}
    </section>
  );
}

function ItemSummary({ item }: { item: ItemDetail }) {
  const { t, dateTime, locale } = useMessages(planMessages);
  const providerName = useProviderName();
  const research = item.research;
  const usd = new Intl.NumberFormat(locale, { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return (
    <section className="card" aria-labelledby="item-summary-title">
      <h2 id="item-summary-title">{t("plan.summary")}</h2>
      <dl className="plan-facts">
        <dt>{t("items.column.status")}</dt>
        <dd>
          <ItemStatusBadge status={item.status} />
        </dd>
        <dt>{t("items.column.keyword")}</dt>
        <dd>{item.targetKeyword}</dd>
        {research ? (
          <>
            <dt>{t("item.query")}</dt>
            <dd>{research.query}</dd>
            <dt>{t("item.provider")}</dt>
            <dd>{providerName(research.provider)}</dd>
            <dt>{t("item.researchedAt")}</dt>
            <dd>{dateTime(research.createdAt)}</dd>
            <dt>{t("item.cost")}</dt>
            <dd>{usd.format(research.costUsd)}</dd>
          </>
        ) : null}
      </dl>
      {item.articleId ? (
        <p>
          <Link href={`/articles/${item.articleId}`}>{t("item.openArticle")}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** Why a REVIEW item waits: what the quality gate found short, else the plan's review mode. */
function ReviewWait({ item }: { item: ItemDetail }) {
  const { t } = useMessages(planMessages);
  const quality = useMessages(qualityMessages);
  if (item.status !== "REVIEW") return null;
  return (
    <div className="notice notice-warning" role="status">
      <strong>{quality.t("reasonsTitle")}</strong>
      {item.reviewReasons.length > 0 ? (
        <ReviewReasonList reasons={item.reviewReasons} />
      ) : (
        <p className="outcome-line">{t("item.reviewMode")}</p>
      )}
    </div>
  );
}
