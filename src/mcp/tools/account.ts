import { z } from "@hono/zod-openapi";
import { getBalance } from "../../billing/balance";
import { BalanceSchema, toBalance } from "../../billing/schemas";
import { formatKurus } from "../../core/money";
import { applyImprovement, improvePost, revertImprovement } from "../../improvements/improve";
import { ImproveResultSchema, PostImprovementSchema, toPostImprovement } from "../../improvements/schemas";
import { assertReportAllowed, thirtyDayReport } from "../../report/report";
import { ThirtyDayReportSchema, toReportBody } from "../../report/schemas";
import { defineTool } from "../tool";

const postId = z.string().min(1).max(64).describe("An existing post's id, e.g. post_Q2nV8xkT0aLm3Rz1");

export const accountTools = [
  defineTool({
    name: "improve_post",
    title: "Suggest an improvement of an existing post",
    description:
      "Reads an existing WordPress post and writes a better title and text (links and images kept), an SEO title and description, and the changes with reasons. Charged the improvement price (refunded if it fails); takes 1–3 minutes with a language model. Nothing changes on WordPress until apply_improvement.",
    input: { postId },
    output: ImproveResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async ({ postId }, { services, accountId }) => {
      const { post, improvement, chargedKurus } = await improvePost(services, accountId, postId);
      return { ...toPostImprovement(post, improvement), credits: formatKurus(chargedKurus) };
    },
  }),
  defineTool({
    name: "apply_improvement",
    title: "Apply an improvement to WordPress",
    description:
      "Writes the suggested title and text to the WordPress post and keeps the version it replaces. Refused when the post was edited on WordPress after the suggestion was made.",
    input: { postId },
    output: PostImprovementSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: async ({ postId }, { services, accountId }) => {
      const { post, improvement } = await applyImprovement(services, accountId, postId);
      return toPostImprovement(post, improvement);
    },
  }),
  defineTool({
    name: "revert_improvement",
    title: "Revert an applied improvement",
    description:
      "Puts back the version of the WordPress post that the applied improvement replaced. Refused when the post was edited on WordPress since.",
    input: { postId },
    output: PostImprovementSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: async ({ postId }, { services, accountId }) => {
      const { post, improvement } = await revertImprovement(services, accountId, postId);
      return toPostImprovement(post, improvement);
    },
  }),
  defineTool({
    name: "get_report",
    title: "30-day report",
    description:
      "Articles generated, articles published and credits spent per day over the last 30 UTC days, with their sum; siteId limits it to one site.",
    input: {
      siteId: z.string().min(1).max(64).optional().describe("Only this site's figures: a site id from list_sites; all sites when left out"),
    },
    output: ThirtyDayReportSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ siteId }, { services, accountId, siteIds }) => {
      assertReportAllowed(siteIds, siteId);
      return toReportBody(await thirtyDayReport(services.db, accountId, { siteId, now: new Date() }));
    },
  }),
  defineTool({
    name: "get_balance",
    title: "Credit balance",
    description:
      "The credit balance in Turkish lira, the billing mode, the BYOK licence and its quota, and credits held for work under way.",
    input: {},
    output: BalanceSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (_, { services, accountId }) => toBalance(await getBalance(services.db, services.config.billing, accountId, new Date())),
  }),
];
