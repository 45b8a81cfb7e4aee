import { fnv1a } from "../serp-research/offline";

// The invented search life of one page. Everything follows from hashes of the URL and the day
// number, so the same page on the same day always has the same figures, on every run.

export type OfflineProfile = "growing" | "decaying" | "steady" | "near_page_one";
const PROFILES: readonly OfflineProfile[] = ["growing", "decaying", "steady", "near_page_one"];

/** How many days the decaying profile has been falling, and the window a decay check compares. */
export const DECAY_WINDOW_DAYS = 28;
/** Days over which a growing page climbs to its level (Search Console's 16 months). */
const GROWTH_DAYS = 486;

export interface OfflineFigures {
  clicks: number;
  impressions: number;
  position: number;
}

interface OfflineQuery {
  text: string;
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
  queries: OfflineQuery[];
  /** Figures of one day; `age` is how many days before the last complete day it is (0 = that day). */
  day(day: number, age: number): OfflineFigures;
  /** Figures of one query on one day, derived from the page's. */
  queryDay(query: OfflineQuery, day: number, page: OfflineFigures): OfflineFigures;
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

export function offlinePage(url: string): OfflinePage {
  const seed = fnv1a(url);
  const profile = PROFILES[seed % PROFILES.length]!;
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
        const grown = 1 - Math.min(age, GROWTH_DAYS) / GROWTH_DAYS;
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

  return {
    url,
    profile,
    queries: queriesOf(url, seed),
    day(day, age) {
      const shape = trend(age);
      const impressions = Math.round(base.impressions * shape.impressions * (0.85 + 0.3 * unit(seed, day * 4 + 2)));
      const position = Math.max(1, shape.position + (unit(seed, day * 4 + 3) - 0.5) * 1.2);
      const clicks = Math.round(impressions * ctrAt(position) * (0.9 + 0.2 * unit(seed, day * 4 + 4)));
      return { clicks: Math.min(clicks, impressions), impressions, position: round2(position) };
    },
    queryDay(query, day, page) {
      const salt = fnv1a(query.text);
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

/** Three to six searches a page like this is found for, some ranking 8–30 so there are opportunities. */
function queriesOf(url: string, seed: number): OfflineQuery[] {
  const words = slugWords(url);
  const head = words.join(" ");
  // The words that carry the topic: "how-to-bake-sourdough" is about "bake sourdough".
  const core = words.filter((word) => !FUNCTION_WORDS.has(word));
  const topic = core.length > 0 ? core : words;
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
