// Search Console counts days in Pacific time; the loop stores them as whole numbers (days since
// 1970-01-01) and shows them as YYYY-MM-DD.

const DAY_MS = 86_400_000;

export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dayDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in Pacific time (America/Los_Angeles), the calendar Search Console reports in. */
export function pacificToday(now: Date): number {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Los_Angeles",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  return dayNumber(parts);
}

/** Google's figures are final two to three days later: the last complete day. */
export const FINAL_AFTER_DAYS = 3;
export function lastCompleteDay(now: Date): number {
  return pacificToday(now) - FINAL_AFTER_DAYS;
}

/** Search Console keeps 16 months; so does the loop. */
export const HISTORY_DAYS = 486;
