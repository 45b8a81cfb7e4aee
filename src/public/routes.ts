import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { listArticles } from "../articles/list";
import { countKey, knownCount, rememberCount } from "./cache";
import { getArticleWithImages, parseArticleId } from "../articles/service";
import {
  ArticleIdParamSchema,
  ArticleListQuerySchema,
  ArticleListResponseSchema,
  ArticleResponseSchema,
  ImageListResponseSchema,
  toPublicArticle,
  toPublicImage,
} from "./schemas";

/** The public read API, mounted at /api/v1/public (auth, rate limit, ETag and CORS in app.ts). */
export const publicRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const rateLimited = errorResponses(401, 404, 429);

/** Media URLs are stored as paths; the public API gives absolute URLs for static-site builds. */
function baseUrl(c: Context<AppEnv>): string {
  return c.get("config").publicBaseUrl ?? new URL(c.req.url).origin;
}

publicRoutes.openapi(
  createRoute({
    method: "get",
    path: "/articles",
    tags: ["Public read API"],
    summary: "List the token owner's articles",
    request: { query: ArticleListQuerySchema },
    responses: { 200: jsonContent(ArticleListResponseSchema, "A page of articles"), ...errorResponses(400), ...rateLimited },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const { accountId } = c.get("caller");
    const counted = countKey(accountId, c.get("contentVersion"), { status: query.status, language: query.language, search: query.search });
    const { items, total } = await listArticles(
      c.get("db"),
      accountId,
      { page: query.page, perPage: query.per_page, status: query.status, language: query.language, sort: query.sort, order: query.order, search: query.search },
      knownCount(counted),
    );
    rememberCount(counted, total);
    const base = baseUrl(c);
    return c.json(
      {
        success: true as const,
        data: items.map(({ article, images }) => toPublicArticle(article, images, base)),
        meta: { current_page: query.page, last_page: Math.max(1, Math.ceil(total / query.per_page)), per_page: query.per_page, total },
      },
      200,
    );
  },
);

publicRoutes.openapi(
  createRoute({
    method: "get",
    path: "/articles/{id}",
    tags: ["Public read API"],
    summary: "One article with all details, images included",
    request: { params: ArticleIdParamSchema },
    responses: { 200: jsonContent(ArticleResponseSchema, "The article"), ...rateLimited },
  }),
  async (c) => {
    const { article, images } = await getArticleWithImages(c.get("db"), c.get("caller").accountId, parseArticleId(c.req.valid("param").id));
    return c.json({ success: true as const, data: toPublicArticle(article, images, baseUrl(c)) }, 200);
  },
);

publicRoutes.openapi(
  createRoute({
    method: "get",
    path: "/articles/{id}/images",
    tags: ["Public read API"],
    summary: "The images of one article",
    request: { params: ArticleIdParamSchema },
    responses: { 200: jsonContent(ImageListResponseSchema, "The images, featured first by position"), ...rateLimited },
  }),
  async (c) => {
    const { images } = await getArticleWithImages(c.get("db"), c.get("caller").accountId, parseArticleId(c.req.valid("param").id));
    const base = baseUrl(c);
    return c.json({ success: true as const, data: images.map((image) => toPublicImage(image, base)) }, 200);
  },
);
