import type { Schemas } from "../../api/client";
import { DayAxis } from "../../components/day-axis";

/**
 * The last 30 days as bars (generated and published articles per day) with the credits spent
 * as a line: a small SVG, no chart library. The same numbers are offered as a table beside it.
 */
export function ReportChart({
  days,
  labels,
  dayLabel,
}: {
  days: Schemas["ReportDay"][];
  labels: { generated: string; published: string; credits: string; title: string };
  dayLabel: (date: string) => string;
}) {
  const width = 600;
  const height = 180;
  const top = 10;
  const bottom = 2;
  const plot = height - top - bottom;
  const slot = width / Math.max(days.length, 1);
  const maxCount = Math.max(1, ...days.map((day) => Math.max(day.generated, day.published)));
  const credits = days.map((day) => Math.max(0, Number(day.credits)));
  const maxCredits = Math.max(1, ...credits);
  const y = (value: number, max: number) => top + plot - (value / max) * plot;
  const line = credits.map((value, i) => `${i === 0 ? "M" : "L"}${(i + 0.5) * slot},${y(value, maxCredits)}`).join(" ");
  return (
    <figure className="chart">
      {/* Stretched to the box's width at a readable height on every screen (not scaled as a picture,
          which made a phone's bars and labels tiny): the day labels are text below it. */}
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={labels.title}>
        <line x1="0" x2={width} y1={top + plot} y2={top + plot} stroke="#9ca3af" vectorEffect="non-scaling-stroke" />
        {days.map((day, i) => (
          <g key={day.date}>
            <rect
              x={i * slot + slot * 0.12}
              width={slot * 0.36}
              y={y(day.generated, maxCount)}
              height={(day.generated / maxCount) * plot}
              fill="#93c5fd"
            />
            <rect
              x={i * slot + slot * 0.5}
              width={slot * 0.36}
              y={y(day.published, maxCount)}
              height={(day.published / maxCount) * plot}
              fill="#1d4ed8"
            />
          </g>
        ))}
        <path d={line} fill="none" stroke="#b45309" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <DayAxis dates={days.map((day) => day.date)} step={7} label={dayLabel} />
      <figcaption className="chart-legend">
        <span>
          <span className="swatch" style={{ background: "#93c5fd" }} aria-hidden="true" />
          {labels.generated}
        </span>
        <span>
          <span className="swatch" style={{ background: "#1d4ed8" }} aria-hidden="true" />
          {labels.published}
        </span>
        <span>
          <span className="swatch" style={{ background: "#b45309" }} aria-hidden="true" />
          {labels.credits}
        </span>
      </figcaption>
    </figure>
  );
}
