import { z } from "@hono/zod-openapi";
import { applyLinkSuggestion, revertLinkSuggestion } from "../../links/apply";
import { linkGraph } from "../../links/graph";
import { LinkSuggestionListSchema, LinkSuggestionSchema, SiteLinksSchema, toLinkSuggestion, toSiteLinks } from "../../links/schemas";
import { listLinkSuggestions } from "../../links/suggestions";
import { getSite } from "../../sites/service";
import { defineTool } from "../tool";

const siteId = z.string().min(1).max(64).describe("A site id from list_sites, e.g. site_b8Zq0Ls2Kd93Hw1P");
const suggestionId = z.string().min(1).max(64).describe("A link suggestion's id from list_link_suggestions, e.g. lnk_4hQ2nV8xkT0aLm3R");

export const linkTools = [
  defineTool({
    name: "list_site_links",
    title: "List a site's internal links",
    description:
      "The site's internal link graph: how many pages (existing posts and published articles) and links it has, the orphan pages no other page links to, and the broken links (to a post's old slug, with suggestedUrl its address now; or to an own-host URL that answered 404/410). list_link_suggestions shows the links suggested to fix them.",
    input: { siteId, limit: z.number().int().min(1).max(1000).default(100).describe("Orphans and broken links listed at most, each") },
    output: SiteLinksSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ siteId, limit }, { services, accountId }) => {
      await getSite(services.db, accountId, siteId);
      return toSiteLinks(await linkGraph(services.db, accountId, siteId), limit);
    },
  }),
  defineTool({
    name: "list_link_suggestions",
    title: "List link suggestions",
    description:
      "Links suggested after each publish: from older related pages to the new one, and mends of links to old slugs. Each names the one sentence it edits (sentence → linked) and its state: suggested, applied, reverted, or stale (the post changed, so it cannot be applied).",
    input: { siteId },
    output: LinkSuggestionListSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ siteId }, { services, accountId }) => ({
      items: (await listLinkSuggestions(services, accountId, siteId)).map(toLinkSuggestion),
    }),
  }),
  defineTool({
    name: "apply_link_suggestion",
    title: "Apply a link suggestion",
    description:
      "Adds the suggested link to the live WordPress post: one sentence edited, nothing else. Exactly once (applying an applied one changes nothing); fails as stale when the sentence is no longer in the post exactly. revert_link_suggestion undoes it.",
    input: { siteId, suggestionId },
    output: LinkSuggestionSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    run: async ({ siteId, suggestionId }, { services, accountId }) =>
      toLinkSuggestion(await applyLinkSuggestion(services, accountId, siteId, suggestionId)),
  }),
  defineTool({
    name: "revert_link_suggestion",
    title: "Revert a link suggestion",
    description:
      "Puts the post's content back as it was before the link was applied, byte for byte; refused when the post was edited after the apply.",
    input: { siteId, suggestionId },
    output: LinkSuggestionSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    run: async ({ siteId, suggestionId }, { services, accountId }) =>
      toLinkSuggestion(await revertLinkSuggestion(services, accountId, siteId, suggestionId)),
  }),
];
