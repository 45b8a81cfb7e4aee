import { sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { WindowFigures } from "../db/schema";
import { dayDate } from "../core/search-days";

// The windows the performance views and the decay check compare, and the sums they compare:
// clicks, impressions and the impression-weighted position, summed in SQL over daily rows.

/** A run of whole days (days since 1970-01-01), both ends included. */
export interface DayRange {
  start: number;
  end: number;
}

/** The `days` days that end on `end`, and the `days` days before them. */
export function windowsEndingOn(end: number, days: number): { current: DayRange; previous: DayRange } {
  return { current: { start: end - days + 1, end }, previous: { start: end - 2 * days + 1, end: end - days } };
}

/** A range as the API shows it: dates (YYYY-MM-DD) and its length. */
export function windowOf(range: DayRange) {
  return { start: dayDate(range.start), end: dayDate(range.end), days: range.end - range.start + 1 };
}

/** What a window's daily rows sum to; `weighted` is SUM(position × impressions). */
export interface Sums {
  clicks: number;
  impressions: number;
  weighted: number;
}

/** The daily columns of one of the tables of days (search_daily, search_site_daily). */
export interface DailyColumns {
  day: AnySQLiteColumn;
  clicks: AnySQLiteColumn;
  impressions: AnySQLiteColumn;
  position: AnySQLiteColumn;
}

/**
 * SUM expressions of the rows that fall in `range` (to select beside GROUP BY), aliased after
 * `name`: D1's batch answers rows as objects keyed by column name, so two windows need two names.
 */
export function sumsIn(columns: DailyColumns, range: DayRange, name: string) {
  const inRange = sql`${columns.day} BETWEEN ${range.start} AND ${range.end}`;
  return {
    clicks: sql<number>`COALESCE(SUM(CASE WHEN ${inRange} THEN ${columns.clicks} END), 0)`.mapWith(Number).as(`${name}_clicks`),
    impressions: sql<number>`COALESCE(SUM(CASE WHEN ${inRange} THEN ${columns.impressions} END), 0)`
      .mapWith(Number)
      .as(`${name}_impressions`),
    weighted: sql<number>`COALESCE(SUM(CASE WHEN ${inRange} THEN ${columns.position} * ${columns.impressions} END), 0)`
      .mapWith(Number)
      .as(`${name}_weighted`),
  };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Unrounded average position: null without impressions. */
export function positionOf(sums: Sums): number | null {
  return sums.impressions > 0 ? sums.weighted / sums.impressions : null;
}

/** Sums as the API shows them: CTR to 4 places (0.0421 is 4.21 %), position to 1 place as Search Console shows it. */
export function figuresOf(sums: Sums): WindowFigures {
  const position = positionOf(sums);
  return {
    clicks: sums.clicks,
    impressions: sums.impressions,
    ctr: sums.impressions > 0 ? round(sums.clicks / sums.impressions, 4) : 0,
    position: position === null ? null : round(position, 1),
  };
}

/** Current minus previous; a positive position change means the page moved down (further from the top). */
export function changeOf(current: Sums, previous: Sums) {
  const now = positionOf(current);
  const before = positionOf(previous);
  const ctr = (sums: Sums) => (sums.impressions > 0 ? sums.clicks / sums.impressions : 0);
  return {
    clicks: current.clicks - previous.clicks,
    impressions: current.impressions - previous.impressions,
    ctr: round(ctr(current) - ctr(previous), 4),
    position: now === null || before === null ? null : round(now - before, 1),
  };
}

export interface DailyRow {
  day: number;
  clicks: number;
  impressions: number;
  position: number;
}

/** One point per day of the range, days without a row as zeros (position null), so a chart has no gaps. */
export function dailySeries(rows: DailyRow[], range: DayRange) {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const points = [];
  for (let day = range.start; day <= range.end; day += 1) {
    const row = byDay.get(day);
    const figures = figuresOf(row ? { clicks: row.clicks, impressions: row.impressions, weighted: row.position * row.impressions } : EMPTY);
    points.push({ date: dayDate(day), ...figures });
  }
  return points;
}

export const EMPTY: Sums = { clicks: 0, impressions: 0, weighted: 0 };
