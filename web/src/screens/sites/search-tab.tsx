// The site's Search tab (/sites/{id}?tab=search): the window's totals against the window before, the
// days as a chart, the pages by clicks, the pages losing traffic, and the searches a new article
// could win.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { api, type Schemas, unwrap } from "../../api/client";
import { Badge, ErrorNotice, Loading, Notice, Pager } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useSearchParam } from "../../lib/url";
import { ConnectGoogleButton, googleUsable, useGoogleIntegration } from "../settings/google-connection";
import { googleMessages } from "../settings/google-messages";
import { SearchChart } from "./search-chart";
import { DecayCheckNote } from "./search-check-notes";
import { searchMessages } from "./search-messages";
import { OpportunitiesSection } from "./search-opportunities";
import {
  type Change,
  coveringProperties,
  decayKey,
  PageLink,
  pagePath,
  performanceKey,
  useChangeText,
  useSearchFormat,
  useStateText,
  WINDOWS,
  type WindowDays,
} from "./search-shared";
import type { Site } from "./shared";

const PAGES_PER_PAGE = 10;
const DECAY_PER_PAGE = 10;

export function SearchTab({ site }: { site: Site }) {
  const { t } = useMessages(searchMessages);
  if (site.platform === "forum") return <p>{t("tab.forum")}</p>;
  return (
    <>
      <Performance site={site} />
      <DecaySection site={site} />
      <OpportunitiesSection site={site} />
    </>
  );
}

function Performance({ site }: { site: Site }) {
  const { t, dateTime, day } = useMessages(searchMessages);
  const google = useMessages(googleMessages);
  const stateText = useStateText();
  const integration = useGoogleIntegration();
  const [daysParam, setDaysParam] = useSearchParam("days");
  const days: WindowDays = WINDOWS.find((length) => String(length) === daysParam) ?? 28;
  const [page, setPage] = useState(1);
  const performance = useQuery({
    queryKey: [...performanceKey(site.id), { days, page }],
    queryFn: () =>
      unwrap(
        api.GET("/api/sites/{siteId}/performance", {
          params: { path: { siteId: site.id }, query: { days, page, per_page: PAGES_PER_PAGE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const data = performance.data;
  const usable = integration.data ? googleUsable(integration.data) : true;
  const candidates = integration.data ? coveringProperties(integration.data.properties, site.url).map((entry) => entry.siteUrl) : [];

  return (
    <section aria-labelledby="search-title" className="search-performance">
      <h2 id="search-title">{t("tab.title")}</h2>
      {integration.data && !usable ? (
        integration.data.configured ? (
          <>
            <p>{integration.data.connected ? google.t("google.broken") : t("card.connectFirst")}</p>
            <ConnectGoogleButton returnTo={`/sites/${site.id}?tab=search`} again={integration.data.connected} />
          </>
        ) : (
          <p>{google.t("google.notConfigured")}</p>
        )
      ) : null}
      {data && data.syncedAt === null ? (
        <Notice>
          {t("tab.noFigures")} {site.searchConsole.state !== "pending" ? stateText(site, candidates) : null}{" "}
          <Link href={`/sites/${site.id}?tab=overview`}>{t("tab.syncLink")}</Link>
        </Notice>
      ) : null}
      {data?.syncedAt ? (
        <p className="muted">
          {t("tab.source", {
            property: data.property ?? "—",
            from: day(data.window.start),
            to: day(data.window.end),
            time: dateTime(data.syncedAt),
          })}
        </p>
      ) : null}
      <WindowPicker
        days={days}
        onChange={(next) => {
          setPage(1);
          setDaysParam(next === 28 ? null : String(next));
        }}
      />
      {performance.isPending ? <Loading /> : null}
      <ErrorNotice error={performance.error} onRetry={() => void performance.refetch()} />
      {data ? (
        <>
          <Totals totals={data.totals} previous={data.previousTotals} days={days} />
          {data.syncedAt ? <SearchChart days={data.daily} /> : null}
          <PagesTable site={site} pages={data.pages} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function WindowPicker({ days, onChange }: { days: WindowDays; onChange(days: WindowDays): void }) {
  const { t } = useMessages(searchMessages);
  return (
    <fieldset className="window-picker">
      <legend>{t("window.legend")}</legend>
      {WINDOWS.map((length) => (
        <label key={length}>
          <input type="radio" name="search-window" value={length} checked={days === length} onChange={() => onChange(length)} />
          {t(`window.${length}`)}
        </label>
      ))}
    </fieldset>
  );
}

function Totals({ totals, previous, days }: { totals: Schemas["SearchFigures"]; previous: Schemas["SearchFigures"]; days: number }) {
  const { t } = useMessages(searchMessages);
  const { number, percent, position } = useSearchFormat();
  const change = useChangeText();
  const figures: { name: string; value: string; change: Change }[] = [
    { name: t("figure.clicks"), value: number(totals.clicks), change: change.count(totals.clicks, previous.clicks, days) },
    {
      name: t("figure.impressions"),
      value: number(totals.impressions),
      change: change.count(totals.impressions, previous.impressions, days),
    },
    { name: t("figure.ctr"), value: percent(totals.ctr), change: change.ctr(totals, previous, days) },
    { name: t("figure.position"), value: position(totals.position), change: change.rank(totals.position, previous.position, days) },
  ];
  return (
    <dl className="search-totals" data-testid="search-totals">
      {figures.map((figure) => (
        <div key={figure.name} className="search-total">
          <dt>{figure.name}</dt>
          <dd className="search-total-value">{figure.value}</dd>
          <dd className={`search-change change-${figure.change.tone}`}>{figure.change.text}</dd>
        </div>
      ))}
    </dl>
  );
}

function PagesTable({ site, pages, onPage }: { site: Site; pages: Schemas["SearchPagePage"]; onPage(page: number): void }) {
  const { t } = useMessages(searchMessages);
  const { number, percent, position, signed } = useSearchFormat();
  return (
    <section aria-labelledby="search-pages-title">
      <h3 id="search-pages-title">{t("pages.title")}</h3>
      {pages.items.length === 0 ? (
        <p>{t("pages.empty")}</p>
      ) : (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table className="stack-table search-table">
              <thead>
                <tr>
                  <th scope="col">{t("pages.column.page")}</th>
                  <th scope="col">{t("figure.clicks")}</th>
                  <th scope="col">{t("pages.column.change")}</th>
                  <th scope="col">{t("figure.impressions")}</th>
                  <th scope="col">{t("figure.ctr")}</th>
                  <th scope="col">{t("figure.position")}</th>
                </tr>
              </thead>
              <tbody>
                {pages.items.map((page) => (
                  <tr key={page.url}>
                    <th scope="row" className="cell-name search-page-cell">
                      <PageLink url={page.url} articleId={page.articleId} postId={page.postId} siteId={site.id} />
                      {page.articleId || page.postId ? (
                        <span className="search-page-kind">{page.articleId ? t("page.article") : t("page.post")}</span>
                      ) : null}
                    </th>
                    <td data-label={t("figure.clicks")}>{number(page.clicks)}</td>
                    <td data-label={t("pages.column.change")}>{signed(page.clicksChange)}</td>
                    <td data-label={t("figure.impressions")}>{number(page.impressions)}</td>
                    <td data-label={t("figure.ctr")}>{percent(page.ctr)}</td>
                    <td data-label={t("figure.position")}>{position(page.position)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={pages.page} totalPages={pages.totalPages} total={pages.total} onPage={onPage} />
        </>
      )}
    </section>
  );
}

function DecaySection({ site }: { site: Site }) {
  const { t } = useMessages(searchMessages);
  const [page, setPage] = useState(1);
  const decay = useQuery({
    queryKey: [...decayKey(site.id), { page }],
    queryFn: () =>
      unwrap(api.GET("/api/sites/{siteId}/decay", { params: { path: { siteId: site.id }, query: { page, per_page: DECAY_PER_PAGE } } })),
    placeholderData: keepPreviousData,
  });
  const data = decay.data;
  return (
    <section aria-labelledby="decay-title" className="search-decay">
      <h2 id="decay-title">{t("decay.title")}</h2>
      {decay.isPending ? <Loading /> : null}
      <ErrorNotice error={decay.error} onRetry={() => void decay.refetch()} />
      {data ? <DecayCheckNote data={data} /> : null}
      {data && data.items.length > 0 ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table className="stack-table search-table">
              <thead>
                <tr>
                  <th scope="col">{t("decay.column.page")}</th>
                  <th scope="col">{t("decay.column.why")}</th>
                  <th scope="col">{t("decay.column.lost")}</th>
                  <th scope="col">{t("decay.column.action")}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <DecayRow key={item.url} site={site} item={item} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={data.page} totalPages={data.totalPages} total={data.total} onPage={setPage} />
          {data.items.some((item) => item.seasonal) ? <p className="muted">{t("decay.seasonalNote")}</p> : null}
        </>
      ) : null}
    </section>
  );
}

function DecayRow({ site, item }: { site: Site; item: Schemas["DecayingPage"] }) {
  const { t } = useMessages(searchMessages);
  const reasonText = useDecayReason();
  const { number } = useSearchFormat();
  const name = item.postTitle?.trim() || pagePath(item.url);
  return (
    <tr data-testid="decaying-page">
      <th scope="row" className="cell-name search-page-cell">
        <PageLink url={item.url} articleId={item.articleId} postId={item.postId} siteId={site.id} title={item.postTitle} />
      </th>
      <td data-label={t("decay.column.why")} className="cell-wide">
        {reasonText(item)} {item.seasonal ? <Badge status="seasonal" label={t("decay.seasonal")} /> : null}
      </td>
      <td data-label={t("decay.column.lost")}>{number(item.clicksLost)}</td>
      <td data-label={t("decay.column.action")}>
        {item.postId ? (
          <Link href={`/posts/${item.postId}?siteId=${encodeURIComponent(site.id)}`} aria-label={t("decay.improveLabel", { page: name })}>
            {t("decay.improve")}
          </Link>
        ) : item.articleId ? (
          <Link href={`/articles/${item.articleId}`} aria-label={t("decay.openArticleLabel", { page: name })}>
            {t("decay.openArticle")}
          </Link>
        ) : null}
      </td>
    </tr>
  );
}

/** Why a page counts as decaying, with the numbers of both windows: "Clicks fell 62 % (48 → 18)". */
function useDecayReason(): (item: Schemas["DecayingPage"]) => string {
  const { t } = useMessages(searchMessages);
  const { number, percent, position } = useSearchFormat();
  return (item) => {
    const { current, previous } = item;
    if (item.reason === "clicks_fell") {
      const fall = previous.clicks > 0 ? (previous.clicks - current.clicks) / previous.clicks : 0;
      return t("decay.reason.clicks_fell", { percent: percent(fall, 0), before: number(previous.clicks), after: number(current.clicks) });
    }
    if (item.reason === "position_fell")
      return t("decay.reason.position_fell", { before: position(previous.position), after: position(current.position) });
    return t("decay.reason.ctr_fell", {
      before: percent(previous.ctr),
      after: percent(current.ctr),
      impressions: number(current.impressions),
    });
  };
}
