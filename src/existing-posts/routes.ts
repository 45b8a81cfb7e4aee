import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { SiteIdParamSchema } from "../sites/schemas";
import { getSiteOfPlatform } from "../sites/service";
import { ExistingPostListQuerySchema, ExistingPostPageSchema, SyncResultSchema, toListedExistingPost } from "./schemas";
import { listExistingPosts } from "./store";
import { syncExistingPosts } from "./sync";

/** The existing posts of a blog site: sync from WordPress, page through what was read. */
export const existingPostsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const tags = ["Existing posts"];

existingPostsRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "syncExistingPosts",
    path: "/sites/{siteId}/sync",
    tags,
    summary: "Read every published post of the blog site as its existing posts",
    description:
      "Reads all pages of the site's posts. Re-running updates changed posts, adds new ones and removes deleted ones; a post is never listed twice. 409 for a forum or custom site; 422 when WordPress rejects the stored credentials (the site turns to ERROR).",
    request: { params: SiteIdParamSchema },
    responses: {
      200: jsonContent(SyncResultSchema, "How many existing posts the site now has"),
      ...errorResponses(401, 403, 404, 409, 422, 502, 504),
    },
  }),
  async (c) => c.json(await syncExistingPosts(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId), 200),
);

existingPostsRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listExistingPosts",
    path: "/sites/{siteId}/posts",
    tags,
    summary: "Page through the scanned posts, with word count, improvement status, Search Console figures and decay",
    description:
      "Each post carries `search` (its page's clicks, impressions and position over the last 28 complete days and their change against the 28 before; null when Search Console has no page at its URL) and `decay` (what the weekly check found; null when the page holds up). `sort`: modified (default), clicks, position, or decay (decaying posts first, the worst reason first).",
    request: { params: SiteIdParamSchema, query: ExistingPostListQuerySchema },
    responses: {
      200: jsonContent(ExistingPostPageSchema, "A page of scanned posts, in the order asked (most recently modified first by default)"),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const { accountId } = c.get("caller");
    const { siteId } = c.req.valid("param");
    const query = c.req.valid("query");
    await getSiteOfPlatform(c.get("db"), accountId, siteId, "blog");
    const { rows, total } = await listExistingPosts(c.get("db"), accountId, siteId, {
      page: query.page,
      perPage: query.per_page,
      sort: query.sort,
      order: query.order,
    });
    return c.json(
      {
        items: rows.map(toListedExistingPost),
        page: query.page,
        perPage: query.per_page,
        total,
        totalPages: Math.ceil(total / query.per_page),
      },
      200,
    );
  },
);
