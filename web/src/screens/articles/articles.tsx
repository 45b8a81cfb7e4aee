import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { api, unwrap, type Schemas } from "../../api/client";
import { SearchListFigure } from "../../components/search-figures";
import { Badge, ErrorNotice, Loading, PageTitle, Pager, SelectField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { qualityMessages } from "../../i18n/quality";
import { usePageParam, useSearchParam } from "../../lib/url";
import "./articles.css";
import { ApprovalStatusCell, ApprovalStatusFilter, isApprovalStatus, useApprovalColumnLabel } from "./approval-status";
import { articleMessages } from "./messages";
import { ARTICLE_STATUSES, isArticleStatus, siteName, statusKey, type ArticleStatus } from "./shared";
import { useSites } from "../../api/query-keys";
import { stillFirstLoading } from "../../lib/first-load";

const PER_PAGE = 20;

/** The list's orders, as the `sort` search parameter names them (none: newest first), and as the API takes them. */
const ORDERS = {
  newest: { sort: "created_at", order: "desc" },
  oldest: { sort: "created_at", order: "asc" },
  "score-desc": { sort: "content_score", order: "desc" },
  "score-asc": { sort: "content_score", order: "asc" },
  "clicks-desc": { sort: "clicks", order: "desc" },
  "clicks-asc": { sort: "clicks", order: "asc" },
  "position-asc": { sort: "position", order: "asc" },
  "position-desc": { sort: "position", order: "desc" },
} as const;
type Order = keyof typeof ORDERS;
const isOrder = (value: string | null): value is Order => value !== null && value in ORDERS;

/** The lowest content scores the filter offers. */
const MIN_SCORES = [20, 40, 60, 80] as const;

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
  const [orderParam, setOrder] = useSearchParam("sort");
  const [minScoreParam, setMinScore] = useSearchParam("minScore");
  const [approvalParam, setApproval] = useSearchParam("approval");
  const approval = isApprovalStatus(approvalParam) ? approvalParam : null;
  const [page, setPage] = usePageParam();
  const status = isArticleStatus(statusParam) ? statusParam : null;
  const order: Order = isOrder(orderParam) ? orderParam : "newest";
  const minScore = MIN_SCORES.find((value) => String(value) === minScoreParam) ?? null;

  const sites = useSites();
  const plans = useQuery({
    queryKey: ["/api/autopilot/plans", { perPage: 100 }],
    queryFn: () => unwrap(api.GET("/api/autopilot/plans", { params: { query: { per_page: 100 } } })),
  });
  const filters = {
    page,
    siteId: siteId ?? undefined,
    planId: planId ?? undefined,
    status: status ?? undefined,
    minScore: minScore ?? undefined,
    approval: approval ?? undefined,
    ...ORDERS[order],
  };
  const articles = useQuery({
    queryKey: ["/api/autopilot/articles", filters],
    queryFn: () => unwrap(api.GET("/api/autopilot/articles", { params: { query: { ...filters, per_page: PER_PAGE } } })),
  });

  const siteList = sites.data ?? [];
  const siteLabel = (id: string | null) => {
    const site = id ? siteList.find((candidate) => candidate.id === id) : undefined;
    return site ? siteName(site) : (id ?? t("list.none"));
  };
  const filtered = siteId !== null || planId !== null || status !== null || minScore !== null || approval !== null;

  // The filters and the table's site names show once the sites and plans are known: a select
  // widening for its options, or a name replacing an id, would move the list under the reader's eyes.
  if (stillFirstLoading([sites, plans]))
    return (
      <section aria-labelledby="page-title">
        <PageTitle title={t("list.title")}>{t("list.title")}</PageTitle>
        <ViewLinks status={status} />
        <Loading />
      </section>
    );

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
        <ApprovalStatusFilter value={approval} onChange={setApproval} />
        <SelectField label={t("list.minScore")} value={minScore ?? ""} onChange={(event) => setMinScore(event.target.value || null)}>
          <option value="">{t("list.anyScore")}</option>
          {MIN_SCORES.map((value) => (
            <option key={value} value={value}>
              {t("list.scoreAtLeast", { score: value })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("list.order")}
          value={order}
          onChange={(event) => setOrder(event.target.value === "newest" ? null : event.target.value)}
        >
          {(Object.keys(ORDERS) as Order[]).map((value) => (
            <option key={value} value={value}>
              {t(`list.order.${value}`)}
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
          <ArticleTable
            articles={articles.data.items}
            siteLabel={siteLabel}
            order={order}
            onOrder={(next) => setOrder(next === "newest" ? null : next)}
          />
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

function ArticleTable({
  articles,
  siteLabel,
  order,
  onOrder,
}: {
  articles: Schemas["ArticleSummary"][];
  siteLabel: (siteId: string | null) => string;
  order: Order;
  onOrder(order: Order): void;
}) {
  const { t, number, dateTime } = useMessages(articleMessages);
  const quality = useMessages(qualityMessages);
  const approvalLabel = useApprovalColumnLabel();
  const sorted = ORDERS[order];
  const sortOf = (column: (typeof ORDERS)[Order]["sort"]) =>
    sorted.sort === column ? (sorted.order === "asc" ? "ascending" : "descending") : undefined;
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="stack-table articles-table">
        <thead>
          <tr>
            <th scope="col">{t("list.colTitle")}</th>
            <th scope="col">{t("list.colSite")}</th>
            <th scope="col">{t("list.colStatus")}</th>
            <th scope="col">{approvalLabel}</th>
            <th scope="col" aria-sort={sortOf("content_score")}>
              <SortButton column="score" order={order} onOrder={onOrder} label={t("list.colScore")} />
            </th>
            <th scope="col" aria-sort={sortOf("clicks")}>
              <SortButton column="clicks" order={order} onOrder={onOrder} label={t("list.colClicksShort")} />
              <span className="search-column-note">{t("list.col28Days")}</span>
            </th>
            <th scope="col" aria-sort={sortOf("position")}>
              <SortButton column="position" order={order} onOrder={onOrder} label={t("list.colPositionShort")} />
              <span className="search-column-note">{t("list.col28Days")}</span>
            </th>
            <th scope="col">{t("list.colKeyword")}</th>
            <th scope="col">{t("list.colWords")}</th>
            <th scope="col" aria-sort={sortOf("created_at")}>
              {t("list.colCreated")}
            </th>
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
                {article.status === "pending" && article.reviewReasons.length > 0 ? (
                  <span className="held-note">{quality.t("held")}</span>
                ) : null}
              </td>
              <td data-label={approvalLabel} data-testid="approval-status">
                <ApprovalStatusCell status={article.approvalStatus} />
              </td>
              <td className="nowrap cell-score" data-label={t("list.colScore")}>
                {article.contentScore === null ? t("list.none") : number(article.contentScore)}
              </td>
              <td data-label={t("list.colClicks")}>
                <SearchListFigure search={article.search} figure="clicks" />
              </td>
              <td data-label={t("list.colPosition")}>
                <SearchListFigure search={article.search} figure="position" />
              </td>
              <td data-label={t("list.colKeyword")}>{article.targetKeyword ?? t("list.none")}</td>
              <td className="nowrap" data-label={t("list.colWords")}>
                {number(article.wordCount)}
              </td>
              <td data-label={t("list.colCreated")}>{dateTime(article.createdAt)}</td>
              <td data-label={t("list.colPublished")}>{article.publishedAt ? dateTime(article.publishedAt) : t("list.none")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The sortable columns: the first press sorts the best first (highest score, most clicks, best position), the next reverses. */
const COLUMN_ORDERS = {
  score: ["score-desc", "score-asc"],
  clicks: ["clicks-desc", "clicks-asc"],
  position: ["position-asc", "position-desc"],
} as const satisfies Record<string, readonly [Order, Order]>;

/** What pressing a column's sort button does, said on the button. */
const SORT_LABELS = {
  "score-desc": "list.sortScoreDesc",
  "score-asc": "list.sortScoreAsc",
  "clicks-desc": "list.sortClicksDesc",
  "clicks-asc": "list.sortClicksAsc",
  "position-asc": "list.sortPositionAsc",
  "position-desc": "list.sortPositionDesc",
} as const;

function SortButton({
  column,
  order,
  onOrder,
  label,
}: {
  column: keyof typeof COLUMN_ORDERS;
  order: Order;
  onOrder(order: Order): void;
  label: string;
}) {
  const { t } = useMessages(articleMessages);
  const [first, second] = COLUMN_ORDERS[column];
  const next = order === first ? second : first;
  const active = order === first || order === second;
  return (
    <button type="button" className="sort-button" onClick={() => onOrder(next)} aria-label={t(SORT_LABELS[next])}>
      {label}
      <span aria-hidden="true">{active ? (ORDERS[order].order === "asc" ? " ↑" : " ↓") : " ↕"}</span>
    </button>
  );
}
