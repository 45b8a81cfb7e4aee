import { and, eq } from "drizzle-orm";
import { AppError, notFound } from "../core/errors";
import { errorFields, log } from "../core/logger";
import { urlKey } from "../core/page-url-key";
import type { LinksPublished } from "../core/queue-messages";
import { articles } from "../db/schema";
import type { Services } from "../services/container";
import { getSite, getSiteOfPlatform, type SiteRow } from "../sites/service";
import { withWordPress } from "../sites/site-access";
import { pillarOfArticle, publishedSpokesOf } from "../plans/cluster";
import { applyLinkSuggestion } from "./apply";
import { linkGraph } from "./graph";
import { recordArticleLinks } from "./record";
import { MAX_READS, MAX_SUGGESTIONS, relatedPages, suggestLink, suggestMend, type LinkSuggestionRow, type LinkTarget } from "./suggestions";

/** Broken links mended per publish, at most (each is one read of a post). */
const MAX_MENDS = 10;

/**
 * The queue's `links.published`: records the article's internal links; on a blog site, suggests a
 * link to it from up to five older related pages (the most related one even when none shares a
 * term, so nothing the autopilot writes stays an orphan) and mends up to ten broken links to old
 * slugs; with the site's autoLinks on, applies them. Redelivered, it adds nothing: each suggestion
 * is stored once per source, target and reason, and applying an applied one changes nothing.
 */
export async function upkeepLinksAfterPublish(services: Services, message: LinksPublished, now = new Date()): Promise<LinkSuggestionRow[]> {
  const [article] = await services.db
    .select()
    .from(articles)
    .where(and(eq(articles.id, message.articleId), eq(articles.accountId, message.accountId)));
  if (article?.status !== "published" || !article.publicationUrl || article.siteId !== message.siteId) return [];
  const site = await getSite(services.db, message.accountId, message.siteId).catch(() => null);
  if (!site || site.status === "DISCONNECTED") return [];
  await recordArticleLinks(services.db, { ...article, siteId: site.id, publicationUrl: article.publicationUrl }, site.url);
  if (site.platform !== "blog") return [];

  const graph = await linkGraph(services.db, message.accountId, site.id);
  const key = urlKey(article.publicationUrl);
  const page = key ? graph.pages.get(key) : undefined;
  const target: LinkTarget = {
    url: article.publicationUrl,
    phrases: [article.targetKeyword ?? "", article.title].filter((phrase) => phrase.trim() !== ""),
  };
  const created: LinkSuggestionRow[] = [];
  const clustered: LinkSuggestionRow[] = [];
  const clusterPairs = await clusterLinks(services, article, target);
  const clusterSources = new Set(clusterPairs.map((pair) => urlKey(pair.from.url ?? "")));
  await withWordPress(services, site, async (wp) => {
    // A cluster's pillar gets its own link to the spoke below, not a second one as a related page.
    const candidates = relatedPages(graph.pages.values(), page ?? target, site.language)
      .filter((candidate) => !clusterSources.has(candidate.key))
      .slice(0, MAX_READS);
    for (const from of candidates) {
      if (created.length >= MAX_SUGGESTIONS) break;
      const suggestion = await suggestLink(services, wp, site, from, target, "new_page", now).catch(skipped(from.url));
      if (suggestion) created.push(suggestion);
    }
    for (const cluster of clusterPairs) {
      const from = cluster.from.url ? graph.pages.get(urlKey(cluster.from.url) ?? "") : undefined;
      if (!from || from.remoteId === null) continue;
      const link = await suggestLink(services, wp, site, from, cluster.to, "requested", now).catch(skipped(from.url));
      if (link) clustered.push(link);
    }
    for (const broken of graph.broken.filter((link) => link.suggestedUrl).slice(0, MAX_MENDS)) {
      const from = graph.pages.get(urlKey(broken.fromUrl) ?? "");
      if (!from) continue;
      const mend = await suggestMend(services, wp, site, from, broken, now).catch(skipped(from.url));
      if (mend) created.push(mend);
    }
  });
  log("info", "links_suggested", { siteId: site.id, articleId: article.id, suggestions: created.length, cluster: clustered.length });
  // A cluster's pillar links to each live spoke without asking: the plan asked for it.
  const cluster = await applyAll(services, site, clustered, now);
  return [...(site.autoLinks ? await applyAll(services, site, created, now) : created), ...cluster];
}

/**
 * The links a topic cluster asks for when `article` goes live: a spoke, from its live pillar to it;
 * the pillar, from it to each spoke already live. (Each spoke's own link to the pillar is written
 * into the spoke by the writer.)
 */
async function clusterLinks(
  services: Services,
  article: { id: number; accountId: string },
  self: LinkTarget,
): Promise<{ from: { url: string | null }; to: LinkTarget }[]> {
  const pillar = await pillarOfArticle(services.db, article.accountId, article.id);
  if (pillar?.url) return [{ from: { url: pillar.url }, to: self }];
  const spokes = await publishedSpokesOf(services.db, article.accountId, article.id);
  return spokes.map((spoke) => ({ from: { url: self.url }, to: { url: spoke.url, phrases: [spoke.keyword, spoke.title] } }));
}

/** A page that cannot be read is passed over; the others still get their suggestions. */
function skipped(url: string) {
  return (error: unknown) => {
    log("warn", "link_suggestion_skipped", { url, ...errorFields(error) });
    return null;
  };
}

/** Applies each suggestion on its own (autoLinks); one that fails stays suggested for the owner. */
async function applyAll(services: Services, site: SiteRow, rows: LinkSuggestionRow[], now: Date): Promise<LinkSuggestionRow[]> {
  const outcome: LinkSuggestionRow[] = [];
  for (const row of rows) {
    if (row.state !== "suggested") {
      outcome.push(row);
      continue;
    }
    try {
      outcome.push(await applyLinkSuggestion(services, site.accountId, site.id, row.id, now));
    } catch (error) {
      log("warn", "link_auto_apply_failed", { id: row.id, ...errorFields(error) });
      outcome.push(row);
    }
  }
  return outcome;
}

/**
 * A link from one page of a site to another, suggested and (with `apply`) applied at once: what
 * topic clusters use to tie a pillar and its spokes. `from` names an existing post or an article
 * of the site that is a WordPress post; `to.phrases` are the words to put the link on, best first
 * (the target's keyword and title). Null when the source has no sentence with those words.
 */
export async function linkPages(
  services: Services,
  input: {
    accountId: string;
    siteId: string;
    from: { postId?: string; articleId?: number };
    to: LinkTarget;
    apply: boolean;
    now?: Date;
  },
): Promise<LinkSuggestionRow | null> {
  const now = input.now ?? new Date();
  const site = await getSiteOfPlatform(services.db, input.accountId, input.siteId, "blog");
  const graph = await linkGraph(services.db, input.accountId, site.id);
  const from = [...graph.pages.values()].find(
    (page) =>
      (input.from.postId !== undefined && page.postId === input.from.postId) ||
      (input.from.articleId !== undefined && page.articleId === input.from.articleId),
  );
  if (!from) throw notFound("Source page");
  if (from.remoteId === null)
    throw new AppError("invalid_request", `The page at ${from.url} is no WordPress post: no link can be added to it`);
  const suggestion = await withWordPress(services, site, (wp) => suggestLink(services, wp, site, from, input.to, "requested", now));
  if (!suggestion || !input.apply || suggestion.state === "applied") return suggestion;
  return applyLinkSuggestion(services, input.accountId, site.id, suggestion.id, now);
}
