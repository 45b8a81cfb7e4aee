import { dayNumber } from "../../core/search-days";
import { fnv1a } from "../serp-research/offline";

// The invented search life of one page. Everything follows from hashes of the URL and the day
// number, so the same page on the same day always has the same figures, on every run.

export type OfflineProfile = "growing" | "decaying" | "steady" | "near_page_one";
const PROFILES: readonly OfflineProfile[] = ["growing", "decaying", "steady", "near_page_one"];

/** How many days the decaying profile has been falling, and the window a decay check compares. */
export const DECAY_WINDOW_DAYS = 28;
/** Days over which a growing page climbs to its level (Search Console's 16 months). */
const GROWTH_DAYS = 486;
/** A page decays only with this much history: two full windows of the check and a margin. */
const DECAY_NEEDS_DAYS = 2 * DECAY_WINDOW_DAYS + 14;
/** The first day of a page that existed before Search Console's 16 months (no publication date known). */
export const ALWAYS = Number.NEGATIVE_INFINITY;

export interface OfflineFigures {
  clicks: number;
  impressions: number;
  position: number;
}

export interface OfflineQuery {
  text: string;
  /** The hash of `text`, which salts the query's daily wobble. */
  salt: number;
  /** Its part of the page's impressions; the parts sum to 0.85 (the rest are anonymised queries). */
  share: number;
  /** A fixed rank between 8 and 30 (an opportunity), or null to follow the page's rank. */
  deepPosition: number | null;
  /** Added to the page's rank when the query follows it. */
  offset: number;
}

export interface OfflinePage {
  url: string;
  profile: OfflineProfile;
  /** The day the page was published (its first day with figures), or ALWAYS. */
  firstDay: number;
  queries: OfflineQuery[];
  /**
   * Figures of one day, at least one impression; `age` is how many days before the last complete
   * day it is (0 = that day).
   */
  day(day: number, age: number): OfflineFigures;
  /** Figures of one of `queries` on one day, derived from the page's. */
  queryDay(query: OfflineQuery, day: number, age: number): OfflineFigures;
}

/** A number in [0, 1) from a seed and a salt: murmur3's finaliser over both. */
function unit(seed: number, salt: number): number {
  let h = (seed ^ Math.imul(salt, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** Click-through rate by average rank: about 30 % at 1, 4 % at 5, 1.5 % at 10, 0.5 % at 25. */
function ctrAt(position: number): number {
  return 0.3 / Math.max(1, position) ** 1.3;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * One page's search life: `profile` (by default chosen by the URL's hash) from `firstDay` on (by
 * default: since before the 16 months). `lastComplete` is the day ages count back from: a growing
 * page climbs from its first day (or 16 months back) to it.
 */
export function offlinePage(
  url: string,
  options: { profile?: OfflineProfile; firstDay?: number; lastComplete?: number } = {},
): OfflinePage {
  const seed = fnv1a(url);
  const profile = options.profile ?? PROFILES[seed % PROFILES.length]!;
  const firstDay = options.firstDay ?? ALWAYS;
  const growthDays =
    options.lastComplete === undefined || firstDay === ALWAYS
      ? GROWTH_DAYS
      : Math.max(1, Math.min(GROWTH_DAYS, options.lastComplete - firstDay));
  const level = unit(seed, 1);
  // Impressions on a typical day and the usual rank, per profile.
  const base = {
    growing: { impressions: 60 + level * 240, position: 3 + level * 4 },
    decaying: { impressions: 150 + level * 250, position: 2 + level * 2 },
    steady: { impressions: 40 + level * 260, position: 2.5 + level * 5 },
    near_page_one: { impressions: 200 + level * 400, position: 10 + level * 4 },
  }[profile];

  function trend(age: number): { impressions: number; position: number } {
    switch (profile) {
      case "growing": {
        const grown = 1 - Math.min(age, growthDays) / growthDays;
        return { impressions: 0.2 + 0.8 * grown, position: base.position + 10 * (1 - grown) };
      }
      case "decaying": {
        // Full strength until four weeks ago, then a drop (a lost ranking) that keeps sliding.
        if (age >= DECAY_WINDOW_DAYS) return { impressions: 1, position: base.position };
        const sliding = 1 - age / (DECAY_WINDOW_DAYS - 1);
        return { impressions: 0.7 - 0.2 * sliding, position: base.position + 2.5 + 1.5 * sliding };
      }
      default:
        return { impressions: 1, position: base.position };
    }
  }

  function figuresOn(day: number, age: number): OfflineFigures {
    const shape = trend(age);
    const impressions = Math.max(1, Math.round(base.impressions * shape.impressions * (0.85 + 0.3 * unit(seed, day * 4 + 2))));
    const position = Math.max(1, shape.position + (unit(seed, day * 4 + 3) - 0.5) * 1.2);
    const clicks = Math.round(impressions * ctrAt(position) * (0.9 + 0.2 * unit(seed, day * 4 + 4)));
    return { clicks: Math.min(clicks, impressions), impressions, position: round2(position) };
  }
  // A page's queries are read one after another for the same day: keep that day's figures.
  let last = { day: Number.NaN, figures: { clicks: 0, impressions: 0, position: 0 } };
  const dayOnce = (at: number, age: number) => {
    if (last.day !== at) last = { day: at, figures: figuresOn(at, age) };
    return last.figures;
  };

  return {
    url,
    profile,
    firstDay,
    queries: queriesOf(url, seed),
    day: figuresOn,
    queryDay(query, day, age) {
      const page = dayOnce(day, age);
      const salt = query.salt;
      const impressions = Math.round(page.impressions * query.share);
      // ±0.6 a day, so a deep query stays within 8–30.
      const wobble = (unit(seed ^ salt, day * 2 + 5) - 0.5) * 1.2;
      const position = Math.max(1, (query.deepPosition ?? page.position + query.offset) + wobble);
      const clicks = Math.round(impressions * ctrAt(position) * (0.9 + 0.2 * unit(seed ^ salt, day * 2 + 6)));
      return { clicks: Math.min(clicks, impressions), impressions, position: round2(position) };
    },
  };
}

// Enough to tell a Turkish slug from an English one without knowing the site's language.
const ENGLISH_WORDS = new Set(
  "a an and the of for to in on with without your my our how what why when which best guide tips ideas easy simple quick homemade recipe recipes make making use using vs review reviews top free new bread coffee cake cookies".split(
    " ",
  ),
);
const TURKISH_WORDS = new Set(
  "ve ile icin için en nasil nasıl nedir ne neden evde ev yapimi yapımı tarifi tarif tarifleri onerileri önerileri".split(" "),
);
const TURKISH_ENDINGS = /([çğıöşü]|(si|sı|su|sü|ri|rı|li|lı|lu|lü|gi|ği|mi|mı|ni|nı|siz|sız|suz|lari|leri|ları|ması|mesi))$/;
const FUNCTION_WORDS = new Set(
  "a an and the of for to in on with your my how what why is ve ile icin için en nasil nasıl ne nedir".split(" "),
);

const MODIFIERS = {
  tr: {
    extra: ["tarifi", "nedir", "onerileri", "fiyatlari", "en iyi", "puf noktalari"],
    howTo: (words: string) => `${words} nasil yapilir`,
  },
  en: { extra: ["guide", "tips", "ideas", "for beginners", "explained", "examples"], howTo: (words: string) => `how to ${words}` },
};

function looksTurkish(words: string[], host: string): boolean {
  if (/\.tr$/i.test(host)) return true;
  const turkish = words.filter((word) => TURKISH_WORDS.has(word) || TURKISH_ENDINGS.test(word)).length;
  const english = words.filter((word) => ENGLISH_WORDS.has(word)).length;
  return turkish > english;
}

/** The words of the URL's last path segment ("/blog/eksi-maya-ekmegi/" → eksi, maya, ekmegi), else of its host. */
function slugWords(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return ["page"];
  }
  const segments = parsed.pathname.split("/").filter(Boolean);
  let slug = segments.at(-1) ?? "";
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // keep it as written
  }
  const words = slug
    .replace(/\.[a-z0-9]{2,5}$/i, "")
    .toLowerCase()
    .split(/[-_+.\s]+/)
    .filter((word) => word.length > 1 && !/^\d+$/.test(word))
    .slice(0, 6);
  return words.length > 0 ? words : [parsed.hostname.replace(/^www\./, "").split(".")[0] || "home"];
}

/** The words that carry the topic: "how-to-bake-sourdough" is about "bake sourdough". */
function topicWords(words: string[]): string[] {
  const core = words.filter((word) => !FUNCTION_WORDS.has(word));
  return core.length > 0 ? core : words;
}

/** Three to six searches a page like this is found for, some ranking 8–30 so there are opportunities. */
function queriesOf(url: string, seed: number): OfflineQuery[] {
  const words = slugWords(url);
  const head = words.join(" ");
  const topic = topicWords(words);
  const topicHead = topic.join(" ");
  const firstTwo = topic.slice(0, 2).join(" ");
  const { extra, howTo } = looksTurkish(words, hostOf(url)) ? MODIFIERS.tr : MODIFIERS.en;
  const pick = (salt: number) => extra[Math.floor(unit(seed, salt) * extra.length)]!;
  const candidates = [
    head,
    `${topicHead} ${pick(11)}`,
    howTo(firstTwo),
    topic.length >= 3 ? topic.slice(-2).join(" ") : `${firstTwo} ${pick(12)}`,
    `${topicHead} ${pick(13)}`,
    `${topic[0]} ${pick(14)}`,
  ];
  const texts = [...new Set(candidates)].slice(0, 3 + Math.floor(unit(seed, 10) * 4));
  const weights = texts.map((_, index) => (index === 0 ? 3 : 1) * (0.5 + unit(seed, 20 + index)));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return texts.map((text, index) => {
    // The last query, and the one before it on longer lists, ranks far from the page: opportunities.
    const deep = index === texts.length - 1 || (texts.length >= 5 && index === texts.length - 2);
    return {
      text,
      salt: fnv1a(text),
      share: (0.85 * weights[index]!) / total,
      deepPosition: deep ? 8.6 + unit(seed, 30 + index) * 20.8 : null,
      offset: index === 0 ? -0.5 : unit(seed, 40 + index) * 3 - 0.5,
    };
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

/** A page the service knows under a property: an article's or an inventory post's. */
export interface KnownPage {
  url: string;
  /** When it was published, if known: it has figures from that day on (without it, for all 16 months). */
  publishedAt?: string | null;
  /** An article the service published, not a post read from the site: one old article is never found. */
  article?: boolean;
}

/** An article this long without a single impression is one that never got traction. */
export const UNSEEN_AFTER_DAYS = 56;
/** The weaker page's part of a shared query, against the stronger page's impressions for it. */
const SHARED_PART = 0.6;
/** Of the pages old enough to decay, one in this many does. */
const DECAYING_ONE_IN = 4;
const OTHER_PROFILES: readonly OfflineProfile[] = ["near_page_one", "growing", "steady"];

/**
 * The invented search life of a whole property, as a first sync of a real one reads it: each page
 * from its publication day, with a profile dealt across the site so that every site has each
 * (below); one article published at least 56 days ago (the lowest hash) is never found, and two
 * pages compete for one query. Linear in pages.
 */
export function offlineSite(known: KnownPage[], lastComplete: number): OfflinePage[] {
  const unseen = unseenArticle(known, lastComplete);
  const live = known.filter((page) => page.url !== unseen).map((page) => ({ url: page.url, firstDay: firstDayOf(page) }));
  const profiles = dealProfiles(live, lastComplete);
  const pages = live.map((page) => offlinePage(page.url, { profile: profiles.get(page.url), firstDay: page.firstDay, lastComplete }));
  const settled = pages.filter((page) => page.firstDay <= lastComplete - DECAY_WINDOW_DAYS);
  const pair = competingPair(settled.length >= 2 ? settled : pages);
  if (!pair) return pages;
  const [stronger, weaker] = pair;
  return pages.map((page) => (page === weaker ? withSharedQuery(weaker, stronger) : page));
}

function firstDayOf(page: KnownPage): number {
  const day = page.publishedAt ? dayNumber(page.publishedAt.slice(0, 10)) : Number.NaN;
  return Number.isFinite(day) ? day : ALWAYS;
}

function unseenArticle(known: KnownPage[], lastComplete: number): string | null {
  let unseen: string | null = null;
  for (const page of known) {
    if (!page.article || !(firstDayOf(page) <= lastComplete - UNSEEN_AFTER_DAYS)) continue;
    if (unseen === null || fnv1a(page.url) < fnv1a(unseen) || (fnv1a(page.url) === fnv1a(unseen) && page.url < unseen)) unseen = page.url;
  }
  return unseen;
}

/**
 * Profiles dealt in hash order, so a site of a dozen posts shows them all: of the pages with at
 * least 70 days of figures (enough for two windows of the decay check), every fourth decays,
 * at least one; the others take turns at near page one, growing and steady.
 */
function dealProfiles(pages: { url: string; firstDay: number }[], lastComplete: number): Map<string, OfflineProfile> {
  const ordered = pages
    .map((page) => ({ ...page, seed: fnv1a(page.url) }))
    .sort((a, b) => a.seed - b.seed || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const profiles = new Map<string, OfflineProfile>();
  const oldEnough = ordered.filter((page) => page.firstDay <= lastComplete - DECAY_NEEDS_DAYS);
  oldEnough.forEach((page, index) => {
    if (index % DECAYING_ONE_IN === 0) profiles.set(page.url, "decaying");
  });
  let turn = 0;
  for (const page of ordered) {
    if (profiles.has(page.url)) continue;
    profiles.set(page.url, OTHER_PROFILES[turn % OTHER_PROFILES.length]!);
    turn += 1;
  }
  return profiles;
}

/**
 * The two pages that share a query: of the pages whose slugs start with the same topic word, the
 * first group in word order, its first two URLs; without such a group, the first two URLs.
 */
function competingPair(pages: OfflinePage[]): [OfflinePage, OfflinePage] | null {
  if (pages.length < 2) return null;
  const byWord = new Map<string, OfflinePage[]>();
  for (const page of pages) {
    const word = topicWords(slugWords(page.url))[0]!;
    const group = byWord.get(word);
    if (group) group.push(page);
    else byWord.set(word, [page]);
  }
  const groups = [...byWord].filter(([, group]) => group.length >= 2).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const chosen = groups[0]?.[1] ?? pages;
  const [first, second] = [...chosen].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return [first!, second!];
}

/**
 * `weaker` also found for `stronger`'s main query: 60 % of the stronger page's impressions for it,
 * 2.5 places lower. Its page figures include them, so its queries never add up to more than the page.
 */
function withSharedQuery(weaker: OfflinePage, stronger: OfflinePage): OfflinePage {
  const main = stronger.queries[0]!;
  if (weaker.queries.some((query) => query.text === main.text)) return weaker;
  const shared: OfflineQuery = { ...main, share: 0, deepPosition: null, offset: 0 };
  const seed = fnv1a(`${weaker.url} ${main.text}`);
  const sharedOn = (day: number, age: number): OfflineFigures => {
    if (day < stronger.firstDay) return { clicks: 0, impressions: 0, position: 0 };
    const theirs = stronger.queryDay(main, day, age);
    const impressions = Math.max(1, Math.round(theirs.impressions * SHARED_PART));
    const position = Math.max(1, theirs.position + 2.5 + (unit(seed, day * 2 + 7) - 0.5));
    const clicks = Math.round(impressions * ctrAt(position) * (0.9 + 0.2 * unit(seed, day * 2 + 8)));
    return { clicks: Math.min(clicks, impressions), impressions, position: round2(position) };
  };
  return {
    ...weaker,
    queries: [...weaker.queries, shared],
    day(day, age) {
      const own = weaker.day(day, age);
      const extra = sharedOn(day, age);
      if (extra.impressions === 0) return own;
      const impressions = own.impressions + extra.impressions;
      const position = (own.position * own.impressions + extra.position * extra.impressions) / impressions;
      return { clicks: own.clicks + extra.clicks, impressions, position: round2(position) };
    },
    queryDay(query, day, age) {
      return query === shared ? sharedOn(day, age) : weaker.queryDay(query, day, age);
    },
  };
}
