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

/** Runs `work` and adds its duration to the answer's Server-Timing as `name` (profiling the read path). */
async function timed<T>(c: Context<AppEnv>, name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    c.set("serverTiming", [...(c.get("serverTiming") ?? []), `${name};dur=${(performance.now() - started).toFixed(1)}`]);
  }
}

/** Media URLs are stored as paths; the public API gives absolute URLs for static-site builds. */
function baseUrl(c: Context<AppEnv>): string {
  return c.get("config").publicBaseUrl ?? new URL(c.req.url).origin;
}

publicRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listPublicArticles",
    path: "/articles",
    tags: ["Public read API"],
    summary: "List the token owner's articles",
    request: { query: ArticleListQuerySchema },
    responses: { 200: jsonContent(ArticleListResponseSchema, "A page of articles"), ...errorResponses(400), ...rateLimited },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const { accountId, siteIds } = c.get("caller");
    const counted = countKey(accountId, c.get("contentVersion"), {
      sites: siteIds?.join(","),
      site: query.site,
      status: query.status,
      language: query.language,
      search: query.search,
    });
    const known = knownCount(counted);
    const { items, total } = await timed(c, known === undefined ? "query" : "query;desc=page", () =>
      listArticles(
        c.get("db"),
        accountId,
        {
          page: query.page,
          perPage: query.per_page,
          siteId: query.site,
          siteIds,
          status: query.status,
          language: query.language,
          sort: query.sort,
          order: query.order,
          search: query.search,
        },
        known,
      ),
    );
    rememberCount(counted, total);
    const base = baseUrl(c);
    // No timing for serialisation: a Worker's clock only moves across I/O, so it would always read 0.
    const data = items.map(({ article, images }) => toPublicArticle(article, images, base));
    return c.json(
      {
        success: true as const,
        data,
        meta: { current_page: query.page, last_page: Math.max(1, Math.ceil(total / query.per_page)), per_page: query.per_page, total },
      },
      200,
    );
  },
);

publicRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getPublicArticle",
    path: "/articles/{id}",
    tags: ["Public read API"],
    summary: "One article with all details, images included",
    request: { params: ArticleIdParamSchema },
    responses: { 200: jsonContent(ArticleResponseSchema, "The article"), ...rateLimited },
  }),
  async (c) => {
    const { accountId, siteIds } = c.get("caller");
    const { article, images } = await timed(c, "query", () =>
      getArticleWithImages(c.get("db"), accountId, parseArticleId(c.req.valid("param").id), siteIds),
    );
    return c.json({ success: true as const, data: toPublicArticle(article, images, baseUrl(c)) }, 200);
  },
);

publicRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listPublicArticleImages",
    path: "/articles/{id}/images",
    tags: ["Public read API"],
    summary: "The images of one article",
    request: { params: ArticleIdParamSchema },
    responses: { 200: jsonContent(ImageListResponseSchema, "The images, featured first by position"), ...rateLimited },
  }),
  async (c) => {
    const { accountId, siteIds } = c.get("caller");
    const { images } = await getArticleWithImages(c.get("db"), accountId, parseArticleId(c.req.valid("param").id), siteIds);
    const base = baseUrl(c);
    return c.json({ success: true as const, data: images.map((image) => toPublicImage(image, base)) }, 200);
  },
);
