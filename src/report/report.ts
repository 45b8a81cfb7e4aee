import { AppError } from "../core/errors";
import { and, count, eq, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import { articles, creditLedger, searchSiteDaily, sites } from "../db/schema";
import { getSite } from "../sites/service";
import { dayDate, dayNumber } from "../core/search-days";

/** The report covers this many consecutive UTC dates, ending today. */
export const REPORT_DAYS = 30;

export interface ReportFigures {
  generated: number;
  published: number;
  /** Credits spent net of refunds, in kuruş; may be negative on a day that only refunds older charges. */
  creditsKurus: number;
  /** What the sites earned in Google Search (Search Console's Pacific dates; the last ~3 days are not final yet). */
  clicks: number;
  impressions: number;
}

export interface ReportDay extends ReportFigures {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
}

export interface ThirtyDayReport {
  summary: ReportFigures;
  daily: ReportDay[];
}

/** The `REPORT_DAYS` UTC dates ending with the date of `now`, oldest first. */
export function reportDates(now: Date): string[] {
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  return Array.from({ length: REPORT_DAYS }, (_, i) =>
    new Date(Date.UTC(year, month, day - (REPORT_DAYS - 1 - i))).toISOString().slice(0, 10),
  );
}

/** The day after a `YYYY-MM-DD` date, as the start of its range (`…T00:00:00Z`). */
function startOfNextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return `${next.toISOString().slice(0, 10)}T00:00:00Z`;
}

/**
 * Articles the autopilot wrote, articles published, and credits spent (net of refunds) per UTC
 * day over the last 30 days, optionally of one site (404 when it is not the account's).
 * Four GROUP BY queries over a bounded range, in one round trip; with Search Console's clicks
 * and impressions of the account's sites.
 */
export async function thirtyDayReport(db: Database, accountId: string, options: { siteId?: string; now: Date }): Promise<ThirtyDayReport> {
  const { siteId, now } = options;
  if (siteId !== undefined) await getSite(db, accountId, siteId);

  const dates = reportDates(now);
  const from = `${dates[0]}T00:00:00Z`;
  // Timestamps are ISO text with seconds, so text comparison is time order and the first 10 characters are the UTC date.
  const until = startOfNextDay(dates[dates.length - 1]!);
  const dayOf = (column: AnySQLiteColumn) => sql<string>`substr(${column}, 1, 10)`;

  const createdDay = dayOf(articles.createdAt);
  const publishedDay = dayOf(articles.publishedAt);
  const ledgerDay = dayOf(creditLedger.createdAt);
  const ofSite = siteId === undefined ? undefined : eq(articles.siteId, siteId);

  const searchDay = sql<number>`${searchSiteDaily.day}`;
  const [generatedRows, publishedRows, creditRows, searchRows] = await db.batch([
    db
      .select({ date: createdDay, n: count() })
      .from(articles)
      .where(
        and(
          eq(articles.accountId, accountId),
          isNotNull(articles.planItemId),
          gte(articles.createdAt, from),
          lt(articles.createdAt, until),
          ofSite,
        ),
      )
      .groupBy(createdDay),
    db
      .select({ date: publishedDay, n: count() })
      .from(articles)
      .where(
        and(
          eq(articles.accountId, accountId),
          eq(articles.status, "published"),
          gte(articles.publishedAt, from),
          lt(articles.publishedAt, until),
          ofSite,
        ),
      )
      .groupBy(publishedDay),
    db
      // A charge row's amount is negative and a refund's positive: the negated sum is what was spent.
      .select({ date: ledgerDay, kurus: sql<number>`SUM(-${creditLedger.amountKurus})`.mapWith(Number) })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.accountId, accountId),
          gte(creditLedger.createdAt, from),
          lt(creditLedger.createdAt, until),
          spendingRows(siteId),
        ),
      )
      .groupBy(ledgerDay),
    db
      .select({
        day: searchDay,
        clicks: sql<number>`SUM(${searchSiteDaily.clicks})`.mapWith(Number),
        impressions: sql<number>`SUM(${searchSiteDaily.impressions})`.mapWith(Number),
      })
      .from(searchSiteDaily)
      .innerJoin(sites, eq(sites.id, searchSiteDaily.siteId))
      .where(
        and(
          eq(sites.accountId, accountId),
          gte(searchSiteDaily.day, dayNumber(dates[0]!)),
          lt(searchSiteDaily.day, dayNumber(dates[dates.length - 1]!) + 1),
          siteId === undefined ? undefined : eq(searchSiteDaily.siteId, siteId),
        ),
      )
      .groupBy(searchSiteDaily.day),
  ]);

  const byDate = new Map<string, ReportDay>(
    dates.map((date) => [date, { date, generated: 0, published: 0, creditsKurus: 0, clicks: 0, impressions: 0 }]),
  );
  for (const row of generatedRows) byDate.get(row.date)!.generated = row.n;
  for (const row of publishedRows) byDate.get(row.date)!.published = row.n;
  for (const row of creditRows) byDate.get(row.date)!.creditsKurus = row.kurus;
  for (const row of searchRows) Object.assign(byDate.get(dayDate(row.day))!, { clicks: row.clicks, impressions: row.impressions });

  const daily = [...byDate.values()];
  const summary = daily.reduce<ReportFigures>(
    (sum, day) => ({
      generated: sum.generated + day.generated,
      published: sum.published + day.published,
      creditsKurus: sum.creditsKurus + day.creditsKurus,
      clicks: sum.clicks + day.clicks,
      impressions: sum.impressions + day.impressions,
    }),
    { generated: 0, published: 0, creditsKurus: 0, clicks: 0, impressions: 0 },
  );
  return { summary, daily };
}

/**
 * Ledger rows that spend credits on work: the charges of articles, improvements and chat
 * (`charge:<reference>`), and their refunds (`refund:<reference>`, written only by refundCharge,
 * whose charges are all of those kinds). With a site, only rows whose charge was for that site.
 */
function spendingRows(siteId: string | undefined): SQL {
  const spending = sql`(${creditLedger.kind} IN ('generation', 'improvement', 'chat') OR (${creditLedger.kind} = 'refund' AND substr(${creditLedger.reference}, 1, 7) = 'refund:'))`;
  if (siteId === undefined) return spending;
  // Both prefixes are 7 characters: matching the charge on substr(reference, 8) uses the unique
  // (account_id, reference) index; the IN then says which prefix it must be.
  return sql`${spending} AND EXISTS (
    SELECT 1 FROM charges
    WHERE charges.account_id = ${creditLedger.accountId}
      AND charges.reference = substr(${creditLedger.reference}, 8)
      AND ${creditLedger.reference} IN ('charge:' || charges.reference, 'refund:' || charges.reference)
      AND charges.site_id = ${siteId})`;
}

/** A member limited to some sites reads the report of one of them, never the whole account's. */
export function assertReportAllowed(siteIds: string[] | null, siteId: string | undefined): void {
  if (!siteIds) return;
  if (siteId && siteIds.includes(siteId)) return;
  throw new AppError(
    "site_not_allowed",
    siteId
      ? "You are limited to other sites of this account; ask an owner or admin for access to this one"
      : "You are limited to some sites of this account: pass siteId= of one of them for its report",
  );
}
