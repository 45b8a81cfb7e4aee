import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { pageSchema } from "../core/pagination";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { editArticle, listArticlePage, publishArticle } from "./management";
import { discardRevision, editWaitsForEditor, proposeRevision, publishRevision } from "./revisions";
import {
  ArticleDetailSchema,
  ArticleEditBodySchema,
  ArticleEditResultSchema,
  ArticleIdParamSchema,
  ArticleListQuerySchema,
  ArticleRevisionSchema,
  ArticleSummarySchema,
  toRevision,
} from "./management-schemas";
import { articleDetail } from "./publishable";
import { getArticleWithImages, parseArticleId } from "./service";

/** The account's articles, generated or not: list, read, edit (synced to the platform), publish after review. */
export const articleRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const tags = ["Articles"];

articleRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listArticles",
    path: "/autopilot/articles",
    tags,
    summary: "List articles, newest first, with status, publication URL, SEO title, word count and cost",
    description:
      "Filters combine: `siteId`, `planId`, `status` (draft, pending, published, archived), `minScore` and `maxScore` (the content score, 0–100). Another account's site or plan simply matches nothing. `sort=content_score` orders by the score (articles without one last); `sort=clicks` or `sort=position` by the Search Console figures of the article's page (articles without a matched page last); `order` asc or desc. Each article carries `search`: its page's clicks, impressions and position over the last 28 complete days and their change against the 28 before, or null when Search Console has no page at its URL.",
    request: { query: ArticleListQuerySchema },
    responses: {
      200: jsonContent(pageSchema(ArticleSummarySchema, "ArticlePage"), "A page of articles"),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const { per_page: perPage, ...filters } = c.req.valid("query");
    return c.json(
      await listArticlePage(c.get("services"), c.get("caller").accountId, { ...filters, perPage, siteIds: c.get("caller").siteIds }),
      200,
    );
  },
);

articleRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getArticle",
    path: "/autopilot/articles/{articleId}",
    tags,
    summary: "An article: full HTML, SEO fields, images, generation cost, its plan item and keyword",
    request: { params: ArticleIdParamSchema },
    responses: { 200: jsonContent(ArticleDetailSchema, "The article"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { article, images } = await getArticleWithImages(
      c.get("db"),
      c.get("caller").accountId,
      parseArticleId(c.req.valid("param").articleId),
    );
    return c.json(await articleDetail(c.get("db"), article, images), 200);
  },
);

articleRoutes.openapi(
  createRoute({
    method: "patch",
    operationId: "updateArticle",
    path: "/autopilot/articles/{articleId}",
    tags,
    summary: "Edit an article; a published one is updated on its platform too",
    description:
      "Any of `title`, `slug` (folded by the article's language, then a-z, 0-9 and hyphens, at most 80 characters; 409 `slug_taken` when another article or post of the site has it; WordPress redirects the old address), `html` (sanitised with an allowlist), `seoTitle`, `seoDesc`, `excerpt`, `tags`, `categories` (plain text), `featuredImage` (the id of one of the account's uploads; null removes it here, the post on the platform keeps its image). SEO lengths outside 50–70 / 150–160 characters are accepted and listed in `warnings`. When the article is on WordPress or a forum, the change is sent there: `blogUpdated` says whether it arrived; when the platform cannot be reached the edit is kept here and `warnings` says why.",
    request: { params: ArticleIdParamSchema, body: jsonBody(ArticleEditBodySchema) },
    responses: {
      200: jsonContent(ArticleEditResultSchema, "The article, blogUpdated and warnings"),
      202: jsonContent(
        ArticleRevisionSchema,
        "A writer's edit of a published article: kept as the article's pending revision until an editor publishes it",
      ),
      ...errorResponses(400, 401, 403, 404, 409, 413, 415),
    },
  }),
  async (c) => {
    const caller = c.get("caller");
    const articleId = parseArticleId(c.req.valid("param").articleId);
    const { article: current } = await getArticleWithImages(c.get("db"), caller.accountId, articleId);
    if (editWaitsForEditor(caller, current)) {
      c.set("auditedByRoute", true); // article.revision_proposed, not article.edited
      return c.json(toRevision(await proposeRevision(c.get("services"), caller, articleId, c.req.valid("json"))), 202);
    }
    const { article, images, blogUpdated, warnings, warningDetails } = await editArticle(
      c.get("services"),
      caller.accountId,
      articleId,
      c.req.valid("json"),
    );
    return c.json({ ...(await articleDetail(c.get("db"), article, images)), blogUpdated, warnings, warningDetails }, 200);
  },
);

articleRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "publishArticleRevision",
    path: "/autopilot/articles/{articleId}/revision/publish",
    tags,
    summary: "Publish a writer's pending revision of a published article (editor or above): the live post is updated",
    description:
      "Applies the revision as an editor's PATCH would (the answer is PATCH's). 404 when no revision waits; when it cannot be applied (an upload it names is gone), it keeps waiting.",
    request: { params: ArticleIdParamSchema },
    responses: {
      200: jsonContent(ArticleEditResultSchema, "The article, blogUpdated and warnings"),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const caller = c.get("caller");
    const { article, images, blogUpdated, warnings, warningDetails } = await publishRevision(
      c.get("services"),
      caller,
      parseArticleId(c.req.valid("param").articleId),
    );
    return c.json({ ...(await articleDetail(c.get("db"), article, images)), blogUpdated, warnings, warningDetails }, 200);
  },
);

articleRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "discardArticleRevision",
    path: "/autopilot/articles/{articleId}/revision",
    tags,
    summary: "Discard a writer's pending revision (editor or above); the live article stays as it is",
    request: { params: ArticleIdParamSchema },
    responses: { 204: { description: "Discarded" }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    await discardRevision(c.get("services"), c.get("caller"), parseArticleId(c.req.valid("param").articleId));
    return c.body(null, 204);
  },
);

articleRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "publishArticle",
    path: "/autopilot/articles/{articleId}/publish",
    tags,
    summary: "Publish a draft or pending article (review mode)",
    description:
      "WordPress: the draft post is switched to published, or the post is created; a forum gets its thread; a custom site's article becomes `published` (and an `article.published` delivery is recorded when the site has a webhook URL). 409 when it is already published or being published.",
    request: { params: ArticleIdParamSchema },
    responses: { 200: jsonContent(ArticleDetailSchema, "The published article"), ...errorResponses(401, 403, 404, 409, 422, 502, 504) },
  }),
  async (c) => {
    const { article, images } = await publishArticle(
      c.get("services"),
      c.get("caller").accountId,
      parseArticleId(c.req.valid("param").articleId),
    );
    return c.json(await articleDetail(c.get("db"), article, images), 200);
  },
);
