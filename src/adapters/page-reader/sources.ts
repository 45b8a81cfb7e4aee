import type { SerpResult } from "../serp-research/port";
import type { PageReader, PageReadFailure, PageReading } from "./port";

/** The most sources read for one article. */
export const MAX_SOURCES = 5;

/**
 * Hosts whose results are not read as sources: video and social platforms (their pages are
 * players, feeds or login walls, and most disallow crawlers) and forums whose threads are
 * user posts behind scripts (Reddit, Quora). A subdomain counts as its host (`m.youtube.com`);
 * a brand with country domains is matched on any of them (`tr.pinterest.com`, `pinterest.co.uk`).
 */
const SKIPPED_BRANDS = [
  "youtube",
  "facebook",
  "instagram",
  "tiktok",
  "twitter",
  "pinterest",
  "linkedin",
  "reddit",
  "quora",
  "vimeo",
  "dailymotion",
  "twitch",
  "threads",
];
const SKIPPED_HOSTS = ["youtu.be", "x.com", "fb.com", "fb.watch", "t.co", "threads.net"];
const BRAND_DOMAIN = new RegExp(`(^|\\.)(${SKIPPED_BRANDS.join("|")})\\.(com|net|[a-z]{2}|co\\.[a-z]{2}|com\\.[a-z]{2})$`);

/** Every reason a result is not read as a source: skipped by the rules, or failed to read. */
export const SOURCE_SKIP_REASONS = [
  "own_site",
  "video_or_social",
  "not_web",
  "refused",
  "robots_disallowed",
  "robots_unavailable",
  "timeout",
  "unreachable",
  "http_error",
  "not_html",
  "empty",
] as const satisfies readonly ("own_site" | "video_or_social" | "not_web" | PageReadFailure)[];
export type SourceSkip = (typeof SOURCE_SKIP_REASONS)[number];

/** Why a result is not read as a source (before any request), or null when it may be. */
export function sourceSkipReason(url: string, siteUrl: string | null): SourceSkip | null {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "not_web";
    host = bareHost(parsed.hostname);
  } catch {
    return "not_web";
  }
  if (SKIPPED_HOSTS.some((skipped) => host === skipped || host.endsWith(`.${skipped}`)) || BRAND_DOMAIN.test(host))
    return "video_or_social";
  const own = siteUrl ? ownHost(siteUrl) : null;
  if (own && (host === own || host.endsWith(`.${own}`))) return "own_site";
  return null;
}

export interface PickedSources {
  /** At most MAX_SOURCES pages, in the order of their results' ranks. */
  sources: PageReading[];
  /** The results not used, and why: skipped by the rules above or failed to read. */
  skipped: { url: string; reason: SourceSkip }[];
}

/**
 * Up to `limit` readable sources from the results, best rank first: results on the site's own
 * domain and on video or social hosts are skipped; the rest are read a batch at a time, and a
 * page that fails to read is replaced by the next result. One failing source never fails the rest.
 */
export async function pickSources(input: {
  results: SerpResult[];
  /** The site the article is for: its own pages are not sources. */
  siteUrl: string | null;
  reader: PageReader;
  limit?: number;
}): Promise<PickedSources> {
  const limit = input.limit ?? MAX_SOURCES;
  const skipped: PickedSources["skipped"] = [];
  const candidates: SerpResult[] = [];
  for (const result of [...input.results].sort((a, b) => a.rank - b.rank)) {
    const reason = sourceSkipReason(result.url, input.siteUrl);
    if (reason) skipped.push({ url: result.url, reason });
    else if (!candidates.some((candidate) => candidate.url === result.url)) candidates.push(result);
  }
  const read: { rank: number; page: PageReading }[] = [];
  let next = 0;
  while (read.length < limit && next < candidates.length) {
    const batch = candidates.slice(next, next + (limit - read.length));
    next += batch.length;
    const outcomes = await Promise.all(
      batch.map((candidate) =>
        input.reader.read(candidate.url).catch((error: unknown) => ({
          ok: false as const,
          url: candidate.url,
          failure: "unreachable" as const,
          message: String(error),
        })),
      ),
    );
    outcomes.forEach((outcome, index) => {
      if (outcome.ok) read.push({ rank: batch[index]!.rank, page: outcome.page });
      else skipped.push({ url: batch[index]!.url, reason: outcome.failure });
    });
  }
  return { sources: read.sort((a, b) => a.rank - b.rank).map((entry) => entry.page), skipped };
}

function bareHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/\.+$/, "")
    .replace(/^www\./, "");
}

function ownHost(siteUrl: string): string | null {
  try {
    return bareHost(new URL(siteUrl).hostname);
  } catch {
    return null;
  }
}
