import { and, desc, eq, gt, isNotNull, lte } from "drizzle-orm";
import { termsOf } from "../content/quality/terms";
import { urlKey } from "../core/page-url-key";
import type { Database } from "../db/client";
import {
  articles,
  existingPosts,
  type ItemSuggestion,
  type PlanItemOverlap,
  planItems,
  searchPages,
  searchQueries,
  serpResearch,
} from "../db/schema";
import { keywordKey } from "./keyword-key";

/** A page earning impressions for a query at this average position or better already covers it. */
export const OVERLAP_MAX_POSITION = 30;
/** Two keywords whose stored top-10 results share this many URLs are one topic. */
export const SHARED_RESULTS_FOR_ONE_TOPIC = 4;
/** The site's queries read at planning, most impressions first: enough for a 10,000-page site's earning queries. */
const QUERIES_READ = 50_000;
/** Stored research rows of the site compared at planning, newest first. */
const RESEARCH_READ = 2_000;

/**
 * The close-variant key of a keyword or query: its Snowball stems in the site's language, each
 * once, sorted ("Breads baking" and "bake bread" meet). Beside keywordKey (folded singulars),
 * which catches what stemming reads differently.
 */
export function stemKey(text: string, language: string): string {
  return [...new Set(termsOf(text, language).map((term) => term.stem))].sort().join(" ");
}

interface PageQuery {
  query: string;
  url: string;
  articleId: number | null;
  postId: string | null;
  impressions: number;
  position: number;
}

interface OtherResearch {
  itemId?: string;
  articleId?: number;
  url: string | null;
  postId?: string;
  urls: Set<string>;
}

/**
 * What a site already has that a planned keyword could compete with: its Search Console queries
 * per page (position ≤ 30) and the stored research of its other items and articles. Loaded once
 * per plan or added item; `find` is pure.
 */
export class OverlapIndex {
  private constructor(
    private readonly language: string,
    private readonly queries: Map<string, PageQuery>,
    private readonly ownResearch: Map<string, Set<string>>,
    private readonly others: OtherResearch[],
  ) {}

  /** Reads the site's figures and research (3 statements in one batch, and one for the inventory). */
  static async load(db: Database, site: { id: string; language: string }): Promise<OverlapIndex> {
    const [queryRows, researchRows, itemRows, articleRows] = await db.batch([
      db
        .select({
          query: searchQueries.query,
          impressions: searchQueries.impressions,
          position: searchQueries.position,
          url: searchPages.url,
          articleId: searchPages.articleId,
          postId: searchPages.postId,
        })
        .from(searchQueries)
        .innerJoin(searchPages, eq(searchPages.id, searchQueries.pageId))
        .where(and(eq(searchQueries.siteId, site.id), gt(searchQueries.impressions, 0), lte(searchQueries.position, OVERLAP_MAX_POSITION)))
        .orderBy(desc(searchQueries.impressions))
        .limit(QUERIES_READ),
      db
        .select({ id: serpResearch.id, keyword: serpResearch.keyword, results: serpResearch.results })
        .from(serpResearch)
        .where(eq(serpResearch.siteId, site.id))
        .orderBy(desc(serpResearch.createdAt))
        .limit(RESEARCH_READ),
      db
        .select({ id: planItems.id, researchId: planItems.researchId })
        .from(planItems)
        .where(and(eq(planItems.siteId, site.id), isNotNull(planItems.researchId))),
      db
        .select({ id: articles.id, researchId: articles.researchId, url: articles.publicationUrl, planItemId: articles.planItemId })
        .from(articles)
        .where(and(eq(articles.siteId, site.id), isNotNull(articles.researchId))),
    ]);
    const posts = await postsByUrl(db, site.id);
    const queries = new Map<string, PageQuery>();
    // Most impressions first: the page earning most for a variant is the one named.
    for (const row of queryRows) {
      // A page Search Console did not match to a post may still be one of the inventory's.
      const postId = row.postId ?? posts.get(urlKey(row.url) ?? "") ?? null;
      const page = { ...row, postId, position: Math.round(row.position * 10) / 10 };
      for (const key of keysOf(row.query, site.language)) if (!queries.has(key)) queries.set(key, page);
    }
    const resultsById = new Map(researchRows.map((row) => [row.id, urlSet(row.results.map((result) => result.url))]));
    const ownResearch = new Map<string, Set<string>>();
    for (const row of researchRows) {
      const key = keywordKey(row.keyword);
      if (key && !ownResearch.has(key)) ownResearch.set(key, resultsById.get(row.id)!);
    }
    const others: OtherResearch[] = [];
    const written = new Set<string>();
    for (const article of articleRows) {
      const urls = resultsById.get(article.researchId!);
      if (!urls) continue;
      if (article.planItemId) written.add(article.planItemId);
      const postId = article.url ? posts.get(urlKey(article.url) ?? "") : undefined;
      others.push({ articleId: article.id, url: article.url, ...(postId ? { postId } : {}), urls });
    }
    for (const item of itemRows) {
      const urls = resultsById.get(item.researchId!);
      if (urls && !written.has(item.id)) others.push({ itemId: item.id, url: null, urls });
    }
    return new OverlapIndex(site.language, queries, ownResearch, others);
  }

  /**
   * The overlap of a keyword: a page earning for a close variant first (the stronger evidence),
   * else another item or article whose research shares ≥ 4 top-10 URLs with the keyword's stored
   * research (none at planning when the keyword was never researched). `exceptItemId` leaves an
   * item out (the keyword's own).
   */
  find(keyword: string, exceptItemId?: string): PlanItemOverlap | null {
    for (const key of keysOf(keyword, this.language)) {
      const page = this.queries.get(key);
      if (page) {
        return {
          kind: "page",
          url: page.url,
          ...(page.articleId !== null ? { articleId: page.articleId } : {}),
          ...(page.postId !== null ? { postId: page.postId } : {}),
          query: page.query,
          position: page.position,
          impressions: page.impressions,
        };
      }
    }
    const own = this.ownResearch.get(keywordKey(keyword));
    if (!own) return null;
    let best: { other: OtherResearch; shared: number } | null = null;
    for (const other of this.others) {
      if (other.itemId !== undefined && other.itemId === exceptItemId) continue;
      let shared = 0;
      for (const url of own) if (other.urls.has(url)) shared += 1;
      if (shared >= SHARED_RESULTS_FOR_ONE_TOPIC && (!best || shared > best.shared)) best = { other, shared };
    }
    if (!best) return null;
    const { other, shared } = best;
    return {
      kind: "item",
      url: other.url,
      ...(other.itemId ? { itemId: other.itemId } : {}),
      ...(other.articleId !== undefined ? { articleId: other.articleId } : {}),
      ...(other.postId ? { postId: other.postId } : {}),
      sharedResults: shared,
    };
  }
}

/** `improve` when the overlapped page is a post of the site's inventory (what an improvement works on), else `new`. */
export function suggestionFor(overlap: PlanItemOverlap | null): ItemSuggestion | null {
  if (!overlap) return null;
  return overlap.postId ? "improve" : "new";
}

/** The topic an overlap stands for, so a plan keeps one item per topic: the page's address, or the other item or article. */
export function overlapTopic(overlap: PlanItemOverlap): string {
  if (overlap.kind === "page") return `page:${urlKey(overlap.url ?? "") ?? overlap.url}`;
  return overlap.itemId ? `item:${overlap.itemId}` : `article:${overlap.articleId}`;
}

function keysOf(text: string, language: string): string[] {
  const keys = [keywordKey(text), `~${stemKey(text, language)}`];
  return keys.filter((key) => key !== "" && key !== "~");
}

function urlSet(urls: string[]): Set<string> {
  return new Set(urls.map((url) => urlKey(url) ?? url));
}

async function postsByUrl(db: Database, siteId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: existingPosts.id, url: existingPosts.url })
    .from(existingPosts)
    .where(eq(existingPosts.siteId, siteId));
  return new Map(rows.map((row) => [urlKey(row.url) ?? row.url, row.id]));
}
