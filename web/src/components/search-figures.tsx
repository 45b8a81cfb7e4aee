// What a page earns in Google search, as the article and existing post screens show it: a figure
// with its change against the period before, the clicks per day as a small chart, the top queries,
// and the "Search performance" panel made of them. The lists use the change marks and list cells.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { DayAxis } from "./day-axis";
import { useId } from "react";
import { Link } from "wouter";
import type { Schemas } from "../api/client";
import { useMessages } from "../i18n/language";
import { numberFormat } from "../i18n/format";
import { searchFigureMessages } from "../i18n/search";
import { useSearchParam } from "../lib/url";
import { DEFAULT_PERIOD, PERIODS, performanceQuery, periodOf, type SearchSource } from "./search-performance-query";
import { ErrorNotice, Loading, SelectField } from "./ui";
import "./search-figures.css";

type Performance = Schemas["PagePerformance"];
type SearchDay = Schemas["SearchDay"];
type Query = Performance["topQueries"][number];
type ListFigures = NonNullable<Schemas["ListSearchFigures"]>;

/** How a change is told: a count (more is better), an average position (smaller is better), a CTR (a rate, in points). */
export type ChangeKind = "count" | "position" | "ctr";

/** The lists' figures always cover the last 28 days, compared with the 28 before. */
const LIST_DAYS = 28;

/** Counts, positions (one decimal) and CTRs (a percentage, one decimal) in the chosen language. */
export function useSearchFormat() {
  const { number, locale } = useMessages(searchFigureMessages);
  const oneDecimal = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const percent = numberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const points = numberFormat(locale, { maximumFractionDigits: 1 });
  return {
    count: number,
    position: (value: number | null) => (value === null ? "—" : oneDecimal.format(value)),
    ctr: (value: number) => percent.format(value),
    /** A CTR change (0.0123) as percentage points (1.2). */
    ctrPoints: (value: number) => points.format(Math.abs(value) * 100),
    positionChange: (value: number) => oneDecimal.format(Math.abs(value)),
  };
}

/**
 * A change against the period before: ▲ when it is better, ▼ when worse (a position that fell to a
 * smaller number is better), the amount beside; a hidden sentence says it in words. Nothing when
 * there is nothing to compare (a period without impressions has no position).
 */
export function ChangeMark({ kind, change, days }: { kind: ChangeKind; change: number | null; days: number }) {
  const { t } = useMessages(searchFigureMessages);
  const format = useSearchFormat();
  if (change === null) return null;
  const amount =
    kind === "count" ? format.count(Math.abs(change)) : kind === "ctr" ? format.ctrPoints(change) : format.positionChange(change);
  const rounded = Number(amount.replace(/[^\d]/g, ""));
  const direction = rounded === 0 ? "same" : (kind === "position" ? change < 0 : change > 0) ? "better" : "worse";
  const spoken =
    direction === "same"
      ? t("change.same", { days })
      : kind === "position"
        ? t(direction === "better" ? "change.better" : "change.worse", { amount, days })
        : kind === "ctr"
          ? t(change > 0 ? "change.ctrUp" : "change.ctrDown", { amount, days })
          : t(change > 0 ? "change.more" : "change.fewer", { amount, days });
  const shown = kind === "ctr" ? t("change.points", { amount }) : amount;
  return (
    <span className={`change change-${direction}`}>
      <span aria-hidden="true">{direction === "same" ? "= 0" : `${direction === "better" ? "▲" : "▼"} ${shown}`}</span>
      <span className="visually-hidden">{spoken}</span>
    </span>
  );
}

/** A list's Clicks or Position cell content: the figure over the last 28 days and its change, or "—" without figures. */
export function SearchListFigure({ search, figure }: { search: Schemas["ListSearchFigures"]; figure: "clicks" | "position" }) {
  const format = useSearchFormat();
  if (!search || (figure === "position" && search.position === null)) return <span className="search-cell">—</span>;
  const figures: ListFigures = search;
  return (
    <span className="search-cell">
      {figure === "clicks" ? format.count(figures.clicks) : format.position(figures.position)}
      {figure === "clicks" ? (
        <ChangeMark kind="count" change={figures.clicksChange} days={LIST_DAYS} />
      ) : (
        <ChangeMark kind="position" change={figures.positionChange} days={LIST_DAYS} />
      )}
    </span>
  );
}

/** The four figures of a period with their changes: clicks, impressions, CTR, average position. */
export function SearchFigureGrid({
  current,
  change,
  days,
}: {
  current: Schemas["SearchFigures"];
  change: Schemas["SearchChange"];
  days: number;
}) {
  const { t } = useMessages(searchFigureMessages);
  const format = useSearchFormat();
  const noPosition = current.position === null;
  return (
    <dl className="search-figures">
      <div className="search-figure">
        <dt>{t("search.clicks")}</dt>
        <dd>
          <span className="stat">{format.count(current.clicks)}</span>
          <ChangeMark kind="count" change={change.clicks} days={days} />
        </dd>
      </div>
      <div className="search-figure">
        <dt>
          {t("search.impressions")}
          <span className="search-figure-hint">{t("search.impressionsHint")}</span>
        </dt>
        <dd>
          <span className="stat">{format.count(current.impressions)}</span>
          <ChangeMark kind="count" change={change.impressions} days={days} />
        </dd>
      </div>
      <div className="search-figure">
        <dt>
          {t("search.ctr")}
          <span className="search-figure-hint">{t("search.ctrHint")}</span>
        </dt>
        <dd>
          <span className="stat">{format.ctr(current.ctr)}</span>
          <ChangeMark kind="ctr" change={change.ctr} days={days} />
        </dd>
      </div>
      <div className="search-figure">
        <dt>
          {t("search.position")}
          <span className="search-figure-hint">{t("search.positionHint")}</span>
        </dt>
        <dd>
          <span className="stat">{noPosition ? t("search.none") : format.position(current.position)}</span>
          <ChangeMark kind="position" change={noPosition ? null : change.position} days={days} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * The clicks of each day as bars: a small SVG named for what it shows, with a sentence that says
 * the total and the best day (the same numbers a screen reader cannot read off the bars).
 */
export function DailyClicksChart({ days }: { days: SearchDay[] }) {
  const { t, day, number } = useMessages(searchFigureMessages);
  const summaryId = useId();
  if (days.length === 0) return null;
  const width = 600;
  const height = 140;
  const top = 6;
  const plot = height - top - 2;
  const slot = width / days.length;
  const max = Math.max(1, ...days.map((entry) => entry.clicks));
  const total = days.reduce((sum, entry) => sum + entry.clicks, 0);
  const best = days.reduce((winner, entry) => (entry.clicks > winner.clicks ? entry : winner), days[0]!);
  const range = { start: day(days[0]!.date), end: day(days.at(-1)!.date) };
  // A label a week apart (two weeks over a longer period; every day over a week); on a phone every other one.
  const step = days.length <= 7 ? 1 : days.length <= 31 ? 7 : 14;
  return (
    <figure className="chart search-chart">
      <p className="search-chart-summary" id={summaryId}>
        {total === 0
          ? t("chart.summaryNone", range)
          : t("chart.summary", { ...range, total: number(total), bestDay: day(best.date), best: number(best.clicks) })}
      </p>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t("chart.title", range)}
        aria-describedby={summaryId}
      >
        <line x1="0" x2={width} y1={top + plot} y2={top + plot} stroke="#9ca3af" vectorEffect="non-scaling-stroke" />
        {days.map((entry, i) => (
          <rect
            key={entry.date}
            x={i * slot + slot * 0.15}
            width={slot * 0.7}
            y={top + plot - (entry.clicks / max) * plot}
            height={(entry.clicks / max) * plot}
            fill="#1d4ed8"
          />
        ))}
      </svg>
      <DayAxis dates={days.map((entry) => entry.date)} step={step} label={day} />
      <figcaption className="chart-legend">
        <span>
          <span className="swatch" style={{ background: "#1d4ed8" }} aria-hidden="true" />
          {t("chart.legend")}
        </span>
      </figcaption>
    </figure>
  );
}

/** The page's queries with the most clicks over the last 28 days; on a phone each row is a card. */
export function TopQueriesTable({ queries }: { queries: Query[] }) {
  const { t } = useMessages(searchFigureMessages);
  const format = useSearchFormat();
  const titleId = useId();
  return (
    <>
      <h3 id={titleId}>{t("queries.title")}</h3>
      <p className="muted">{t("queries.hint")}</p>
      {queries.length === 0 ? (
        <p>{t("queries.none")}</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table className="stack-table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{t("queries.query")}</th>
                <th scope="col">{t("search.clicks")}</th>
                <th scope="col">{t("search.impressions")}</th>
                <th scope="col">{t("search.ctr")}</th>
                <th scope="col">{t("search.position")}</th>
              </tr>
            </thead>
            <tbody>
              {queries.map((query) => (
                <tr key={query.query}>
                  <th scope="row" className="cell-name">
                    {query.query}
                  </th>
                  <td className="nowrap" data-label={t("search.clicks")}>
                    {format.count(query.clicks)}
                  </td>
                  <td className="nowrap" data-label={t("search.impressions")}>
                    {format.count(query.impressions)}
                  </td>
                  <td className="nowrap" data-label={t("search.ctr")}>
                    {format.ctr(query.ctr)}
                  </td>
                  <td className="nowrap" data-label={t("search.position")}>
                    {format.position(query.position)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export type { SearchSource } from "./search-performance-query";
export { performanceKey } from "./search-performance-query";

type Unmatched = "unpublished" | "noAddress" | "notConnected" | "problem" | "noImpressions";

/**
 * Why a page has no figures: not published (or published where its address is not known), the
 * site's Search Console not read (yet, or now), or no impressions yet.
 */
function unmatchedReason(performance: Performance, site: Schemas["Site"] | undefined, published: boolean): Unmatched {
  if (!published) return "unpublished";
  if (performance.url === null) return "noAddress";
  const state = site?.searchConsole.state;
  if (state === "synced") return "noImpressions";
  if (state === undefined) return performance.syncedAt === null ? "notConnected" : "noImpressions";
  return state === "pending" ? "notConnected" : "problem";
}

/**
 * The "Search performance" panel of an article or an existing post: the period (7, 28 or 90 days,
 * kept in the URL as `days`) with its four figures and changes, the clicks per day and the top
 * queries; or why the page has no figures yet.
 */
export function SearchPerformancePanel({
  source,
  site,
  published = true,
}: {
  source: SearchSource;
  /** The page's site, to tell "not connected" from "no impressions yet"; undefined while loading. */
  site: Schemas["Site"] | undefined;
  published?: boolean;
}) {
  const { t, day, dateTime } = useMessages(searchFigureMessages);
  const [daysParam, setDays] = useSearchParam("days");
  const days = periodOf(daysParam);
  const performance = useQuery({ ...performanceQuery(source, days), placeholderData: keepPreviousData });
  const data = performance.data;
  return (
    <section className="card search-panel" aria-labelledby="search-performance-title" data-testid="search-performance">
      <div className="search-panel-head">
        <h2 id="search-performance-title">{t("search.title")}</h2>
        {data?.matched ? (
          <SelectField
            label={t("search.period")}
            value={days}
            onChange={(event) => setDays(event.target.value === String(DEFAULT_PERIOD) ? null : event.target.value)}
          >
            {PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`search.period.${value}`)}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      {performance.isPending ? <Loading /> : null}
      <ErrorNotice error={performance.error} onRetry={() => void performance.refetch()} />
      {data && !data.matched ? <NotInSearchConsole reason={unmatchedReason(data, site, published)} siteId={site?.id} /> : null}
      {data?.matched ? (
        <>
          <p className="search-window muted">
            {t("search.window", {
              start: day(data.window.start),
              end: day(data.window.end),
              previousStart: day(data.previousWindow.start),
              previousEnd: day(data.previousWindow.end),
            })}
            {data.syncedAt ? ` ${t("search.syncedAt", { when: dateTime(data.syncedAt) })}` : null}
          </p>
          <SearchFigureGrid current={data.current} change={data.change} days={data.window.days} />
          <DailyClicksChart days={data.daily} />
          <TopQueriesTable queries={data.topQueries} />
        </>
      ) : null}
    </section>
  );
}

function NotInSearchConsole({ reason, siteId }: { reason: Unmatched; siteId: string | undefined }) {
  const { t } = useMessages(searchFigureMessages);
  return (
    <div className="search-unmatched" data-testid="search-unmatched">
      <h3>{t("unmatched.title")}</h3>
      <p>{t(`unmatched.${reason}`)}</p>
      {reason === "notConnected" || reason === "problem" ? (
        <p className="actions">
          {siteId ? <Link href={`/sites/${siteId}`}>{t("unmatched.openSite")}</Link> : null}
          {reason === "notConnected" ? <Link href="/settings">{t("unmatched.openSettings")}</Link> : null}
        </p>
      ) : null}
    </div>
  );
}
