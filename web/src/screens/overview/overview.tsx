import { useQueries, useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { api, unwrap, type Schemas } from "../../api/client";
import { useBalance } from "../../components/layout";
import { useReasonText } from "../../components/review-reasons";
import { Badge, ErrorNotice, Loading, PageTitle, useCodeText } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { siteName as nameOfSite } from "../../lib/site-name";
import { ReportChart } from "./chart";
import { ClientAnswerItems, useClientAnswers } from "./client-answers";
import { FirstSteps } from "./first-steps";
import { overviewMessages } from "./messages";
import { articleMessages } from "../articles/messages";
import { useSites } from "../../api/query-keys";
import { useRole } from "../../lib/current-member";
import { stillFirstLoading } from "../../lib/first-load";
import { SiteHealthCard } from "../sites/health-card";
import { healthCardMessages } from "../sites/health-card-messages";

const HOUR = 3_600_000;
/** The newest pending articles read for those held by the quality gate; at most HELD_SHOWN of them are listed. */
const PENDING_READ = 20;
const HELD_SHOWN = 5;
/** Health cards on the overview: one per connected site, at most this many. */
const HEALTH_CARDS = 3;
/** Enough plans to tell a new account (every plan still a draft) from one under way. */
const FIRST_STEPS_PLANS = 5;

/** A day with anything to show: an article written or published, credits spent, or the sites seen in Google search. */
function hasActivity(days: Schemas["ReportDay"][]): boolean {
  return days.some((day) => day.generated > 0 || day.published > 0 || Number(day.credits) > 0 || day.impressions > 0);
}

export function OverviewScreen() {
  const { t, money, dateTime, day, number } = useMessages(overviewMessages);
  const articleText = useMessages(articleMessages);
  const { t: tHealth } = useMessages(healthCardMessages);
  const codeText = useCodeText();
  const reasonText = useReasonText();
  const balance = useBalance();
  const { can } = useRole();
  const report = useQuery({ queryKey: ["/api/autopilot/report"], queryFn: () => unwrap(api.GET("/api/autopilot/report")) });
  const next = useQuery({
    queryKey: ["/api/autopilot/items", "SCHEDULED"],
    queryFn: () => unwrap(api.GET("/api/autopilot/items", { params: { query: { status: "SCHEDULED", per_page: 5 } } })),
  });
  const failed = useQuery({
    queryKey: ["/api/autopilot/items", "FAILED"],
    queryFn: () => unwrap(api.GET("/api/autopilot/items", { params: { query: { status: "FAILED", per_page: 5 } } })),
  });
  const recent = useQuery({
    queryKey: ["/api/autopilot/articles", "recent"],
    queryFn: () => unwrap(api.GET("/api/autopilot/articles", { params: { query: { per_page: 5 } } })),
  });
  // The review queue's count, and which of its newest articles the quality gate holds back.
  const pending = useQuery({
    queryKey: ["/api/autopilot/articles", "pending-held"],
    queryFn: () => unwrap(api.GET("/api/autopilot/articles", { params: { query: { status: "pending", per_page: PENDING_READ } } })),
  });
  const sites = useSites();
  const plans = useQuery({
    queryKey: ["/api/autopilot/plans", "first-steps"],
    queryFn: () => unwrap(api.GET("/api/autopilot/plans", { params: { query: { per_page: FIRST_STEPS_PLANS } } })),
  });
  const siteList = sites.data ?? [];
  const siteName = (siteId: string) => {
    const site = siteList.find((candidate) => candidate.id === siteId);
    return site ? nameOfSite(site) : siteId;
  };
  const noSite = sites.data !== undefined && siteList.every((site) => site.status === "DISCONNECTED");
  // The sites watched as a whole: connected blogs and custom sites, the first few.
  const watched = siteList.filter((site) => site.status === "CONNECTED" && site.platform !== "forum").slice(0, HEALTH_CARDS);
  const customSites = siteList.filter((site) => site.platform === "custom" && site.status !== "DISCONNECTED");
  const deliveries = useQueries({
    queries: customSites.map((site) => ({
      queryKey: ["/api/sites/{siteId}/webhooks/deliveries", site.id, "overview"],
      queryFn: () =>
        unwrap(api.GET("/api/sites/{siteId}/webhooks/deliveries", { params: { path: { siteId: site.id }, query: { per_page: 50 } } })),
    })),
  });

  const erroredSites = siteList.filter((site) => site.status === "ERROR");
  const failedDeliveries = customSites
    .map((site, i) => ({ site, count: (deliveries[i]?.data?.items ?? []).filter((delivery) => delivery.status === "failed").length }))
    .filter((entry) => entry.count > 0);
  const reserved = balance.data?.reserved;
  const staleReservation = reserved?.oldestAt && Date.now() - Date.parse(reserved.oldestAt) > HOUR ? reserved.oldestAt : null;
  const pendingCount = pending.data?.total ?? 0;
  const clientAnswers = useClientAnswers().data?.total ?? 0;
  const held = (pending.data?.items ?? []).filter((article) => article.reviewReasons.length > 0).slice(0, HELD_SHOWN);
  const attentionCount =
    erroredSites.length +
    (failed.data?.total ?? 0) +
    failedDeliveries.length +
    held.length +
    (pendingCount > 0 ? 1 : 0) +
    clientAnswers +
    (staleReservation ? 1 : 0);

  // The cards show together, once what shapes them has answered: none pushes the others down.
  if (stillFirstLoading([balance, report, next, failed, recent, pending, sites, plans]))
    return (
      <section aria-labelledby="page-title">
        <PageTitle title={t("title")}>{t("title")}</PageTitle>
        <Loading />
      </section>
    );

  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("title")}>{t("title")}</PageTitle>
      <FirstSteps sites={sites.data} plans={plans.data} />
      {watched.length > 0 ? (
        <div className="grid health-cards">
          {watched.map((site) => (
            <SiteHealthCard key={site.id} siteId={site.id} title={tHealth("health.ofSite", { site: nameOfSite(site) })} />
          ))}
        </div>
      ) : null}
      <div className="grid overview-top">
        <div className="card">
          <h2>{t("balance")}</h2>
          {balance.data ? (
            <>
              <p className="stat">{money(balance.data.creditBalance)}</p>
              {balance.data.reserved.count > 0 ? (
                <p className="muted">{t("reserved", { amount: money(balance.data.reserved.amount) })}</p>
              ) : null}
              {can("billing") ? (
                <Link href="/billing" className="button secondary">
                  {t("topUp")}
                </Link>
              ) : null}
            </>
          ) : (
            <ErrorNotice error={balance.error} />
          )}
        </div>
        <div className="card">
          <h2>{t("next")}</h2>
          {next.isPending ? <Loading /> : null}
          <ErrorNotice error={next.error} />
          {next.data && next.data.items.length === 0 ? (
            noSite ? (
              <p>
                {t("nextNoSite")} {can("admin") ? <Link href="/sites">{t("nextConnectSite")}</Link> : null}
              </p>
            ) : (
              <p>
                {t("nextEmpty")} {can("publish") ? <Link href="/plans">{t("nextCreatePlan")}</Link> : null}
              </p>
            )
          ) : null}
          {next.data && next.data.items.length > 0 ? (
            <ul>
              {next.data.items.map((item) => (
                <li key={item.id}>
                  <Link href={`/plans/${item.planId}`}>{item.title}</Link>
                  <br />
                  <span className="muted">
                    {item.scheduledAt ? (Date.parse(item.scheduledAt) <= Date.now() ? t("due") : dateTime(item.scheduledAt)) : ""} ·{" "}
                    {siteName(item.siteId)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <Link href="/plans">{t("allPlans")}</Link>
        </div>
      </div>

      <section className="card attention" aria-labelledby="attention-title">
        <h2 id="attention-title">{t("attention")}</h2>
        {attentionCount === 0 && !sites.isPending && !failed.isPending ? <p>{t("attentionNone")}</p> : null}
        <ul>
          {erroredSites.map((site) => (
            <li key={site.id}>
              <Badge status="error" label={t("badge.error")} />{" "}
              <Link href={`/sites/${site.id}`}>{t("siteError", { site: siteName(site.id) })}</Link>
            </li>
          ))}
          {(failed.data?.items ?? []).map((item) => (
            <li key={item.id}>
              <Badge status="failed" label={t("badge.failed")} />{" "}
              <Link href={`/plans/${item.planId}`}>
                {t("failedItem", { title: item.title, reason: item.failureCode ? codeText(item.failureCode) : t("failedItemNoReason") })}
              </Link>
            </li>
          ))}
          <ClientAnswerItems />
          {held.map((article) => (
            <li key={article.id}>
              <Badge status="pending" label={t("badge.held")} /> <Link href={`/articles/${article.id}`}>{article.title}</Link>
              {": "}
              {reasonText(article.reviewReasons[0]!)}
            </li>
          ))}
          {pendingCount > 0 ? (
            <li>
              {t("reviewQueue", { count: pendingCount })} <Link href="/articles?status=pending">{t("openReview")}</Link>
            </li>
          ) : null}
          {failedDeliveries.map(({ site, count }) => (
            <li key={site.id}>
              {t("failedDeliveries", { site: siteName(site.id), count })}{" "}
              <Link href={`/webhooks?siteId=${site.id}`}>{t("openDeliveries")}</Link>
            </li>
          ))}
          {staleReservation ? <li>{t("staleReservation", { time: dateTime(staleReservation) })}</li> : null}
        </ul>
      </section>

      <section className="card" aria-labelledby="chart-title">
        <h2 id="chart-title">{t("chart")}</h2>
        <ErrorNotice error={report.error} />
        {report.data && !hasActivity(report.data.daily) ? (
          // Nothing to draw: a sentence says so, not an empty frame.
          <p>{t("chartEmpty")}</p>
        ) : (
          <>
            {/* The chart's room is kept while the report loads, so nothing below it jumps. */}
            <p className="chart-summary">
              {report.data
                ? t("chartSummary", {
                    generated: report.data.summary.generated,
                    published: report.data.summary.published,
                    credits: money(report.data.summary.credits),
                  })
                : ""}
            </p>
            <p className="chart-summary" data-testid="search-summary">
              {report.data ? (
                <>
                  {t("searchSummary", { clicks: number(report.data.summary.clicks), impressions: number(report.data.summary.impressions) })}{" "}
                  <span className="muted">{t("searchNotFinal")}</span>
                </>
              ) : (
                ""
              )}
            </p>
            {report.data ? (
              <>
                <ReportChart
                  days={report.data.daily}
                  dayLabel={day}
                  labels={{
                    generated: t("chartGenerated"),
                    published: t("chartPublished"),
                    credits: t("chartCredits"),
                    title: t("chartTableCaption"),
                  }}
                />
                <details>
                  <summary>{t("chartShowTable")}</summary>
                  <ReportTable days={report.data.daily} />
                </details>
              </>
            ) : (
              <div className="chart-placeholder" aria-hidden="true" />
            )}
          </>
        )}
      </section>

      <section className="card" aria-labelledby="recent-title">
        <h2 id="recent-title">{t("recent")}</h2>
        <ErrorNotice error={recent.error} />
        {recent.data?.items.length === 0 ? <p>{t("recentEmpty")}</p> : null}
        <ul>
          {(recent.data?.items ?? []).map((article: Schemas["ArticleSummary"]) => (
            <li key={article.id}>
              <Link href={`/articles/${article.id}`}>{article.title}</Link>{" "}
              <Badge status={article.status} label={articleText.t(`status.${article.status}`)} />
            </li>
          ))}
        </ul>
        <Link href="/articles">{t("allArticles")}</Link>
      </section>
    </section>
  );
}

function ReportTable({ days }: { days: Schemas["ReportDay"][] }) {
  const { t, money, day, number } = useMessages(overviewMessages);
  return (
    <div className="table-wrap" tabIndex={0}>
      <table>
        <caption className="muted">{t("chartTableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("chartDay")}</th>
            <th scope="col">{t("chartGenerated")}</th>
            <th scope="col">{t("chartPublished")}</th>
            <th scope="col">{t("chartCredits")}</th>
            <th scope="col">{t("chartClicks")}</th>
            <th scope="col">{t("chartImpressions")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((entry) => (
            <tr key={entry.date}>
              <td>{day(entry.date)}</td>
              <td>{entry.generated}</td>
              <td>{entry.published}</td>
              <td>{money(entry.credits)}</td>
              <td>{number(entry.clicks)}</td>
              <td>{number(entry.impressions)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
