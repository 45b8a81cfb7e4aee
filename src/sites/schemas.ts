import { z } from "@hono/zod-openapi";
import { SITE_PLATFORMS, SITE_STATUSES } from "../db/schema";
import type { SiteRow } from "./service";

export const SiteSchema = z
  .object({
    id: z.string().openapi({ example: "site_b8Zq0Ls2Kd93Hw1P" }),
    url: z.string().openapi({ example: "https://blog.example.com" }),
    platform: z.enum(SITE_PLATFORMS),
    status: z.enum(SITE_STATUSES),
    statusMessage: z.string().nullable().openapi({ description: "Why the status is ERROR; null otherwise" }),
    language: z.string(),
    businessContext: z.string(),
    forumNodeId: z.number().int().nullable(),
    webhookUrl: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Site");
export type Site = z.infer<typeof SiteSchema>;

export const SiteIdParamSchema = z.object({ siteId: z.string().min(1).max(64) });

/** The public view of a site: never any credential. */
export function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    url: row.url,
    platform: row.platform,
    status: row.status,
    statusMessage: row.statusMessage,
    language: row.language,
    businessContext: row.businessContext,
    forumNodeId: row.forumNodeId,
    webhookUrl: row.webhookUrl,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
