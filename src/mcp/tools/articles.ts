import { z } from "@hono/zod-openapi";
import { editArticle, listArticlePage, publishArticle } from "../../articles/management";
import { editWaitsForEditor, proposeRevision } from "../../articles/revisions";
import {
  ArticleDetailSchema,
  ArticleEditBodySchema,
  ArticleEditResultSchema,
  ArticleSummarySchema,
  MANAGED_ARTICLE_SORTS,
} from "../../articles/management-schemas";
import { ARTICLE_APPROVAL_STATUSES } from "../../articles/approval-state";
import { articleDetail } from "../../articles/publishable";
import { getArticleWithImages, parseArticleId } from "../../articles/service";
import { SEO_DESC_CHARS, SEO_TITLE_CHARS } from "../../content/article-rules";
import { AppError } from "../../core/errors";
import { ARTICLE_STATUSES } from "../../db/schema";
import { articleIdInput as articleId, defineTool, describeFields, pagedOutput } from "../tool";

/** What update_article changes: the fields of PATCH /api/autopilot/articles/{articleId}, each optional. */
const articleEdit = describeFields(ArticleEditBodySchema.shape, {
  title: "The new title (plain text, no markup)",
  slug: "The last part of the address (Turkish letters folded: ç→c, ş→s, ı→i…; then a-z, 0-9 and hyphens, at most 80); WordPress redirects the old address; slug_taken when the site already has it",
  html: "The new article body as HTML; it is sanitised, and the word count follows it",
  seoTitle: `The title search engines show (${SEO_TITLE_CHARS.min}–${SEO_TITLE_CHARS.max} characters recommended; other lengths are kept and warned about)`,
  seoDesc: `The meta description search engines show (${SEO_DESC_CHARS.min}–${SEO_DESC_CHARS.max} characters recommended; other lengths are kept and warned about)`,
  excerpt: "A short summary of the article (plain text)",
  tags: "The whole new list of tags (at most 20)",
  categories: "The whole new list of categories (at most 10)",
  featuredImage: "The id of one of the account's uploads (up_…) to show as the featured image; null removes it",
});

export const articleTools = [
  defineTool({
    name: "list_articles",
    title: "List articles",
    description:
      "The account's articles, newest first (or by content score), with status, publication URL, SEO title, word count, cost, content score and why a pending one waits in review. Filter by siteId, planId, status, approval (where the client's approval stands) or a score range; page through with page and perPage (hasMore says whether there is more).",
    input: {
      siteId: z.string().min(1).max(64).optional().describe("Only this site's articles: a site id from list_sites"),
      planId: z.string().min(1).max(64).optional().describe("Only the articles written for this plan: a plan id from get_plan"),
      status: z
        .enum(ARTICLE_STATUSES)
        .optional()
        .describe("Only articles in this status: draft, pending (waiting for review), published or archived"),
      approval: z
        .enum(ARTICLE_APPROVAL_STATUSES, { error: `approval must be one of ${ARTICLE_APPROVAL_STATUSES.join(", ")}` })
        .optional()
        .describe(
          "Only articles whose client approval stands so (approvalStatus): awaiting (link sent, no answer yet), approved, changes_requested or none",
        ),
      page: z.number().int().min(1).max(100_000).default(1).describe("Page number, from 1"),
      perPage: z.number().int().min(1).max(100).default(20).describe("Articles per page, 1 to 100 (default 20)"),
      sort: z
        .enum(MANAGED_ARTICLE_SORTS)
        .default("created_at")
        .describe("created_at (default) or content_score (articles without a score last)"),
      order: z.enum(["asc", "desc"]).default("desc").describe("desc (default) or asc"),
      minScore: z.number().int().min(0).max(100).optional().describe("Only articles with a content score of at least this"),
      maxScore: z.number().int().min(0).max(100).optional().describe("Only articles with a content score of at most this"),
    },
    output: pagedOutput(ArticleSummarySchema),
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (filters, { services, accountId, siteIds }) => {
      const page = await listArticlePage(services, accountId, { ...filters, siteIds });
      return { ...page, hasMore: page.page < page.totalPages };
    },
  }),
  defineTool({
    name: "get_article",
    title: "Get an article",
    description:
      "One article in full: HTML, SEO title and description, images, its page's structured data (JSON-LD), cost, plan item and keyword, and its quality: content score against the pages that rank, missing terms, similarity to the site's own pages, copied words, readability, citations, the fact check's verdicts and the sources.",
    input: { articleId },
    output: ArticleDetailSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ articleId }, { services, accountId }) => {
      const { article, images } = await getArticleWithImages(services.db, accountId, parseArticleId(articleId));
      return articleDetail(services.db, article, images);
    },
  }),
  defineTool({
    name: "update_article",
    title: "Edit an article",
    description:
      "Changes any of title, slug, html (sanitised), seoTitle, seoDesc, excerpt, tags, categories, featuredImage (an upload id). A published article is updated on its WordPress or forum too: blogUpdated says whether it arrived, warnings say why not.",
    input: { articleId, ...articleEdit },
    output: ArticleEditResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ articleId, ...edit }, { services, accountId, caller }) => {
      if (Object.values(edit).every((value) => value === undefined))
        throw new AppError(
          "invalid_request",
          "Send at least one of title, slug, html, seoTitle, seoDesc, excerpt, tags, categories, featuredImage",
        );
      const id = parseArticleId(articleId);
      const live = await getArticleWithImages(services.db, accountId, id, caller.siteIds);
      if (editWaitsForEditor(caller, live.article)) {
        // A writer cannot publish: the edit waits as the article's revision (pendingRevision), the live article is answered.
        await proposeRevision(services, caller, id, edit);
        const message = "You are a writer: your edit of this published article waits for an editor to publish it (pendingRevision)";
        return {
          ...(await articleDetail(services.db, live.article, live.images)),
          blogUpdated: false,
          warnings: [message],
          warningDetails: [{ code: "waits_for_editor" as const, params: {} }],
        };
      }
      const { article, images, blogUpdated, warnings, warningDetails } = await editArticle(services, accountId, id, edit);
      return { ...(await articleDetail(services.db, article, images)), blogUpdated, warnings, warningDetails };
    },
  }),
  defineTool({
    name: "publish_article",
    title: "Publish an article",
    description:
      "Publishes a draft or pending (review) article on its site: WordPress gets the post, a forum its thread, a custom site's article becomes published (and its webhook fires). Fails when it is already published.",
    input: { articleId },
    output: ArticleDetailSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async ({ articleId }, { services, accountId }) => {
      const { article, images } = await publishArticle(services, accountId, parseArticleId(articleId));
      return articleDetail(services.db, article, images);
    },
  }),
];
