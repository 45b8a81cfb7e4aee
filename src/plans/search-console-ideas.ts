import type { KeywordIdea } from "../adapters/keyword-research/port";
import type { Database } from "../db/client";
import { eq } from "drizzle-orm";
import { sites, type PlanSearchConsoleUse, type PlanWarning, type SearchConsoleNoneReason } from "../db/schema";
import {
  DEFAULT_MIN_IMPRESSIONS,
  listOpportunities,
  opportunityRowsQuery,
  siteHasSearchQueries,
  type Opportunity,
} from "../search-console/opportunities";
import type { ChosenKeyword } from "./choose-keywords";
import { keywordKey } from "./keyword-key";
import { MAX_SEEDS } from "./tasks";

// "Plan from Search Console": the queries a site already ranks 8–30 for join the keyword ideas
// (and the seeds of research), so a plan can target what Google already shows the site for.

/** Opportunities taken per wanted article: room for what the site covers or the brief avoids. */
const OPPORTUNITIES_PER_ARTICLE = 3;
/** The model's seeds keep at least this many of the research seeds; opportunities fill the rest. */
const MODEL_SEEDS_KEPT = Math.ceil(MAX_SEEDS / 2);
/** A query longer than a seed may be (tasks.ts) is an idea, not a seed. */
const MAX_SEED_CHARS = 60;
/**
 * Research has no competition figure for a query it did not return, and an item needs a level:
 * the middle one, so the query is neither favoured nor held back for a figure nobody measured.
 */
const UNMEASURED_COMPETITION = "MEDIUM";

/** The opportunities a plan may take, or null when no sync has stored queries; `noneBecause` says why there are none. */
export interface PlanOpportunities {
  opportunities: Opportunity[] | null;
  noneBecause: SearchConsoleNoneReason | null;
}

/**
 * The site's best opportunities for a plan of `articleCount`. None: `no_sync` before a sync stored
 * queries, `all_targeted` when queries rank 8–30 but an item or article of the site targets each,
 * `none_in_range` otherwise (nothing ranks 8–30 with enough impressions).
 */
export async function opportunitiesForPlan(
  db: Database,
  accountId: string,
  siteId: string,
  articleCount: number,
): Promise<PlanOpportunities> {
  if (!(await siteHasSearchQueries(db, siteId))) {
    const [site] = await db.select({ syncedAt: sites.searchSyncedAt }).from(sites).where(eq(sites.id, siteId));
    return { opportunities: null, noneBecause: site?.syncedAt ? "none_in_range" : "no_sync" };
  }
  const list = await listOpportunities(db, accountId, siteId, { page: 1, perPage: articleCount * OPPORTUNITIES_PER_ARTICLE });
  if (list.items.length > 0) return { opportunities: list.items, noneBecause: null };
  const [ranked] = await opportunityRowsQuery(db, siteId, DEFAULT_MIN_IMPRESSIONS).limit(1);
  return { opportunities: [], noneBecause: ranked ? "all_targeted" : "none_in_range" };
}

/**
 * What the plan records of the option: the opportunities offered, the items made from them, and
 * why none when none: `all_targeted` when each is covered by the site's posts, plans or articles
 * (or a topic the brief avoids), `outranked` when some were usable but research's keywords ranked
 * above them. `usable`: the ranking after those removals.
 */
export function searchConsoleUse(
  found: PlanOpportunities,
  usable: ChosenKeyword[],
  chosen: ChosenKeyword[],
  keys: Set<string>,
): PlanSearchConsoleUse {
  const used = chosen.filter((idea) => keys.has(idea.key)).length;
  const opportunities = found.opportunities?.length ?? 0;
  if (used > 0) return { opportunities, used, noneBecause: null };
  const outranked = usable.some((idea) => keys.has(idea.key));
  return { opportunities, used, noneBecause: found.noneBecause ?? (outranked ? "outranked" : "all_targeted") };
}

/** The seeds research gets: the model's (at least half of MAX_SEEDS), then the busiest opportunities, at most MAX_SEEDS. */
export function seedsWithOpportunities(modelSeeds: string[], opportunities: Opportunity[]): string[] {
  const queries = opportunities.map((opportunity) => opportunity.query).filter((query) => query.length <= MAX_SEED_CHARS);
  const ordered = [...modelSeeds.slice(0, MODEL_SEEDS_KEPT), ...queries, ...modelSeeds.slice(MODEL_SEEDS_KEPT)];
  const seen = new Set<string>();
  return ordered
    .filter((seed) => {
      const key = seed.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_SEEDS);
}

/**
 * The research's ideas with the opportunities in front: an opportunity takes research's volume
 * and competition when research returned its keyword (the same key), else its 28-day
 * impressions as a month; research's ideas of those keys give way to it. Being first, an
 * opportunity wins chooseKeywords' grouping over an idea of equal volume. `keys`: the
 * opportunities' keys.
 */
export function ideasWithOpportunities(research: KeywordIdea[], opportunities: Opportunity[]): { ideas: KeywordIdea[]; keys: Set<string> } {
  const measured = new Map<string, KeywordIdea>();
  for (const idea of research) {
    const key = keywordKey(idea.keyword);
    const earlier = measured.get(key);
    if (!earlier || idea.monthlyVolume > earlier.monthlyVolume) measured.set(key, idea);
  }
  const keys = new Set<string>();
  const fromSearch: KeywordIdea[] = [];
  for (const opportunity of opportunities) {
    const key = keywordKey(opportunity.query);
    if (!key || keys.has(key)) continue;
    keys.add(key);
    const idea = measured.get(key);
    fromSearch.push({
      keyword: opportunity.query,
      monthlyVolume: idea?.monthlyVolume ?? Math.round((opportunity.impressions * 30) / 28),
      competition: idea?.competition ?? UNMEASURED_COMPETITION,
    });
  }
  return { ideas: [...fromSearch, ...research.filter((idea) => !keys.has(keywordKey(idea.keyword)))], keys };
}

/**
 * chooseKeywords' ranking with opportunities first among ideas it ranks equal (the same volume
 * and competition, which it would otherwise order alphabetically); the rest keeps its order.
 */
export function preferOpportunities(ranked: ChosenKeyword[], keys: Set<string>): ChosenKeyword[] {
  if (keys.size === 0) return ranked;
  const result: ChosenKeyword[] = [];
  let start = 0;
  while (start < ranked.length) {
    let end = start + 1;
    const first = ranked[start]!;
    while (end < ranked.length && ranked[end]!.monthlyVolume === first.monthlyVolume && ranked[end]!.competition === first.competition)
      end += 1;
    const tie = ranked.slice(start, end);
    result.push(...tie.filter((idea) => keys.has(idea.key)), ...tie.filter((idea) => !keys.has(idea.key)));
    start = end;
  }
  return result;
}

/** What the plan says about Search Console: no data to take, or which items came from it. */
export function searchConsoleWarning(opportunities: Opportunity[] | null, chosen: ChosenKeyword[], keys: Set<string>): PlanWarning | null {
  if (opportunities === null)
    return {
      code: "no_search_console_data",
      params: {},
      message:
        "The site has no Search Console data yet (connect Google and choose the site's property, then wait for the first sync), so the plan comes from keyword research alone.",
    };
  const fromSearch = chosen.filter((idea) => keys.has(idea.key)).map((idea) => `"${idea.keyword}"`);
  if (fromSearch.length === 0) return null;
  return {
    code: "search_console_keywords",
    params: { items: fromSearch.length, opportunities: opportunities.length },
    message:
      `${fromSearch.length} item${fromSearch.length === 1 ? "" : "s"} target${fromSearch.length === 1 ? "s" : ""} a query the site already ranks 8–30 for in Google ` +
      `(Search Console, last 28 days): ${fromSearch.join(", ")}.`,
  };
}
