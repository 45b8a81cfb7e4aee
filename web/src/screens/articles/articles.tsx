import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { api, unwrap, type Schemas } from "../../api/client";
import { Badge, ErrorNotice, Loading, PageTitle, Pager, SelectField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { usePageParam, useSearchParam } from "../../lib/url";
import { articleMessages } from "./messages";
import { ARTICLE_STATUSES, isArticleStatus, siteName, statusKey, type ArticleStatus } from "./shared";
import { useSites } from "../../api/query-keys";

const PER_PAGE = 20;

/** The views above the list: each a link that sets (or clears) the status filter. */
const VIEWS = [
  { status: null, key: "list.viewAll" },
  { status: "pending", key: "list.viewReview" },
  { status: "published", key: "list.viewPublished" },
  { status: "draft", key: "list.viewDrafts" },
] as const;

export function ArticlesScreen() {
  const { t } = useMessages(articleMessages);
  const [siteId, setSiteId] = useSearchParam("site");
  const [planId, setPlanId] = useSearchParam("plan");
  const [statusParam, setStatus] = useSearchParam("status");
  const [page, setPage] = usePageParam();
  const status = isArticleStatus(statusParam) ? statusParam : null;

  const sites = useSites();
  const plans = useQuery({
    queryKey: ["/api/autopilot/plans", { perPage: 100 }],
    queryFn: () => unwrap(api.GET("/api/autopilot/plans", { params: { query: { per_page: 100 } } })),
  });
  const filters = { page, siteId: siteId ?? undefined, planId: planId ?? undefined, status: status ?? undefined };
  const articles = useQuery({
    queryKey: ["/api/autopilot/articles", filters],
    queryFn: () => unwrap(api.GET("/api/autopilot/articles", { params: { query: { ...filters, per_page: PER_PAGE } } })),
  });

  const siteList = sites.data ?? [];
  const siteLabel = (id: string | null) => {
    const site = id ? siteList.find((candidate) => candidate.id === id) : undefined;
    return site ? siteName(site) : (id ?? t("list.none"));
  };
  const filtered = siteId !== null || planId !== null || status !== null;

  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("list.title")}>{t("list.title")}</PageTitle>
      <ViewLinks status={status} />
      {/* biome-ignore lint/a11y/useSemanticElements: a row of filters, not a form part; a fieldset would bring its own border and legend */}
      <div className="filters" role="group" aria-label={t("list.filters")}>
        <SelectField label={t("list.site")} value={siteId ?? ""} onChange={(event) => setSiteId(event.target.value || null)}>
          <option value="">{t("list.allSites")}</option>
          {siteList.map((site) => (
            <option key={site.id} value={site.id}>
              {siteName(site)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("list.plan")} value={planId ?? ""} onChange={(event) => setPlanId(event.target.value || null)}>
          <option value="">{t("list.allPlans")}</option>
          {(plans.data?.items ?? []).map((plan) => (
            <PlanOption key={plan.id} plan={plan} siteLabel={siteLabel(plan.siteId)} />
          ))}
        </SelectField>
        <SelectField label={t("list.status")} value={status ?? ""} onChange={(event) => setStatus(event.target.value || null)}>
          <option value="">{t("list.allStatuses")}</option>
          {ARTICLE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(statusKey(value))}
            </option>
          ))}
        </SelectField>
      </div>
      <ErrorNotice error={sites.error ?? plans.error} />
      {articles.isPending ? <Loading /> : null}
      <ErrorNotice error={articles.error} onRetry={() => void articles.refetch()} />
      {articles.data && articles.data.items.length === 0 ? (
        filtered ? (
          <p>
            {t("list.emptyFiltered")} <Link href="/articles">{t("list.clearFilters")}</Link>
          </p>
        ) : (
          <p>
            {t("list.empty")} <Link href="/plans">{t("list.emptyPlansLink")}</Link>
          </p>
        )
      ) : null}
      {articles.data && articles.data.items.length > 0 ? (
        <>
          <ArticleTable articles={articles.data.items} siteLabel={siteLabel} />
          <Pager page={articles.data.page} totalPages={articles.data.totalPages} total={articles.data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function ViewLinks({ status }: { status: ArticleStatus | null }) {
  const { t } = useMessages(articleMessages);
  const search = useSearch();
  const hrefFor = (view: ArticleStatus | null) => {
    const params = new URLSearchParams(search);
    params.delete("page");
    if (view) params.set("status", view);
    else params.delete("status");
    const query = params.toString();
    return query ? `/articles?${query}` : "/articles";
  };
  return (
    <nav className="tabs" aria-label={t("list.views")}>
      {VIEWS.map((view) => (
        <Link key={view.key} href={hrefFor(view.status)} aria-current={view.status === status ? "page" : undefined}>
          {t(view.key)}
        </Link>
      ))}
    </nav>
  );
}

function PlanOption({ plan, siteLabel }: { plan: Schemas["PlanSummary"]; siteLabel: string }) {
  const { t, day } = useMessages(articleMessages);
  const params = { site: siteLabel, date: day(plan.createdAt), count: plan.articleCount };
  return <option value={plan.id}>{t(plan.articleCount === 1 ? "list.planOptionOne" : "list.planOption", params)}</option>;
}

function ArticleTable({ articles, siteLabel }: { articles: Schemas["ArticleSummary"][]; siteLabel: (siteId: string | null) => string }) {
  const { t, number, dateTime } = useMessages(articleMessages);
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="stack-table">
        <thead>
          <tr>
            <th scope="col">{t("list.colTitle")}</th>
            <th scope="col">{t("list.colSite")}</th>
            <th scope="col">{t("list.colStatus")}</th>
            <th scope="col">{t("list.colKeyword")}</th>
            <th scope="col">{t("list.colWords")}</th>
            <th scope="col">{t("list.colCreated")}</th>
            <th scope="col">{t("list.colPublished")}</th>
          </tr>
        </thead>
        <tbody>
          {articles.map((article) => (
            <tr key={article.id}>
              <th scope="row" className="cell-name">
                <Link href={`/articles/${article.id}`}>{article.title}</Link>
              </th>
              <td data-label={t("list.colSite")}>{siteLabel(article.siteId)}</td>
              <td data-label={t("list.colStatus")}>
                <Badge status={article.status} label={t(statusKey(article.status))} />
              </td>
              <td data-label={t("list.colKeyword")}>{article.targetKeyword ?? t("list.none")}</td>
              <td className="nowrap" data-label={t("list.colWords")}>
                {number(article.wordCount)}
              </td>
              <td className="nowrap" data-label={t("list.colCreated")}>
                {dateTime(article.createdAt)}
              </td>
              <td className="nowrap" data-label={t("list.colPublished")}>
                {article.publishedAt ? dateTime(article.publishedAt) : t("list.none")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
