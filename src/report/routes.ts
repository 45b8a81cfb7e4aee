import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { assertReportAllowed, thirtyDayReport } from "./report";
import { ReportQuerySchema, ThirtyDayReportSchema, toReportBody } from "./schemas";

/** The 30-day report of what the autopilot wrote, what was published and what it cost. */
export const reportRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

reportRoutes.openapi(
  createRoute({
    method: "get",
    path: "/autopilot/report",
    tags: ["Report"],
    operationId: "getThirtyDayReport",
    summary: "Articles generated, articles published and credits spent per day over the last 30 days",
    description: [
      "Exactly 30 consecutive UTC dates ending today, oldest first, zeros included; `summary` is their sum.",
      "- `generated`: articles the autopilot wrote (those with a plan item), counted on the UTC date they were created.",
      "- `published`: articles of any origin whose status is now `published`, counted on the UTC date of `publishedAt`.",
      "- `credits`: lira spent on articles, improvements and chat, net of refunds: each charge on the UTC date it was made, each refund subtracted on the UTC date it was made (a charge at 23:59 refunded at 00:01 shows on both days; a day may be negative when it refunds a charge from before the 30 days). BYOK work moves no credits.",
      "`siteId` limits all three to one site (charges by the site they were for); another account's or an unknown site is 404.",
    ].join("\n"),
    request: { query: ReportQuerySchema },
    responses: { 200: jsonContent(ThirtyDayReportSchema, "The summary and the 30 days"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { siteId } = c.req.valid("query");
    assertReportAllowed(c.get("caller").siteIds, siteId);
    const report = await thirtyDayReport(c.get("db"), c.get("caller").accountId, { siteId, now: new Date() });
    return c.json(toReportBody(report), 200);
  },
);
