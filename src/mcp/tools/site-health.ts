import { z } from "@hono/zod-openapi";
import { applyAction, revertAction } from "../../site-health/actions";
import { listCannibalization } from "../../site-health/cannibalization";
import { startCannibalAction, startTractionAction } from "../../site-health/plan-actions";
import {
  CannibalizationListSchema,
  HealthActionResultSchema,
  HealthActionSchema,
  SiteHealthSchema,
  TractionListSchema,
  toHealthAction,
} from "../../site-health/schemas";
import { siteHealth } from "../../site-health/health";
import { listTraction } from "../../site-health/traction";
import { articleIdInput, defineTool } from "../tool";

// Site health's lists and actions (src/site-health/), as the routes offer them.

const siteId = z.string().min(1).max(64).describe("A site id from list_sites, e.g. site_b8Zq0Ls2Kd93Hw1P");
const actionId = z.string().min(1).max(64).describe("An action id from a *_action tool, e.g. sha_3f9a0c1b7d2e4a68");

export const siteHealthTools = [
  defineTool({
    name: "get_site_health",
    title: "Get a site's health",
    description:
      "The site as a whole: a score of 100 less each problem's part, and one figure per list: new articles against the pace, queries two pages compete for (list_cannibalization), orphan pages and broken links (list_site_links), articles without traction (list_traction), decaying pages. Start here, then open the list behind a figure.",
    input: { siteId },
    output: SiteHealthSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ siteId }, { services, accountId }) => siteHealth(services, accountId, siteId),
  }),
  defineTool({
    name: "list_cannibalization",
    title: "List cannibalised queries",
    description:
      "Queries of the last 28 days for which two or more of the site's pages each take a real share of Google's impressions (≥ 20 % and ≥ 10 impressions each), the stronger page first, with merge or differentiate suggested and why. start_cannibalization_action acts on one.",
    input: { siteId },
    output: CannibalizationListSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ siteId }, { services, accountId }) => listCannibalization(services.db, services.config.siteHealth, accountId, siteId),
  }),
  defineTool({
    name: "list_traction",
    title: "List pages without traction",
    description:
      "Every article of the site published 28 or more days ago with its last 28 days in Google: earning, slow or none, and one suggestion (wait, improve, merge, noindex, unpublish). start_traction_action acts on one.",
    input: { siteId },
    output: TractionListSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ siteId }, { services, accountId }) => listTraction(services.db, services.config.siteHealth, accountId, siteId),
  }),
  defineTool({
    name: "start_cannibalization_action",
    title: "Merge or differentiate a cannibalised query's pages",
    description:
      "differentiate: writes an improvement that retargets the weaker page to targetQuery (default: its busiest other query). merge: writes an improvement of the stronger page that folds in the weaker page; once applied the weaker page redirects to it. Charged the improvement price once; asking again answers the same action. Nothing changes on WordPress until apply_health_action.",
    input: {
      siteId,
      query: z.string().min(1).max(500).describe("The cannibalised query, as list_cannibalization names it"),
      action: z
        .enum(["merge", "differentiate"])
        .describe("merge: fold the weaker page into the stronger; differentiate: move the weaker page to another query"),
      targetQuery: z.string().min(1).max(200).optional().describe("differentiate: the query the weaker page moves to"),
    },
    output: HealthActionResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ siteId, ...input }, { services, accountId }) => {
      const { action, replayed } = await startCannibalAction(services, accountId, siteId, input);
      return { ...toHealthAction(action), replayed };
    },
  }),
  defineTool({
    name: "start_traction_action",
    title: "Improve, merge, noindex or unpublish a page without traction",
    description:
      "improve and merge write an improvement (charged once) that apply_health_action applies; merge folds the article into intoUrl and then redirects it there. noindex (robots noindex through the connector plugin) and unpublish (WordPress draft) happen at once. Each is undone by revert_health_action; asking again answers the same action.",
    input: {
      siteId,
      articleId: articleIdInput,
      action: z
        .enum(["improve", "merge", "noindex", "unpublish"])
        .describe("The list's suggestion for the article, or another of these four"),
      intoUrl: z.string().url().max(2048).optional().describe("merge: the page of the site to fold the article into"),
    },
    output: HealthActionResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    run: async ({ siteId, ...input }, { services, accountId }) => {
      const { action, replayed } = await startTractionAction(services, accountId, siteId, input);
      return { ...toHealthAction(action), replayed };
    },
  }),
  defineTool({
    name: "apply_health_action",
    title: "Apply a suggested site-health action",
    description: "Writes the action's improvement to WordPress and, for a merge, redirects the weaker page to the stronger one.",
    input: { siteId, actionId },
    output: HealthActionSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: async ({ siteId, actionId }, { services, accountId }) => toHealthAction(await applyAction(services, accountId, siteId, actionId)),
  }),
  defineTool({
    name: "revert_health_action",
    title: "Undo a site-health action",
    description: "Puts back what an applied action changed: the post's content, and the redirect, noindex or published status it had.",
    input: { siteId, actionId },
    output: HealthActionSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: async ({ siteId, actionId }, { services, accountId }) => toHealthAction(await revertAction(services, accountId, siteId, actionId)),
  }),
];
