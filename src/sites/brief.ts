import { z } from "@hono/zod-openapi";
import { plainText } from "../core/plain-text";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { sites } from "../db/schema";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import { getSite, type SiteRow } from "./service";
import { DEFAULT_GATE, type QualityGate } from "../content/quality/gate";

export const CITATION_RELS = ["noopener", "nofollow noopener"] as const;

const LIMITS = { business: 5000, audience: 1000, tone: 500, topic: 200, topics: 50, notes: 4000, name: 200, url: 2048 } as const;

/** An absolute http(s) URL, or "" for none. */
const LogoUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.url)
  .refine((value) => value === "" || isHttpUrl(value), "logoUrl must be an absolute http(s) URL, such as https://www.example.com/logo.png")
  .default("")
  .openapi({
    description: `The organisation's logo for the articles' structured data (an absolute http(s) URL, ≤ ${LIMITS.url} characters; "" for none)`,
    example: "https://bakery.example.com/logo.png",
  });

/**
 * The site brief: what the business is, who reads it, how it sounds, what it never writes
 * about. It seeds keyword research and goes into every prompt about the site.
 */
export const BriefSchema = z
  .object({
    business: plainText(z.string().trim().max(LIMITS.business), { multiline: true })
      .default("")
      .openapi({
        description: `What the business does (≤ ${LIMITS.business} characters)`,
        example: "A family bakery in Kadıköy selling sourdough bread",
      }),
    audience: plainText(z.string().trim().max(LIMITS.audience), { multiline: true })
      .default("")
      .openapi({ description: `Who reads the site (≤ ${LIMITS.audience})`, example: "Home bakers in Istanbul" }),
    tone: plainText(z.string().trim().max(LIMITS.tone), { multiline: true })
      .default("")
      .openapi({ description: `How the articles sound (≤ ${LIMITS.tone})`, example: "Warm, practical, no jargon" }),
    topicsToAvoid: z
      .array(plainText(z.string().trim().min(1, "a topic to avoid cannot be empty").max(LIMITS.topic)))
      .max(LIMITS.topics)
      .default([])
      .openapi({
        description: `Topics never to write about (≤ ${LIMITS.topics}, each ≤ ${LIMITS.topic} characters)`,
        example: ["gluten-free diets"],
      }),
    notes: plainText(z.string().trim().max(LIMITS.notes), { multiline: true })
      .default("")
      .openapi({ description: `Anything else the writer should know (≤ ${LIMITS.notes})` }),
    authorName: plainText(z.string().trim().max(LIMITS.name), { noMarkup: true })
      .default("")
      .openapi({
        description: `The articles' author in their structured data (≤ ${LIMITS.name}). Without one: on a WordPress site the author WordPress shows (the site's \`seo.byline\`), elsewhere the organisation. On WordPress it should be that display name, which readers see: the site warns when it differs`,
        example: "Ayşe Yılmaz",
      }),
    organizationName: plainText(z.string().trim().max(LIMITS.name), { noMarkup: true })
      .default("")
      .openapi({
        description: `The publisher in the articles' structured data (≤ ${LIMITS.name}); without one, the site's host name`,
        example: "Kadıköy Bakery",
      }),
    logoUrl: LogoUrlSchema,
    faq: z
      .boolean()
      .default(true)
      .openapi({ description: "Whether articles end with an FAQ section (3–6 questions, with FAQPage structured data)" }),
    minContentScore: z.number().int().min(0).max(100).default(DEFAULT_GATE.minContentScore).openapi({
      description:
        "The quality gate: an article whose content score (0–100, against the pages that rank for its keyword) stays under this after its rewrite waits in REVIEW instead of going live; 0 turns the check off",
    }),
    maxSimilarity: z.number().min(0).max(1).default(DEFAULT_GATE.maxSimilarity).openapi({
      description:
        "The quality gate: an article more alike one of the site's own pages than this (5-word-shingle Jaccard, 0–1) waits in REVIEW; 1 turns the check off",
    }),
    requireFactCheck: z.boolean().default(DEFAULT_GATE.requireFactCheck).openapi({
      description: "The quality gate: an article with a claim the fact check finds unsupported or contradicted waits in REVIEW",
    }),
    citationRel: z
      .enum(CITATION_RELS)
      .default("noopener")
      .openapi({ description: "The `rel` of the links to the sources an article cites: `noopener`, or `nofollow noopener`" }),
  })
  .strict();
export type Brief = z.output<typeof BriefSchema>;

/** The brief as GET and PUT /sites/{siteId}/brief answer it. */
export const SiteBriefSchema = BriefSchema.extend({ siteId: z.string(), updatedAt: z.string() }).openapi("SiteBrief");

export const toSiteBrief = ({ site, brief }: { site: SiteRow; brief: Brief }): z.infer<typeof SiteBriefSchema> => ({
  siteId: site.id,
  ...brief,
  updatedAt: site.updatedAt,
});

/** The brief as stored (JSON in `sites.brief`); before anyone wrote one, the site's business context. */
export function briefOf(site: Pick<SiteRow, "id" | "brief" | "businessContext">): Brief {
  if (site.brief) {
    const stored = BriefSchema.safeParse(safeJson(site.brief));
    if (stored.success) return stored.data;
    log("error", "site_brief_unreadable", { siteId: site.id });
  }
  return BriefSchema.parse({ business: site.businessContext.slice(0, LIMITS.business) });
}

export async function getBrief(db: Database, accountId: string, siteId: string): Promise<{ site: SiteRow; brief: Brief }> {
  const site = await getSite(db, accountId, siteId);
  return { site, brief: briefOf(site) };
}

/** Replaces the brief of a site of the account (404 for a foreign, missing or disconnected one). */
export async function saveBrief(
  db: Database,
  accountId: string,
  siteId: string,
  brief: Brief,
  now = new Date(),
): Promise<{ site: SiteRow; brief: Brief }> {
  await getSite(db, accountId, siteId);
  const [site] = await writeBrief(db, accountId, siteId, brief, toIsoSeconds(now)).returning();
  return { site: site!, brief };
}

/** The one write of a brief (the brief route and the agent's chat), as a query a batch can carry. */
export function writeBrief(db: Database, accountId: string, siteId: string, brief: Brief, at: string) {
  return db
    .update(sites)
    .set({ brief: JSON.stringify(brief), updatedAt: at })
    .where(and(eq(sites.id, siteId), eq(sites.accountId, accountId)));
}

/** The site's quality gate, from its brief. */
export function gateOf(brief: Brief): QualityGate {
  return { minContentScore: brief.minContentScore, maxSimilarity: brief.maxSimilarity, requireFactCheck: brief.requireFactCheck };
}

/** The brief as prompt text, empty parts left out. */
export function briefForPrompt(brief: Brief): string {
  const lines = [
    brief.business && `Business: ${brief.business}`,
    brief.audience && `Audience: ${brief.audience}`,
    brief.tone && `Tone: ${brief.tone}`,
    brief.topicsToAvoid.length > 0 && `Never write about: ${brief.topicsToAvoid.join("; ")}`,
    brief.notes && `Notes: ${brief.notes}`,
  ];
  return lines.filter(Boolean).join("\n") || "No brief given.";
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
