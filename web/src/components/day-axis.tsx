/**
 * The dates under a bar chart of one bar a day: a label every `step` days, every other one
 * `minor` (hidden on a phone). Each label is shifted back by as much of its own width as it
 * stands along the axis, so the last one ends inside the box.
 */
export function DayAxis({ dates, step, label }: { dates: string[]; step: number; label: (date: string) => string }) {
  const share = (i: number) => `${(i / Math.max(dates.length, 1)) * 100}%`;
  return (
    <div className="chart-axis" aria-hidden="true">
      {dates.map((date, i) =>
        i % step === 0 ? (
          <span
            key={date}
            className={(i / step) % 2 === 0 ? undefined : "minor"}
            style={{ left: share(i), transform: `translateX(-${share(i)})` }}
          >
            {label(date)}
          </span>
        ) : null,
      )}
    </div>
  );
}
