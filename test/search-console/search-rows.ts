import { urlKey } from "../../src/core/page-url-key";
import { searchDaily, searchPages, searchQueries, searchSiteDaily } from "../../src/db/schema";
import { dayNumber } from "../../src/core/search-days";
import { db } from "../harness";

// Search Console rows as the sync would have stored them; the performance and decay tests seed these directly.

/** The last day the seeded sites' sync read: 2026-11-22, a Sunday. */
export const SYNCED_THROUGH = dayNumber("2026-11-22");

export interface Day {
  day: number;
  clicks: number;
  impressions: number;
  position: number;
}

/** `count` consecutive days ending on `end`, each with the same figures. */
export function days(end: number, count: number, figures: Omit<Day, "day">): Day[] {
  return Array.from({ length: count }, (_, i) => ({ day: end - count + 1 + i, ...figures }));
}

/** A page of the site with its daily rows; search_pages' 28-day columns as given (the lists read those). */
export async function seedSearchPage(
  siteId: string,
  url: string,
  fields: Partial<Omit<typeof searchPages.$inferInsert, "siteId" | "url" | "urlKey">> = {},
  rows: Day[] = [],
): Promise<number> {
  const [page] = await db()
    .insert(searchPages)
    .values({ siteId, url, urlKey: urlKey(url)!, ...fields })
    .returning({ id: searchPages.id });
  await seedPageDays(page!.id, rows);
  return page!.id;
}

// 5 values a row; D1 binds at most 100 a statement.
const ROWS = 20;

export async function seedPageDays(pageId: number, rows: Day[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS)
    await db()
      .insert(searchDaily)
      .values(rows.slice(i, i + ROWS).map((row) => ({ pageId, ...row })));
}

export async function seedSiteDays(siteId: string, rows: Day[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS)
    await db()
      .insert(searchSiteDaily)
      .values(rows.slice(i, i + ROWS).map((row) => ({ siteId, ...row })));
}

export async function seedQueries(
  siteId: string,
  pageId: number,
  rows: { query: string; clicks: number; impressions: number; position: number }[],
): Promise<void> {
  // 6 values a row.
  for (let i = 0; i < rows.length; i += 16)
    await db()
      .insert(searchQueries)
      .values(rows.slice(i, i + 16).map((row) => ({ siteId, pageId, ...row })));
}
