import { and, count, eq } from "drizzle-orm";
import { toIsoSeconds } from "../core/time";
import { searchDecay, searchPages } from "../db/schema";
import { linkGraph } from "../links/graph";
import { paceOf } from "../plans/pace";
import type { Services } from "../services/container";
import { getSite } from "../sites/service";
import { countCannibalized } from "./cannibalization";
import { findTraction } from "./traction";

/**
 * What each problem can take off the score of 100, and how: a share of the site's pages (orphans),
 * of its judged articles (no traction) or of its pages in Search Console (decaying), or so much per
 * item up to its cap (cannibalised queries, broken links), or all of it (over the pace).
 * docs/guides/site-health.md (One health view) gives the evidence behind the weights.
 */
export const HEALTH_WEIGHTS = {
  cannibalized: { perItem: 4, max: 20 },
  orphans: { max: 20 },
  broken: { perItem: 3, max: 15 },
  noTraction: { max: 15 },
  decaying: { max: 15 },
  overPace: { max: 15 },
} as const;

export interface SiteHealth {
  score: number;
  pace: { newLast7Days: number; newLast28Days: number; maxNewPerWeek: number };
  cannibalized: number;
  orphans: number;
  broken: number;
  noTraction: number;
  decaying: number;
  checkedAt: string;
}

interface Counts {
  cannibalized: number;
  orphans: number;
  pages: number;
  broken: number;
  noTraction: number;
  judged: number;
  decaying: number;
  measured: number;
  overPace: boolean;
}

const share = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

/** The score of the counts: 100 less each problem's part, never below 0. */
export function healthScore(counts: Counts): number {
  const w = HEALTH_WEIGHTS;
  const lost =
    Math.min(w.cannibalized.max, counts.cannibalized * w.cannibalized.perItem) +
    w.orphans.max * share(counts.orphans, counts.pages) +
    Math.min(w.broken.max, counts.broken * w.broken.perItem) +
    w.noTraction.max * share(counts.noTraction, counts.judged) +
    w.decaying.max * share(counts.decaying, counts.measured) +
    (counts.overPace ? w.overPace.max : 0);
  return Math.max(0, Math.round(100 - lost));
}

/**
 * GET /sites/{siteId}/health: one figure per list (each computed as its list computes it, so the
 * figure and the list never disagree) and the score they make. Every part is one pass over the
 * site's rows; nothing is stored.
 */
export async function siteHealth(services: Services, accountId: string, siteId: string, now = new Date()): Promise<SiteHealth> {
  const { db } = services;
  const site = await getSite(db, accountId, siteId);
  const config = services.config.siteHealth;
  const [graph, cannibalized, traction, pace, [decaying], [measured]] = await Promise.all([
    linkGraph(db, accountId, site.id),
    countCannibalized(db, config, site.id),
    findTraction(db, config, site.id, now),
    paceOf(services, site.id, now),
    db
      .select({ n: count() })
      .from(searchDecay)
      .where(and(eq(searchDecay.siteId, site.id), eq(searchDecay.seasonal, false))),
    db.select({ n: count() }).from(searchPages).where(eq(searchPages.siteId, site.id)),
  ]);
  const counts: Counts = {
    cannibalized,
    orphans: graph.stats.orphans,
    pages: graph.stats.pages,
    broken: graph.stats.broken,
    noTraction: traction.filter((item) => item.state === "none").length,
    judged: traction.length,
    decaying: decaying?.n ?? 0,
    measured: measured?.n ?? 0,
    overPace: pace.newLast7Days > pace.maxNewPerWeek,
  };
  return {
    score: healthScore(counts),
    pace: { newLast7Days: pace.newLast7Days, newLast28Days: pace.newLast28Days, maxNewPerWeek: pace.maxNewPerWeek },
    cannibalized: counts.cannibalized,
    orphans: counts.orphans,
    broken: counts.broken,
    noTraction: counts.noTraction,
    decaying: counts.decaying,
    checkedAt: toIsoSeconds(now),
  };
}
