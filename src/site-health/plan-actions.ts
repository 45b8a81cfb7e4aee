import { and, desc, eq, ne } from "drizzle-orm";
import { AppError, notFound } from "../core/errors";
import { urlKey } from "../core/page-url-key";
import type { Database } from "../db/client";
import { articles, existingPosts, searchPages, searchQueries } from "../db/schema";
import type { ImproveFocus } from "../improvements/improve";
import type { Services } from "../services/container";
import { getSiteOfPlatform, type SiteRow } from "../sites/service";
import { withWordPress } from "../sites/site-access";
import { type ActionPlan, notScanned, type PageTarget, startAction } from "./actions";
import { findCannibalized } from "./cannibalization";
import { findTraction } from "./traction";

// From a list entry to an action: which pages it writes to, and what the improvement is told.

/** The weaker page's HTML given to a merge, at most this many characters. */
const MERGED_HTML_CHARS = 30_000;

/** The WordPress post of a page (by its existing post, else by its article); null when neither is known. */
async function targetOf(
  db: Database,
  siteId: string,
  page: { url: string; postId: string | null; articleId: string | null },
): Promise<PageTarget | null> {
  if (page.postId) {
    const [post] = await db
      .select({ id: existingPosts.id, remoteId: existingPosts.remoteId, url: existingPosts.url })
      .from(existingPosts)
      .where(and(eq(existingPosts.id, page.postId), eq(existingPosts.siteId, siteId)));
    if (post) return { remoteId: post.remoteId, url: post.url, postId: post.id };
  }
  if (page.articleId) {
    const [article] = await db
      .select({ remoteId: articles.remoteId, url: articles.publicationUrl })
      .from(articles)
      .where(and(eq(articles.id, Number(page.articleId)), eq(articles.siteId, siteId)));
    const remoteId = Number(article?.remoteId);
    if (article && Number.isInteger(remoteId) && remoteId > 0) {
      const [post] = await db
        .select({ id: existingPosts.id })
        .from(existingPosts)
        .where(and(eq(existingPosts.siteId, siteId), eq(existingPosts.remoteId, remoteId)));
      return { remoteId, url: article.url ?? page.url, postId: post?.id ?? null };
    }
  }
  return null;
}

async function requireTarget(db: Database, siteId: string, page: { url: string; postId: string | null; articleId: string | null }) {
  const target = await targetOf(db, siteId, page);
  if (!target) throw notScanned(page.url);
  return target;
}

/** The instruction of a merge: fold the weaker page's own sections in; the page's HTML is read from WordPress when the action runs. */
function mergeFocus(from: PageTarget, keyword: string): ActionPlan["focus"] {
  return async (services: Services, site: SiteRow): Promise<ImproveFocus> => {
    const weaker = await withWordPress(services, site, (wp) => wp.getPost(from.remoteId));
    const html = (weaker.content?.raw ?? weaker.content?.rendered ?? "").slice(0, MERGED_HTML_CHARS);
    return {
      keyword,
      instruction: [
        `Another page of the site, ${from.url}, competes with this post for "${keyword}" and will redirect here.`,
        "Fold into this post what that page says and this post does not (its unique sections, facts and examples), rewritten to fit; do not repeat what this post already covers, and do not link to that page.",
        `That page's HTML:\n${html}`,
      ].join("\n"),
    };
  };
}

/** The weaker page's busiest query other than the shared one: where a differentiated page goes by default. */
async function otherQueryOf(db: Database, siteId: string, url: string, query: string): Promise<string | null> {
  const key = urlKey(url);
  if (!key) return null;
  const [row] = await db
    .select({ query: searchQueries.query })
    .from(searchQueries)
    .innerJoin(searchPages, eq(searchPages.id, searchQueries.pageId))
    .where(and(eq(searchPages.siteId, siteId), eq(searchPages.urlKey, key), ne(searchQueries.query, query)))
    .orderBy(desc(searchQueries.impressions), searchQueries.query)
    .limit(1);
  return row?.query ?? null;
}

/** POST /sites/{siteId}/cannibalization/actions. */
export async function startCannibalAction(
  services: Services,
  accountId: string,
  siteId: string,
  input: { query: string; action: "merge" | "differentiate"; targetQuery?: string | undefined },
  now = new Date(),
) {
  const { db } = services;
  const site = await getSiteOfPlatform(db, accountId, siteId, "blog");
  const entry = (await findCannibalized(db, site.id, services.config.siteHealth.cannibalization)).find(
    (item) => item.query === input.query,
  );
  if (!entry) throw notFound(`Cannibalised query "${input.query}"`);
  const [stronger, weaker] = entry.pages as [(typeof entry.pages)[0], (typeof entry.pages)[0]];
  if (input.action === "merge") {
    const target = await requireTarget(db, site.id, stronger);
    const from = await requireTarget(db, site.id, weaker);
    return startAction(services, site, { kind: "merge", target, from, query: entry.query, focus: mergeFocus(from, entry.query) }, now);
  }
  const target = await requireTarget(db, site.id, weaker);
  const targetQuery = input.targetQuery ?? (await otherQueryOf(db, site.id, weaker.url, entry.query));
  if (!targetQuery)
    throw new AppError("invalid_request", `${weaker.url} earns no other query to move to: name one in targetQuery`, [
      { path: "targetQuery", code: "required", message: "Name the query the page should target instead" },
    ]);
  const focus = async (): Promise<ImproveFocus> => ({
    keyword: targetQuery,
    instruction: [
      `This post competes with ${stronger.url} for the search query "${entry.query}", which that page answers better.`,
      `Retarget this post to the query "${targetQuery}": make its title, headings and opening about "${targetQuery}", keep what serves it, and leave "${entry.query}" to ${stronger.url} (link to it where a reader would want that topic) instead of covering it again.`,
    ].join("\n"),
  });
  return startAction(services, site, { kind: "differentiate", target, query: entry.query, targetQuery, focus }, now);
}

/** POST /sites/{siteId}/traction/actions. */
export async function startTractionAction(
  services: Services,
  accountId: string,
  siteId: string,
  input: { articleId: string; action: "improve" | "merge" | "noindex" | "unpublish"; intoUrl?: string | undefined },
  now = new Date(),
) {
  const { db } = services;
  const site = await getSiteOfPlatform(db, accountId, siteId, "blog");
  const [article] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, Number(input.articleId)), eq(articles.accountId, accountId), eq(articles.siteId, site.id)));
  if (article?.status !== "published" || !article.publicationUrl) throw notFound("Published article");
  const page = { url: article.publicationUrl, postId: null, articleId: String(article.id) };
  const target = await requireTarget(db, site.id, page);
  const keyword = article.targetKeyword ?? article.title;
  if (input.action === "noindex" || input.action === "unpublish")
    return startAction(services, site, { kind: input.action, target, articleId: article.id }, now);
  if (input.action === "improve") {
    const focus = async (): Promise<ImproveFocus> => ({
      keyword,
      instruction: `This post has earned almost nothing from search since it was published. Make it the most useful answer to "${keyword}" for a reader: a title and opening that match the query, the questions a searcher has answered directly, and nothing that does not serve them.`,
    });
    return startAction(services, site, { kind: "improve", target, articleId: article.id, focus }, now);
  }
  const intoUrl =
    input.intoUrl ??
    (await findTraction(db, services.config.siteHealth, site.id, now)).find((item) => item.articleId === input.articleId)?.mergeInto;
  if (!intoUrl)
    throw new AppError("invalid_request", "No page of the site earns this article's queries: name the page to merge it into in intoUrl", [
      { path: "intoUrl", code: "required", message: "Name the page to merge the article into" },
    ]);
  const into = await pageAt(db, site.id, intoUrl);
  if (into.remoteId === target.remoteId)
    throw new AppError("invalid_request", "An article cannot be merged into itself", [
      { path: "intoUrl", code: "invalid_value", message: "Another page of the site" },
    ]);
  return startAction(
    services,
    site,
    { kind: "merge", target: into, from: target, articleId: article.id, focus: mergeFocus(target, keyword) },
    now,
  );
}

/** The existing post at a URL of the site (by normalised URL); 404 when the site has none there. */
async function pageAt(db: Database, siteId: string, url: string): Promise<PageTarget> {
  const key = urlKey(url);
  const [page] = key
    ? await db
        .select({ postId: searchPages.postId, articleId: searchPages.articleId, url: searchPages.url })
        .from(searchPages)
        .where(and(eq(searchPages.siteId, siteId), eq(searchPages.urlKey, key)))
    : [];
  const target = page ? await targetOf(db, siteId, { ...page, articleId: page.articleId === null ? null : String(page.articleId) }) : null;
  if (target) return target;
  const posts = await db
    .select({ id: existingPosts.id, remoteId: existingPosts.remoteId, url: existingPosts.url })
    .from(existingPosts)
    .where(eq(existingPosts.siteId, siteId));
  const post = posts.find((row) => urlKey(row.url) === key);
  if (!post) throw notFound(`A existing post of the site at ${url}`);
  return { remoteId: post.remoteId, url: post.url, postId: post.id };
}
