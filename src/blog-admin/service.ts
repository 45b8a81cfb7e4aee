import type { WordPressClient, WpCommentFilter, WpPage } from "../adapters/wordpress/client";
import { isWordPressFailure, WordPressError } from "../adapters/wordpress/errors";
import { AppError } from "../core/errors";
import type { Page, PageQuery } from "../core/pagination";
import { getSiteOfPlatform } from "../sites/service";
import { withWordPress, type SiteAccessDeps } from "../sites/site-access";
import {
  toBlogCategory,
  toBlogComment,
  toBlogMedia,
  toBlogPage,
  toBlogSettings,
  toBlogTag,
  type COMMENT_FILTERS,
  type COMMENT_STATUSES,
  type PAGE_STATUSES,
} from "./schemas";

/** Who asks about which site: every blog administration function starts here. */
export interface BlogSiteRef {
  deps: SiteAccessDeps;
  accountId: string;
  siteId: string;
}

/** Runs `work` on the WordPress of a blog site of the account (404 foreign/missing, 409 forum or custom). */
async function onBlogSite<T>(ref: BlogSiteRef, work: (wp: WordPressClient) => Promise<T>): Promise<T> {
  const site = await getSiteOfPlatform(ref.deps.db, ref.accountId, ref.siteId, "blog");
  return withWordPress(ref.deps, site, work);
}

function toPage<W, R>(wpPage: WpPage<W>, query: PageQuery, map: (item: W) => R): Page<R> {
  return { items: wpPage.items.map(map), page: query.page, perPage: query.per_page, total: wpPage.total, totalPages: wpPage.totalPages };
}

const pageRequest = (query: PageQuery) => ({ page: query.page, perPage: query.per_page });

/** A name that exists already is a 409 naming the existing term. */
function termExists(error: unknown, kind: string, name: string): never {
  if (isWordPressFailure(error, "term_exists")) {
    const which = error.existingTermId ? ` (id ${error.existingTermId})` : "";
    throw new AppError("term_exists", `A ${kind} named "${name}" already exists on the WordPress site${which}`);
  }
  throw error;
}

export const listCategories = (ref: BlogSiteRef, query: PageQuery) =>
  onBlogSite(ref, async (wp) => toPage(await wp.listCategories(pageRequest(query)), query, toBlogCategory));

export const createCategory = (ref: BlogSiteRef, input: { name: string; description?: string; parentId?: number }) =>
  onBlogSite(ref, async (wp) => {
    const term = await wp
      .createCategory({ name: input.name, description: input.description, parent: input.parentId })
      .catch((error) => termExists(error, "category", input.name));
    return toBlogCategory(term);
  });

export const listTags = (ref: BlogSiteRef, query: PageQuery) =>
  onBlogSite(ref, async (wp) => toPage(await wp.listTags(pageRequest(query)), query, toBlogTag));

export const createTag = (ref: BlogSiteRef, input: { name: string; description?: string }) =>
  onBlogSite(ref, async (wp) => toBlogTag(await wp.createTag(input).catch((error) => termExists(error, "tag", input.name))));

/** Our filter says `approved` like the comment objects; WordPress's list filter wants `approve`. */
const WP_COMMENT_FILTER: Record<(typeof COMMENT_FILTERS)[number], WpCommentFilter> = { approved: "approve", hold: "hold", spam: "spam" };

export const listComments = (ref: BlogSiteRef, query: PageQuery & { status?: (typeof COMMENT_FILTERS)[number] }) =>
  onBlogSite(ref, async (wp) => {
    // Without a filter: what wp-admin shows under "All" (approved and held), not only approved.
    const filter = query.status ? WP_COMMENT_FILTER[query.status] : "all";
    return toPage(await wp.listComments(pageRequest(query), filter), query, toBlogComment);
  });

export const moderateComment = (ref: BlogSiteRef, commentId: number, status: (typeof COMMENT_STATUSES)[number]) =>
  onBlogSite(ref, async (wp) => toBlogComment(await wp.updateCommentStatus(commentId, status)));

export const listPages = (ref: BlogSiteRef, query: PageQuery) =>
  onBlogSite(ref, async (wp) => toPage(await wp.listPages(pageRequest(query)), query, toBlogPage));

export const createPage = (ref: BlogSiteRef, input: { title: string; content: string; status: (typeof PAGE_STATUSES)[number] }) =>
  onBlogSite(ref, async (wp) => toBlogPage(await wp.createPage(input)));

export const listMedia = (ref: BlogSiteRef, query: PageQuery) =>
  onBlogSite(ref, async (wp) => toPage(await wp.listMedia(pageRequest(query)), query, toBlogMedia));

export const deleteMedia = (ref: BlogSiteRef, mediaId: number) =>
  onBlogSite(ref, async (wp) => {
    if (!(await wp.deleteMedia(mediaId)))
      throw new WordPressError("server_error", `WordPress did not confirm the deletion of media item ${mediaId}`);
    return { id: mediaId, deleted: true as const };
  });

export const getSettings = (ref: BlogSiteRef) => onBlogSite(ref, async (wp) => toBlogSettings(await wp.getSettings()));

export const updateSettings = (ref: BlogSiteRef, input: { title?: string; description?: string }) =>
  onBlogSite(ref, async (wp) => toBlogSettings(await wp.updateSettings(input)));
