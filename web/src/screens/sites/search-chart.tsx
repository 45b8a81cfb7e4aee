import type { Schemas } from "../../api/client";
import { DayAxis } from "../../components/day-axis";
import { useMessages } from "../../i18n/language";
import { searchMessages } from "./search-messages";
import { useSearchFormat } from "./search-shared";

const CLICKS = "#1d4ed8";
const IMPRESSIONS = "#b45309";

/**
 * The window's days: clicks as bars, impressions as a line on their own scale. A small SVG like the
 * overview's chart; a sentence says what it shows and a table gives every day's numbers.
 */
export function SearchChart({ days }: { days: Schemas["SearchDay"][] }) {
  const { t, day } = useMessages(searchMessages);
  const { number, percent, position } = useSearchFormat();
  const width = 600;
  const height = 160;
  const top = 8;
  const plot = height - top - 2;
  const slot = width / Math.max(days.length, 1);
  const maxClicks = Math.max(1, ...days.map((entry) => entry.clicks));
  const maxImpressions = Math.max(1, ...days.map((entry) => entry.impressions));
  const y = (value: number, max: number) => top + plot - (value / max) * plot;
  const line = days.map((entry, i) => `${i === 0 ? "M" : "L"}${(i + 0.5) * slot},${y(entry.impressions, maxImpressions)}`).join(" ");
  const best = days.reduce<Schemas["SearchDay"] | null>(
    (most, entry) => (most === null || entry.clicks > most.clicks ? entry : most),
    null,
  );
  // A label a week apart (two on a 90-day window), every day on a 7-day one.
  const step = days.length <= 7 ? 1 : days.length <= 31 ? 7 : 14;
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="chart search-chart">
      <p className="chart-summary">
        {first && last && best
          ? best.clicks > 0
            ? t("chart.summary", { from: day(first.date), to: day(last.date), day: day(best.date), clicks: number(best.clicks) })
            : t("chart.summaryNoClicks", { from: day(first.date), to: day(last.date) })
          : ""}
      </p>
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={t("chart.title")}>
        <line x1="0" x2={width} y1={top + plot} y2={top + plot} stroke="#9ca3af" vectorEffect="non-scaling-stroke" />
        {days.map((entry, i) => (
          <rect
            key={entry.date}
            x={i * slot + slot * 0.15}
            width={slot * 0.7}
            y={y(entry.clicks, maxClicks)}
            height={(entry.clicks / maxClicks) * plot}
            fill="#93c5fd"
            stroke={CLICKS}
            strokeWidth="1"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <path d={line} fill="none" stroke={IMPRESSIONS} strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <DayAxis dates={days.map((entry) => entry.date)} step={step} label={day} />
      <figcaption className="chart-legend">
        <span>
          <span className="swatch" style={{ background: "#93c5fd", border: `1px solid ${CLICKS}` }} aria-hidden="true" />
          {t("chart.clicks")}
        </span>
        <span>
          <span className="swatch" style={{ background: IMPRESSIONS }} aria-hidden="true" />
          {t("chart.impressions")}
        </span>
      </figcaption>
      <details>
        <summary>{t("chart.showTable")}</summary>
        <div className="table-wrap" tabIndex={0}>
          <table>
            <caption className="visually-hidden">{t("chart.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("chart.day")}</th>
                <th scope="col">{t("figure.clicks")}</th>
                <th scope="col">{t("figure.impressions")}</th>
                <th scope="col">{t("figure.ctr")}</th>
                <th scope="col">{t("figure.position")}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((entry) => (
                <tr key={entry.date}>
                  <th scope="row" className="nowrap">
                    {day(entry.date)}
                  </th>
                  <td>{number(entry.clicks)}</td>
                  <td>{number(entry.impressions)}</td>
                  <td>{percent(entry.ctr)}</td>
                  <td>{position(entry.position)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
