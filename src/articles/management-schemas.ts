import { z } from "@hono/zod-openapi";
import { plainText } from "../core/plain-text";
import { formatKurus } from "../core/money";
import { positiveIntParam, wholeNumberParam } from "../core/pagination";
import { APPROVAL_DECISIONS, ARTICLE_STATUSES, type articleRevisions, INDEX_NOW_STATUSES, REVISION_STATUSES } from "../db/schema";
import { APPROVAL_STATES, ARTICLE_APPROVAL_STATUSES, type ArticleApproval } from "./approval-state";
import type { StructuredData } from "../content/structured-data";
import type { Quality } from "../content/quality/types";
import type { ArticleImageRow, ArticleRow } from "./service";
import { CheckedClaimSchema, QualitySchema, ReviewReasonSchema } from "../research/schemas";
import { ListSearchFiguresSchema } from "../existing-posts/schemas";

export const MANAGED_ARTICLE_SORTS = ["created_at", "content_score", "clicks", "position"] as const;

const UsageSchema = z.object({
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  images: z.number().int(),
  costUsd: z.number(),
});

const ArticleCostSchema = z
  .object({
    credits: z
      .string()
      .openapi({ description: "Kuruş charged for writing it, as lira (0.00 for BYOK or hand-made articles)", example: "15.00" }),
    usage: z
      .object({
        textProvider: z.string(),
        textModel: z.string(),
        imageProvider: z.string(),
        imageModel: z.string(),
        text: UsageSchema,
        image: UsageSchema,
        research: z
          .object({ provider: z.string(), costUsd: z.number() })
          .optional()
          .openapi({ description: "The search research the article was written from and what its provider reported it cost (US dollars)" }),
      })
      .nullable()
      .openapi({ description: "What the providers reported; null for articles the autopilot did not write" }),
  })
  .openapi("ArticleCost");

const articleFields = {
  id: z.string().openapi({ example: "1042" }),
  siteId: z.string().nullable(),
  planId: z.string().nullable(),
  planItemId: z.string().nullable(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  url: z.string().nullable().openapi({ description: "Where it is published on its site; null before publication or for a custom site" }),
  seoTitle: z.string(),
  seoDesc: z.string(),
  excerpt: z.string(),
  wordCount: z.number().int(),
  language: z.string(),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  targetKeyword: z.string().nullable(),
  featuredImage: z.string().nullable(),
  cost: ArticleCostSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  contentScore: z.number().int().nullable().openapi({ description: "quality.contentScore, for lists; null without research" }),
  reviewReasons: z.array(ReviewReasonSchema).openapi({
    description:
      "Why the article waits in review: what the quality gate or the fact check found short (recomputed on each edit of a pending article); empty when nothing holds it",
  }),
  indexNow: z
    .object({
      status: z.enum(INDEX_NOW_STATUSES).openapi({
        description:
          "pending (queued), submitted (200), accepted (202: the key is not verified yet), key_invalid (403: the site does not host its key), rejected (400/422), failed (gave up after retries)",
      }),
      submittedAt: z.string(),
      httpStatus: z.number().int().nullable().openapi({ description: "What the IndexNow engine answered; null while pending or offline" }),
      offline: z
        .boolean()
        .openapi({ description: "Recorded by the offline stand-in (INDEXNOW_PROVIDER=offline): no request left the machine" }),
    })
    .nullable()
    .openapi("ArticleIndexNow", {
      description:
        "The URL's announcement to IndexNow (Bing, Yandex, Naver, Seznam, Yep; not Google) after its last publish or content update; null before publication and for forums",
    }),
};

export const ArticleSummarySchema = z
  .object({
    ...articleFields,
    search: ListSearchFiguresSchema.nullable(),
    approvalStatus: z.enum(ARTICLE_APPROVAL_STATUSES).openapi({
      description:
        "Where the client's approval stands, by the article's latest approval link: awaiting (sent, not answered yet), approved, changes_requested, none (no link, or it was withdrawn, expired or voided by an edit)",
    }),
  })
  .openapi("ArticleSummary");

const ArticleApprovalSchema = z
  .object({
    linkId: z.string().openapi({ example: "apl_4kQz9xYb2mN7pR1s" }),
    state: z.enum(APPROVAL_STATES).openapi({
      description:
        "open (waiting for the client), answered, changed (the article was edited after the link was made: void), closed (the article no longer waits in review), expired, revoked",
    }),
    decision: z
      .enum(APPROVAL_DECISIONS)
      .nullable()
      .openapi({ description: "The client's answer: approve or changes; null until answered" }),
    comment: z.string().nullable().openapi({ description: "What the client asked to change (or said with the approval)" }),
    decidedAt: z.string().nullable(),
    expiresAt: z.string(),
  })
  .openapi("ArticleApproval");

export const ArticleRevisionSchema = z
  .object({
    id: z.string().openapi({ example: "rev_k3J9sQ0aLm2P7xYz" }),
    status: z.enum(REVISION_STATUSES),
    by: z.object({ memberId: z.string().nullable(), email: z.string().nullable() }).openapi({ description: "The writer" }),
    fields: z
      .record(z.string(), z.unknown())
      .openapi({ description: "The fields the writer changed, as PATCH takes them; they go live when an editor publishes the revision" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("ArticleRevision");

export const ArticleDetailSchema = z
  .object({
    ...articleFields,
    html: z.string(),
    keywords: z.array(z.string()),
    images: z.array(
      z.object({ id: z.number().int(), url: z.string(), altText: z.string(), isFeatured: z.boolean(), position: z.number().int() }),
    ),
    quality: QualitySchema.nullable().openapi({
      description:
        "The quality of the current text, recomputed on every edit; null for articles written before research existed or by hand",
    }),
    claims: z
      .array(CheckedClaimSchema)
      .openapi({ description: "The article's factual claims as written, each with the fact check's verdict" }),
    structuredData: z.record(z.string(), z.unknown()).nullable().openapi({
      description:
        "The page's JSON-LD (schema.org @graph: a BlogPosting on a blog, an Article on a custom site, and an FAQPage matching the article's FAQ section), as the connector plugin or a custom site's page prints it in <script type=\"application/ld+json\">; null for forums and articles without a site",
    }),
    pendingRevision: ArticleRevisionSchema.nullable().openapi({
      description:
        "A writer's edit of this published article, waiting for an editor to publish it (POST …/revision/publish) or discard it (DELETE …/revision); null when none waits",
    }),
    approval: ArticleApprovalSchema.nullable().openapi({
      description:
        "The article's latest client approval link (POST /api/autopilot/articles/{articleId}/approval-link) and the client's answer; null when it never had one",
    }),
  })
  .openapi("Article");

/** Why an edit deserves a word: an SEO length outside its range, or why the platform was not updated. */
export const EDIT_WARNING_CODES = [
  "seo_title_length",
  "seo_desc_length",
  "no_site",
  "site_gone",
  "custom_site",
  "publishing_in_flight",
  "not_published_yet",
  "post_not_ours",
  "platform_not_updated",
  "waits_for_editor",
] as const;
export type EditWarningCode = (typeof EDIT_WARNING_CODES)[number];

export const EditWarningDetailSchema = z
  .object({
    code: z.enum(EDIT_WARNING_CODES).openapi({
      description:
        "seo_title_length, seo_desc_length (params length, min, max); no_site, site_gone, custom_site: there is no platform to update; publishing_in_flight, not_published_yet: the change goes out with the publication; post_not_ours (params platform): the post there is no longer the article's; platform_not_updated (params platform, errorCode): the platform refused or could not be reached; waits_for_editor: a writer's edit of a published article, kept as its pendingRevision (MCP; the REST answer is 202 with the revision)",
    }),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  })
  .openapi("EditWarningDetail");

export const ArticleEditResultSchema = ArticleDetailSchema.extend({
  blogUpdated: z.boolean().openapi({ description: "True when the change also reached the article's platform" }),
  warnings: z.array(z.string()).openapi({ description: "SEO lengths outside the recommended ranges; why the platform was not updated" }),
  warningDetails: z.array(EditWarningDetailSchema).openapi({ description: "The same warnings by code, in the same order" }),
}).openapi("ArticleEditResult");

export const ArticleListQuerySchema = z.object({
  page: positiveIntParam("page", 100_000, 1, "Page number, from 1"),
  per_page: positiveIntParam("per_page", 100, 20, "Articles per page, 1 to 100"),
  siteId: z.string().min(1).max(64).optional(),
  planId: z.string().min(1).max(64).optional(),
  status: z.enum(ARTICLE_STATUSES, { error: `status must be one of ${ARTICLE_STATUSES.join(", ")}` }).optional(),
  sort: z
    .enum(MANAGED_ARTICLE_SORTS, { error: `sort must be one of ${MANAGED_ARTICLE_SORTS.join(", ")}` })
    .default("created_at")
    .openapi({
      description:
        "created_at (default), content_score, or the Search Console figures of the article's page over the last 28 days: clicks or position (articles without figures, or a score, come last)",
    }),
  order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).default("desc"),
  minScore: scoreParam("minScore", "Only articles whose content score is at least this (0–100); articles without a score are left out"),
  maxScore: scoreParam("maxScore", "Only articles whose content score is at most this (0–100); articles without a score are left out"),
  approval: z
    .enum(ARTICLE_APPROVAL_STATUSES, { error: `approval must be one of ${ARTICLE_APPROVAL_STATUSES.join(", ")}` })
    .optional()
    .openapi({
      param: {
        description: "Only articles whose client approval stands so (`approvalStatus`): awaiting, approved, changes_requested or none",
      },
    }),
});

/** An optional 0–100 query number. */
function scoreParam(name: string, description: string) {
  return wholeNumberParam(name)
    .pipe(z.number().int(`${name} must be a whole number`).min(0, `${name} must be at least 0`).max(100, `${name} must be at most 100`))
    .optional()
    .openapi({ type: "integer", minimum: 0, maximum: 100, param: { description } });
}

export const ArticleIdParamSchema = z.object({ articleId: z.string().min(1).max(20) });

export const ArticleEditBodySchema = z
  .object({
    title: plainText(z.string().trim().min(1, "title must not be empty").max(300), { noMarkup: true }),
    slug: z.string().max(300, "slug must be at most 300 characters").openapi({
      description:
        "The last part of the article's address: letters are folded by the article's language (Turkish ç→c, ğ→g, ı/İ→i, ö→o, ş→s, ü→u; German ü→ue), spaces become hyphens; then only a-z, 0-9 and single hyphens, at most 80 characters. 409 slug_taken when another article or post of the site has it. On WordPress the post's old address redirects to the new one.",
      example: "eksi-maya-ekmegi",
    }),
    html: z.string().max(500_000, "html must be at most 500,000 characters"),
    seoTitle: plainText(z.string().max(300), { noMarkup: true }),
    seoDesc: plainText(z.string().max(1000), { noMarkup: true }),
    excerpt: plainText(z.string().trim().max(1000), { noMarkup: true, multiline: true }),
    tags: z.array(plainText(z.string().trim().min(1, "a tag cannot be empty").max(100), { noMarkup: true })).max(20, "at most 20 tags"),
    categories: z
      .array(plainText(z.string().trim().min(1, "a category cannot be empty").max(100), { noMarkup: true }))
      .max(10, "at most 10 categories"),
    featuredImage: z.string().min(1).max(64).nullable().openapi({
      description: "The id of one of the account's uploads (GET /api/uploads) to show as the featured image; null removes it",
      example: "up_k3J9sQ0aLm2P7xYz",
    }),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, {
    message: "Send at least one of title, slug, html, seoTitle, seoDesc, excerpt, tags, categories, featuredImage",
  })
  .openapi("ArticleEdit");

export type ArticleEdit = z.infer<typeof ArticleEditBodySchema>;

/** The summary without `search`, which only the list joins in. */
export function toArticleSummary(
  article: ArticleRow,
  featuredImage: string | null,
): Omit<z.infer<typeof ArticleSummarySchema>, "search" | "approvalStatus"> {
  return {
    id: String(article.id),
    siteId: article.siteId,
    planId: article.planId,
    planItemId: article.planItemId,
    title: article.title,
    slug: article.slug,
    status: article.status,
    url: article.publicationUrl,
    seoTitle: article.seoTitle,
    seoDesc: article.seoDesc,
    excerpt: article.excerpt,
    wordCount: article.wordCount,
    language: article.language,
    tags: article.tags,
    categories: article.categories,
    targetKeyword: article.targetKeyword,
    featuredImage,
    cost: { credits: formatKurus(article.generationCostKurus), usage: article.generationUsage ?? null },
    createdAt: article.createdAt,
    updatedAt: article.updatedAt,
    publishedAt: article.publishedAt,
    contentScore: article.contentScore,
    reviewReasons: article.reviewReasons ?? [],
    indexNow: article.indexNow ?? null,
  };
}

export function toArticleDetail(
  article: ArticleRow,
  images: ArticleImageRow[],
  structuredData: StructuredData | null,
  approval: ArticleApproval | null,
  revision: PendingRevision | null = null,
): z.infer<typeof ArticleDetailSchema> {
  return {
    structuredData: structuredData as Record<string, unknown> | null,
    ...toArticleSummary(article, images.find((image) => image.isFeatured)?.url ?? null),
    html: article.html,
    keywords: article.keywords,
    quality: article.quality ? publicQuality(article.quality) : null,
    claims: article.claims ?? [],
    images: images.map(({ id, url, altText, isFeatured, position }) => ({ id, url, altText, isFeatured, position })),
    approval,
    pendingRevision: revision ? toRevision(revision) : null,
  };
}

type PendingRevision = typeof articleRevisions.$inferSelect & { byEmail: string | null };

export function toRevision(revision: PendingRevision): z.infer<typeof ArticleRevisionSchema> {
  return {
    id: revision.id,
    status: revision.status,
    by: { memberId: revision.memberId, email: revision.byEmail },
    fields: revision.edit,
    createdAt: revision.createdAt,
    updatedAt: revision.updatedAt,
  };
}

/** The stored quality as the API gives it (the readability's unclamped score stays inside). */
export function publicQuality(quality: Quality): z.infer<typeof QualitySchema> {
  const { rawScore: _, ...readability } = quality.readability;
  return { ...quality, readability };
}
