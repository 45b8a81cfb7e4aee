import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { SiteIdParamSchema } from "../sites/schemas";
import { getSite } from "../sites/service";
import { applyLinkSuggestion, revertLinkSuggestion } from "./apply";
import { linkGraph } from "./graph";
import {
  LinkSuggestionListSchema,
  LinkSuggestionParamSchema,
  LinkSuggestionSchema,
  LinksQuerySchema,
  SiteLinksSchema,
  toLinkSuggestion,
  toSiteLinks,
} from "./schemas";
import { listLinkSuggestions } from "./suggestions";

/** A site's internal links: the graph (orphans, broken links) and the link suggestions, applied and reverted. */
export const linkRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const tags = ["Internal links"];

linkRoutes.openapi(
  createRoute({
    method: "get",
    path: "/sites/{siteId}/links",
    tags,
    operationId: "getSiteLinks",
    summary: "The site's internal links: counts, orphan pages, broken links",
    description:
      "Computed from the links the existing-posts sync and every publish recorded. An orphan is a page (existing post or published article) no other page of the site links to; a broken link goes to an old slug of a post (suggestedUrl is its address now) or to an own-host URL that is no page and answered 404/410 to the sync's bounded check.",
    request: { params: SiteIdParamSchema, query: LinksQuerySchema },
    responses: {
      200: jsonContent(SiteLinksSchema, "The stats and up to `limit` orphans and broken links"),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const { accountId } = c.get("caller");
    const { siteId } = c.req.valid("param");
    await getSite(c.get("db"), accountId, siteId);
    const graph = await linkGraph(c.get("db"), accountId, siteId);
    return c.json(toSiteLinks(graph, c.req.valid("query").limit), 200);
  },
);

linkRoutes.openapi(
  createRoute({
    method: "get",
    path: "/sites/{siteId}/links/suggestions",
    tags,
    operationId: "listLinkSuggestions",
    summary: "Link suggestions: from older related pages to each new one, and mends of broken links",
    request: { params: SiteIdParamSchema },
    responses: {
      200: jsonContent(LinkSuggestionListSchema, "The suggestions, newest first (200 at most)"),
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const rows = await listLinkSuggestions(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId);
    return c.json({ items: rows.map(toLinkSuggestion) }, 200);
  },
);

linkRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sites/{siteId}/links/suggestions/{id}/apply",
    tags,
    operationId: "applyLinkSuggestion",
    summary: "Add the suggested link to the live post: one sentence edited, nothing else",
    description:
      "Checked against the post's current raw content first: 409 `link_suggestion_stale` (and the suggestion turns stale) when the sentence is no longer there exactly. Exactly once: applying an applied suggestion answers it unchanged, and a retry after a lost answer finds the link already there.",
    request: { params: LinkSuggestionParamSchema },
    responses: {
      200: jsonContent(LinkSuggestionSchema, "The suggestion, state applied"),
      ...errorResponses(401, 403, 404, 409, 422, 502, 504),
    },
  }),
  async (c) => {
    const { siteId, id } = c.req.valid("param");
    return c.json(toLinkSuggestion(await applyLinkSuggestion(c.get("services"), c.get("caller").accountId, siteId, id)), 200);
  },
);

linkRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sites/{siteId}/links/suggestions/{id}/revert",
    tags,
    operationId: "revertLinkSuggestion",
    summary: "Put the post's content back as it was before the apply, byte for byte",
    description: "409 `link_not_applied` when the suggestion is not applied, or when the post was edited after the apply.",
    request: { params: LinkSuggestionParamSchema },
    responses: {
      200: jsonContent(LinkSuggestionSchema, "The suggestion, state reverted"),
      ...errorResponses(401, 403, 404, 409, 422, 502, 504),
    },
  }),
  async (c) => {
    const { siteId, id } = c.req.valid("param");
    return c.json(toLinkSuggestion(await revertLinkSuggestion(c.get("services"), c.get("caller").accountId, siteId, id)), 200);
  },
);
