import type { CompetitionLevel, KeywordIdea } from "../adapters/keyword-research/port";
import { plainTextProblem } from "../core/plain-text";
import { keywordKey, type CoveredTopics } from "./keyword-key";

/** How much a competition level lets a keyword's volume count: easy keywords first. */
const COMPETITION_WEIGHT: Record<CompetitionLevel, number> = { LOW: 1, MEDIUM: 0.6, HIGH: 0.3 };

export interface ChosenKeyword extends KeywordIdea {
  key: string;
}

export interface KeywordChoice {
  chosen: ChosenKeyword[];
  /** Ideas left after dropping what the site covers and grouping near-duplicates. */
  usable: number;
  /** Ideas dropped because the site already covers them. */
  covered: number;
}

/**
 * Picks up to `count` keywords from research ideas: drops those the site already covers and
 * those that are not plain text,
 * keeps one idea per normalised key (the most searched: "bread recipes" and "bread recipe" are
 * one topic: near-duplicates are grouped under the most searched), and ranks by volume weighted
 * by competition (ties: volume, then alphabetical).
 */
export function chooseKeywords(ideas: KeywordIdea[], covered: CoveredTopics, count: number): KeywordChoice {
  const byKey = new Map<string, ChosenKeyword>();
  let coveredCount = 0;
  for (const idea of ideas) {
    // A keyword goes into titles, which are plain text: one that holds markup or control characters cannot be written.
    if (idea.monthlyVolume <= 0 || plainTextProblem(idea.keyword, { noMarkup: true })) continue;
    if (covered.covers(idea.keyword)) {
      coveredCount += 1;
      continue;
    }
    const key = keywordKey(idea.keyword);
    const earlier = byKey.get(key);
    if (!earlier || idea.monthlyVolume > earlier.monthlyVolume) byKey.set(key, { ...idea, key });
  }
  const score = (idea: ChosenKeyword) => idea.monthlyVolume * COMPETITION_WEIGHT[idea.competition];
  const ranked = [...byKey.values()].sort(
    (a, b) => score(b) - score(a) || b.monthlyVolume - a.monthlyVolume || (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
  );
  return { chosen: ranked.slice(0, count), usable: ranked.length, covered: coveredCount };
}
