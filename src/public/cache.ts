import { RecentAnswers, type StoredAnswer } from "./recent-answers";
import { createMiddleware } from "hono/factory";
import { sha256Hex } from "../core/crypto";
import type { AppEnv } from "../http/context";
import { etagMatches } from "../media/serve";
import { sessionDb } from "../db/client";

/**
 * How long an answer of the public API lives: in the edge cache, and as the period of its ETag.
 * Every write bumps the account's content version at once; this only bounds staleness if a bump
 * is ever lost (or the database is changed behind the service's back).
 */
export const PUBLIC_ANSWER_TTL_SECONDS = 300;

/** Cache keys live under a name that is never fetched. */
const CACHE_ORIGIN = "https://public-answers.invalid";

/**
 * Conditional and cached reads of the public API without the database. The ETag is the account's
 * content version (read by the gate from the account's AccountState object, which it calls anyway),
 * the current 5-minute period and a hash of the normalised URL: a matching If-None-Match is a 304
 * at once. Otherwise the answer of that same key comes from this isolate's recent answers or the
 * Cache API when a request before stored it; only a miss runs the route, and a 200 is kept for
 * the next one.
 */
export const publicCache = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== "GET") return next();
  const version = c.get("contentVersion");
  const { accountId, siteIds } = c.get("caller");
  const period = Math.floor(Date.now() / (PUBLIC_ANSWER_TTL_SECONDS * 1000));
  const url = normalisedUrl(c.req.url);
  // A site-limited member's token reads only its sites: its answers are its own, under its own key.
  const reader = siteIds ? `sites=${[...siteIds].sort().join(",")}` : "all";
  const tag = `"${version.toString(36)}.${period.toString(36)}.${(await sha256Hex(`${accountId} ${reader} ${url}`)).slice(0, 20)}"`;

  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch && etagMatches(ifNoneMatch, tag)) {
    c.set("publicCache", "revalidated");
    return new Response(null, { status: 304, headers: { ETag: tag } });
  }
  const key = `${CACHE_ORIGIN}/${accountId}/${version}/${period}/${encodeURIComponent(reader)}/${encodeURIComponent(url)}`;
  const remembered = recentAnswers.get(key);
  if (remembered) {
    c.set("publicCache", "hit");
    return answerOf(remembered, tag);
  }
  const cache = await caches.open("public-api");
  const cached = await cache.match(key);
  if (cached) {
    c.set("publicCache", "hit");
    const answer = { body: await cached.text(), contentType: cached.headers.get("Content-Type") ?? "application/json" };
    recentAnswers.set(key, answer);
    return answerOf(answer, tag);
  }

  c.set("publicCache", "miss");
  // The route reads in a D1 session from the version's bookmark: with read replication on, a
  // near replica that has every write of this version answers (never one behind it, whose old
  // page would be kept under the new version); without a bookmark, the primary.
  c.set("db", sessionDb(c.get("services").d1.withSession(c.get("contentBookmark") ?? "first-primary")));
  await next();
  if (c.res.status !== 200) return;
  c.res.headers.set("ETag", tag);
  const answer = { body: await c.res.clone().text(), contentType: c.res.headers.get("Content-Type") ?? "application/json" };
  recentAnswers.set(key, answer);
  const stored = new Response(answer.body, {
    status: 200,
    headers: { "Content-Type": answer.contentType, "Cache-Control": `public, max-age=${PUBLIC_ANSWER_TTL_SECONDS}` },
  });
  c.executionCtx.waitUntil(cache.put(key, stored));
});

/** The isolate's most recent answers, in front of the Cache API (a round trip of its own): the same keys, so the same rules. */
const recentAnswers = new RecentAnswers(8 * 1024 * 1024, 512 * 1024);

function answerOf(answer: StoredAnswer, tag: string): Response {
  return new Response(answer.body, { status: 200, headers: { "Content-Type": answer.contentType, ETag: tag } });
}

/** The URL with its query parameters in a fixed order, so `?a=1&b=2` and `?b=2&a=1` share an answer. */
export function normalisedUrl(raw: string): string {
  const url = new URL(raw);
  url.searchParams.sort();
  url.hash = "";
  return url.toString();
}

/**
 * Counts of the account's lists by content version and filters (not page, size or order): the
 * count is the slow part of a list or search over a large account, and paging through the same
 * list needs it once per version. Bounded like the answers.
 */
const recentCounts = new Map<string, number>();
const RECENT_COUNTS = 1000;

export function countKey(accountId: string, version: number, filters: Record<string, string | undefined>): string {
  return `${accountId}/${version}/${JSON.stringify(filters)}`;
}

export function knownCount(key: string): number | undefined {
  return recentCounts.get(key);
}

export function rememberCount(key: string, total: number): void {
  recentCounts.delete(key);
  recentCounts.set(key, total);
  if (recentCounts.size > RECENT_COUNTS) recentCounts.delete(recentCounts.keys().next().value!);
}
