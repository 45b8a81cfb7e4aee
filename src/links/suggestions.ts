import { and, desc, eq } from "drizzle-orm";
import type { WordPressClient } from "../adapters/wordpress/client";
import { proposeHrefEdit, proposeLinkEdit, type SentenceEdit } from "../content/link-sentence";
import { termsOf } from "../content/quality/terms";
import { notFound } from "../core/errors";
import { newId } from "../core/ids";
import { urlKey } from "../core/page-url-key";
import { toIsoSeconds } from "../core/time";
import { linkSuggestions, type LinkSuggestionReason } from "../db/schema";
import type { Services } from "../services/container";
import { getSite, type SiteRow } from "../sites/service";
import type { BrokenLink } from "./graph";
import type { SitePage } from "./pages";

export type LinkSuggestionRow = typeof linkSuggestions.$inferSelect;

/** Related pages a new page gets links from at most. */
export const MAX_SUGGESTIONS = 5;
/** Pages read from WordPress looking for a sentence, at most, per new page. */
export const MAX_READS = 10;

/** The page a link goes to, and the words it may be put on (its keyword and title first). */
export interface LinkTarget {
  url: string;
  phrases: string[];
}

/**
 * The pages of the site most related to `target` by the terms (Snowball stems) their titles and
 * keywords share with its title and keyword, the newer first among equals; pages without a
 * WordPress post, and the target itself, left out. Pages sharing nothing come last, so a page with
 * no related one still gets its most likely source.
 */
export function relatedPages(pages: Iterable<SitePage>, target: SitePage | LinkTarget, language: string): SitePage[] {
  const targetKey = "key" in target ? target.key : urlKey(target.url);
  const words = "key" in target ? `${target.keyword ?? ""} ${target.title}` : target.phrases.join(" ");
  const stems = new Set(termsOf(words, language).map((term) => term.stem));
  const scored: { page: SitePage; score: number }[] = [];
  for (const page of pages) {
    if (page.key === targetKey || page.remoteId === null) continue;
    const own = new Set(termsOf(`${page.keyword ?? ""} ${page.title}`, language).map((term) => term.stem));
    let score = 0;
    for (const stem of own) if (stems.has(stem)) score += 1;
    scored.push({ page, score });
  }
  scored.sort((a, b) => b.score - a.score || b.page.at.localeCompare(a.page.at));
  return scored.map((entry) => entry.page);
}

/** The raw content of a page's WordPress post (what an edit is made against). */
export async function rawContentOf(wp: WordPressClient, remoteId: number): Promise<string> {
  const post = await wp.getPost(remoteId);
  return post.content?.raw ?? post.content?.rendered ?? "";
}

/** Stores a suggestion once per source post, target and reason; an earlier one is answered as it is. */
async function storeSuggestion(
  services: Services,
  site: SiteRow,
  from: SitePage,
  toUrl: string,
  edit: SentenceEdit,
  reason: LinkSuggestionReason,
  now: Date,
): Promise<LinkSuggestionRow> {
  const toKey = urlKey(toUrl) ?? toUrl;
  const at = toIsoSeconds(now);
  const [created] = await services.db
    .insert(linkSuggestions)
    .values({
      id: newId("lnk"),
      accountId: site.accountId,
      siteId: site.id,
      reason,
      fromRemoteId: from.remoteId!,
      fromUrl: from.url,
      fromPostId: from.postId ?? null,
      fromArticleId: from.articleId ?? null,
      toUrl,
      toKey,
      anchor: edit.anchor,
      sentence: edit.sentence,
      linked: edit.linked,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [earlier] = await services.db
    .select()
    .from(linkSuggestions)
    .where(
      and(
        eq(linkSuggestions.siteId, site.id),
        eq(linkSuggestions.fromRemoteId, from.remoteId!),
        eq(linkSuggestions.toKey, toKey),
        eq(linkSuggestions.reason, reason),
      ),
    );
  return earlier!;
}

/**
 * A suggestion of a link from `from` to `target`, made against the post as WordPress has it now:
 * null when the post has no sentence with the target's words, or already links to it.
 */
export async function suggestLink(
  services: Services,
  wp: WordPressClient,
  site: SiteRow,
  from: SitePage,
  target: LinkTarget,
  reason: LinkSuggestionReason,
  now = new Date(),
): Promise<LinkSuggestionRow | null> {
  if (from.remoteId === null) return null;
  const html = await rawContentOf(wp, from.remoteId);
  const edit = proposeLinkEdit(html, target.url, { phrases: target.phrases, topic: target.phrases.join(" "), language: site.language });
  return edit ? storeSuggestion(services, site, from, target.url, edit, reason, now) : null;
}

/** A suggestion that mends a broken link on its page: the href of the link changed to the page's address now. */
export async function suggestMend(
  services: Services,
  wp: WordPressClient,
  site: SiteRow,
  from: SitePage,
  broken: BrokenLink,
  now = new Date(),
): Promise<LinkSuggestionRow | null> {
  if (from.remoteId === null || !broken.suggestedUrl) return null;
  const brokenKey = urlKey(broken.toUrl);
  if (!brokenKey) return null;
  const edit = proposeHrefEdit(await rawContentOf(wp, from.remoteId), brokenKey, broken.suggestedUrl, from.url);
  return edit ? storeSuggestion(services, site, from, broken.suggestedUrl, edit, "broken", now) : null;
}

/** The site's link suggestions, newest first (at most `limit`). */
export async function listLinkSuggestions(
  services: Services,
  accountId: string,
  siteId: string,
  limit = 200,
): Promise<LinkSuggestionRow[]> {
  await getSite(services.db, accountId, siteId);
  return services.db
    .select()
    .from(linkSuggestions)
    .where(and(eq(linkSuggestions.siteId, siteId), eq(linkSuggestions.accountId, accountId)))
    .orderBy(desc(linkSuggestions.createdAt), desc(linkSuggestions.id))
    .limit(limit);
}

/** One suggestion of the account; 404 for another account's or a missing one. */
export async function getLinkSuggestion(services: Services, accountId: string, siteId: string, id: string): Promise<LinkSuggestionRow> {
  const [row] = await services.db
    .select()
    .from(linkSuggestions)
    .where(and(eq(linkSuggestions.id, id), eq(linkSuggestions.siteId, siteId), eq(linkSuggestions.accountId, accountId)));
  if (!row) throw notFound("Link suggestion");
  return row;
}
