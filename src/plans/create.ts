import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { marketFor } from "../adapters/keyword-research/dataforseo-locations";
import { generateStructured } from "../adapters/text-model/structured";
import { addUsage, NO_USAGE } from "../adapters/provider-usage";
import { AppError } from "../core/errors";
import { newId } from "../core/ids";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import { articles, planItems, plans, existingPosts, type PlanResearch, type PlanWarning, type PublishMode } from "../db/schema";
import { modelsForAccount } from "../billing/account-models";
import type { Services } from "../services/container";
import { briefOf, type Brief } from "../sites/brief";
import { assertSiteTakesArticles, getSite, type SiteRow } from "../sites/service";
import { chooseKeywords } from "./choose-keywords";
import { mentionsTopic } from "../content/text-folding";
import { lowerCaseIn } from "../adapters/keyword-research/seeds";
import type { KeywordIdea } from "../adapters/keyword-research/port";
import type { PlanItemOverlap } from "../db/schema";
import type { ChosenKeyword } from "./choose-keywords";
import { keywordTargeted } from "./items";
import { CoveredTopics, keywordKey, slugWords } from "./keyword-key";
import { OverlapIndex, overlapTopic, suggestionFor } from "./overlap";
import { getPlan, type PlanDetail } from "./read";
import {
  ideasWithOpportunities,
  opportunitiesForPlan,
  preferOpportunities,
  searchConsoleUse,
  searchConsoleWarning,
  seedsWithOpportunities,
} from "./search-console-ideas";
import { accountLocale, defaultPlanName, defaultPublishMode } from "./defaults";
import { planTitlesTask, seedKeywordsTask } from "./tasks";

export interface NewPlanInput {
  siteId: string;
  articleCount: number;
  cadencePerWeek: number;
  /** Without it: `publish`, or `review` when the writer is offline and the site is real (src/plans/defaults.ts). */
  publishMode?: PublishMode;
  /** Take the site's Search Console opportunities as keyword ideas and seeds beside research. */
  fromSearchConsole?: boolean;
  /** A topic cluster: a pillar item for this keyword and spokes from research around it (src/plans/cluster.ts). */
  cluster?: { pillarKeyword: string };
}

// D1 binds at most 100 values per statement: an item row binds each of its 20 columns.
const ITEM_ROWS_PER_STATEMENT = 4;
/** Ideas asked from research per wanted article: room for what the site covers and duplicates. */
const IDEAS_PER_ARTICLE = 10;

/**
 * Builds a DRAFT plan for a site: the text model proposes seed keywords from the brief and the
 * site's posts, research (in the site's language) returns ideas with volumes, what the site
 * already covers is dropped, near-duplicates grouped, the best `articleCount` kept, and the text
 * model titles each. Fewer usable keywords than asked gives fewer items and a warning; volumes
 * are only what research measured, or, for a Search Console query research did not return, its
 * impressions (`fromSearchConsole`: src/plans/search-console-ideas.ts).
 */
export async function createPlan(services: Services, accountId: string, input: NewPlanInput, now = new Date()): Promise<PlanDetail> {
  const { db } = services;
  const site = await getSite(db, accountId, input.siteId);
  assertSiteTakesArticles(site, "planning");
  const brief = briefOf(site);
  const started = Date.now();
  const models = await modelsForAccount(services, accountId);
  const research = services.keywordResearch();
  if (research.provider === "dataforseo" && !marketFor(site.language)) {
    throw new AppError(
      "keyword_market_unsupported",
      `Keyword research has no market for the site's language '${site.language}'; set a language it covers (tr, en, de, fr, es…) with PATCH /api/sites/${site.id}`,
    );
  }
  const covered = await coveredTopicsOf(services, site);
  const pillarKey = input.cluster ? keywordKey(input.cluster.pillarKeyword) : null;
  if (input.cluster && pillarKey && (await keywordTargeted(db, { accountId, siteId: site.id }, pillarKey))) {
    throw new AppError(
      "keyword_already_planned",
      `An item or article of site ${site.id} already targets the pillar keyword '${input.cluster.pillarKeyword}'; choose another pillar`,
    );
  }
  const found = input.fromSearchConsole ? await opportunitiesForPlan(db, accountId, site.id, input.articleCount) : null;
  const opportunities = found?.opportunities ?? null;
  log("info", "plan_research_started", {
    accountId,
    siteId: site.id,
    articleCount: input.articleCount,
    textProvider: models.text.provider,
    keywordProvider: research.provider,
  });

  // A cluster's spokes are researched around its pillar alone.
  const seeds = input.cluster
    ? { value: { seeds: [lowerCaseIn(input.cluster.pillarKeyword, site.language)] }, usage: NO_USAGE }
    : await generateStructured(models.text, seedKeywordsTask, {
        language: site.language,
        siteUrl: site.url,
        brief,
        existingTitles: covered.titles,
      });
  const researchSeeds = seedsWithOpportunities(seeds.value.seeds, opportunities ?? []);
  const ideas = await research.keywordIdeas({
    seeds: researchSeeds,
    language: site.language,
    limit: Math.min(1000, Math.max(100, input.articleCount * IDEAS_PER_ARTICLE)),
  });
  const candidates = ideasWithOpportunities(ideas.ideas, opportunities ?? []);
  const allowed = candidates.ideas.filter(
    (idea) => !mentionsAvoidedTopic(idea.keyword, brief) && (pillarKey === null || keywordKey(idea.keyword) !== pillarKey),
  );
  // The whole ranking, so opportunities can go first among ideas it ranks equal before the cut.
  const choice = chooseKeywords(allowed, covered.topics, allowed.length);
  const overlaps = await OverlapIndex.load(db, site);
  const pillar = input.cluster ? pillarIdea(input.cluster.pillarKeyword, ideas.ideas, pillarKey!) : null;
  const preferred = preferOpportunities(choice.chosen, candidates.keys);
  // Offline volumes are invented: ideas a post of the site already earns for go first, so a local
  // run (the demo blog under `npm run dev`) shows the update-or-write-new decision.
  const ranked = research.offline
    ? [
        ...preferred.filter((idea) => overlaps.find(idea.keyword)?.postId),
        ...preferred.filter((idea) => !overlaps.find(idea.keyword)?.postId),
      ]
    : preferred;
  const chosen = oneItemPerTopic(pillar ? [pillar, ...ranked] : ranked, overlaps, input.articleCount);
  const ideasFound = candidates.ideas.length;
  log("info", "plan_keywords_chosen", {
    siteId: site.id,
    seeds: researchSeeds.length,
    ideas: ideasFound,
    opportunities: opportunities?.length ?? null,
    covered: choice.covered,
    usable: choice.usable,
    chosen: chosen.length,
  });

  if (chosen.length === 0) {
    // An empty plan could never be approved: say why, and store nothing.
    throw new AppError(
      "no_usable_keywords",
      `Keyword research found no usable keyword for site ${site.id} (${ideasFound} ideas; ${choice.covered} already covered by the site's posts, plans or articles, ` +
        `${ideasFound - allowed.length} about topics the brief avoids, the rest without search volume or not plain text); widen the brief's business description, or remove topics to avoid`,
    );
  }
  const keywords = chosen.map((idea) => idea.keyword);
  const titles =
    keywords.length > 0
      ? await generateStructured(models.text, planTitlesTask(keywords.length), { language: site.language, brief, keywords })
      : null;
  const usage = [seeds.usage, ideas.usage, titles?.usage ?? NO_USAGE].reduce(addUsage);

  const warnings: PlanWarning[] = [];
  if (chosen.length < input.articleCount) {
    const found = chosen.length;
    warnings.push({
      code: "fewer_keywords",
      params: { found, wanted: input.articleCount, ideas: ideasFound, covered: choice.covered },
      message:
        `Keyword research found ${found} usable keyword${found === 1 ? "" : "s"} for ${input.articleCount} articles ` +
        `(${ideasFound} ideas; ${choice.covered} already covered by the site's posts, plans or articles), so the plan has ${found} item${found === 1 ? "" : "s"}. ` +
        "Broaden the brief, or create another plan later.",
    });
  }
  const searchNote = input.fromSearchConsole ? searchConsoleWarning(opportunities, chosen, candidates.keys) : null;
  if (searchNote) warnings.push(searchNote);
  const modeDefault = defaultPublishMode(site, models.text.offline);
  const publishMode = input.publishMode ?? modeDefault.publishMode;
  if (input.publishMode === undefined && modeDefault.reason === "offline_writer")
    warnings.push({
      code: "review_by_default",
      params: {},
      message:
        "The writer is offline (TEXT_PROVIDER=offline) and the site is a real one, so the plan waits for your review instead of publishing placeholder articles live; choose publishMode to override.",
    });
  if (research.offline)
    warnings.push({
      code: "offline_research",
      params: {},
      message: "Search volumes are offline estimates (KEYWORD_PROVIDER=offline), not measurements.",
    });
  if (models.text.offline)
    warnings.push({
      code: "offline_writer",
      params: {},
      message: "Seeds and titles come from the offline writer (TEXT_PROVIDER=offline), not a language model.",
    });

  const planId = newId("plan");
  const at = toIsoSeconds(now);
  const researchRecord: PlanResearch = {
    keywordProvider: research.provider,
    textProvider: models.text.provider,
    textModel: models.text.model,
    volumesAreEstimates: research.offline,
    seeds: researchSeeds,
    ideasFound,
    ideasUsable: choice.usable,
    costUsd: usage.costUsd,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
  };
  const ids = chosen.map(() => newId("item"));
  const items = chosen.map(({ overlap, ...idea }, i) => ({
    id: ids[i]!,
    planId,
    accountId,
    siteId: site.id,
    position: i + 1,
    title: titles!.value.titles[i]!,
    targetKeyword: idea.keyword,
    keywordKey: idea.key,
    monthlyVolume: idea.monthlyVolume,
    competition: idea.competition,
    overlap,
    suggestion: suggestionFor(overlap),
    ...(pillar ? { clusterRole: i === 0 ? ("pillar" as const) : ("spoke" as const), pillarItemId: i === 0 ? null : ids[0]! } : {}),
    createdAt: at,
    updatedAt: at,
  }));
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db.insert(plans).values({
      id: planId,
      accountId,
      siteId: site.id,
      name: defaultPlanName(site, await accountLocale(db, accountId), now),
      articleCount: input.articleCount,
      cadencePerWeek: input.cadencePerWeek,
      publishMode,
      warnings,
      research: researchRecord,
      cluster: input.cluster ? { pillarKeyword: input.cluster.pillarKeyword } : null,
      searchConsole: found ? searchConsoleUse(found, preferred, chosen, candidates.keys) : null,
      createdAt: at,
      updatedAt: at,
    }),
  ];
  for (let i = 0; i < items.length; i += ITEM_ROWS_PER_STATEMENT)
    statements.push(db.insert(planItems).values(items.slice(i, i + ITEM_ROWS_PER_STATEMENT)));
  await db.batch(statements);
  log("info", "plan_created", { planId, siteId: site.id, items: items.length, costUsd: usage.costUsd, ms: Date.now() - started });
  return getPlan(db, accountId, planId);
}

/** Everything the site already has or has planned: post titles and slugs, earlier plan items, articles. */
async function coveredTopicsOf(services: Services, site: SiteRow): Promise<{ topics: CoveredTopics; titles: string[] }> {
  const { db } = services;
  const [posts, items, written] = await db.batch([
    db.select({ title: existingPosts.title, url: existingPosts.url }).from(existingPosts).where(eq(existingPosts.siteId, site.id)),
    db.select({ title: planItems.title, keyword: planItems.targetKeyword }).from(planItems).where(eq(planItems.siteId, site.id)),
    db.select({ title: articles.title, keywords: articles.keywords }).from(articles).where(eq(articles.siteId, site.id)),
  ]);
  const topics = new CoveredTopics();
  for (const post of posts) {
    topics.add(post.title);
    topics.add(slugWords(post.url));
  }
  for (const item of items) {
    topics.add(item.title);
    topics.add(item.keyword);
  }
  for (const article of written) {
    topics.add(article.title);
    for (const keyword of article.keywords) topics.add(keyword);
  }
  return {
    topics,
    titles: [...posts.map((post) => post.title), ...items.map((item) => item.title), ...written.map((article) => article.title)],
  };
}

function mentionsAvoidedTopic(keyword: string, brief: Brief): boolean {
  return brief.topicsToAvoid.some((topic) => mentionsTopic(keyword, topic));
}

/** The pillar as an idea: research's figures for it when it returned the keyword, else unmeasured (0, MEDIUM). */
function pillarIdea(keyword: string, ideas: KeywordIdea[], key: string): ChosenKeyword {
  const measured = ideas.find((idea) => keywordKey(idea.keyword) === key);
  return { keyword, key, monthlyVolume: measured?.monthlyVolume ?? 0, competition: measured?.competition ?? "MEDIUM" };
}

/**
 * Up to `count` keywords in rank order, each with its overlap, keeping one per topic: a keyword
 * overlapping the same page (or the same other item or article) as one kept before it is left
 * out, so a plan never holds two items on one topic.
 */
function oneItemPerTopic(
  ranked: ChosenKeyword[],
  overlaps: OverlapIndex,
  count: number,
): (ChosenKeyword & { overlap: PlanItemOverlap | null })[] {
  const topics = new Set<string>();
  const kept: (ChosenKeyword & { overlap: PlanItemOverlap | null })[] = [];
  for (const idea of ranked) {
    if (kept.length >= count) break;
    const overlap = overlaps.find(idea.keyword);
    if (overlap) {
      const topic = overlapTopic(overlap);
      if (topics.has(topic)) continue;
      topics.add(topic);
    }
    kept.push({ ...idea, overlap });
  }
  return kept;
}
