import { z } from "@hono/zod-openapi";
import { formatKurus } from "../core/money";
import type { ReportFigures, ThirtyDayReport } from "./report";

const figures = {
  generated: z
    .number()
    .int()
    .openapi({ description: "Articles the autopilot wrote (from a plan item), by the date they were created", example: 3 }),
  published: z.number().int().openapi({ description: "Articles (any origin) now published, by the date they were published", example: 2 }),
  credits: z.string().openapi({
    description:
      "Credits spent on articles, improvements and chat net of refunds, in lira; negative when a day only refunds an older charge",
    example: "15.00",
  }),
  clicks: z.number().int().openapi({
    description:
      "Clicks from Google Search on the sites' pages (Search Console, by its Pacific date; the last 3 days are not final yet, so they are often 0)",
    example: 41,
  }),
  impressions: z.number().int().openapi({ description: "Impressions in Google Search, likewise", example: 1280 }),
};

export const ReportDaySchema = z
  .object({ date: z.string().openapi({ description: "UTC date", example: "2026-11-22" }), ...figures })
  .openapi("ReportDay");

export const ThirtyDayReportSchema = z
  .object({
    summary: z.object(figures).openapi({ description: "The sums over the 30 days" }),
    daily: z
      .array(ReportDaySchema)
      .openapi({ description: "Exactly 30 consecutive UTC dates ending today, oldest first; days with nothing are zeros" }),
  })
  .openapi("ThirtyDayReport");
export type ThirtyDayReportBody = z.infer<typeof ThirtyDayReportSchema>;

// Unknown query keys are ignored, as in the other list routes.
export const ReportQuerySchema = z.object({
  siteId: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ param: { description: "Only this site's figures (404 when it is not the account's)" } }),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

const toFigures = ({ generated, published, creditsKurus, clicks, impressions }: ReportFigures) => ({
  generated,
  published,
  credits: formatKurus(creditsKurus),
  clicks,
  impressions,
});

export function toReportBody(report: ThirtyDayReport): ThirtyDayReportBody {
  return { summary: toFigures(report.summary), daily: report.daily.map((day) => ({ date: day.date, ...toFigures(day) })) };
}
