import { z } from "@hono/zod-openapi";
import { publicQuality } from "../articles/management-schemas";
import { QualitySchema } from "../research/schemas";
import { MAX_COPIED_WORDS } from "../content/quality/gate";
import type { Quality } from "../content/quality/types";
import { IMPROVEMENT_STATUSES, type PostSuggestion } from "../db/schema";
import { ExistingPostSchema, toExistingPost, type ExistingPostRow } from "../existing-posts/schemas";
import type { ImprovementRow } from "./improve";

export const PostIdParamSchema = z.object({ postId: z.string().min(1).max(64).openapi({ example: "post_Q2nV8xkT0aLm3Rz1" }) });

const SuggestionSchema = z
  .object({
    title: z.string(),
    html: z.string().openapi({ description: "The whole improved post body (sanitised HTML); the author's links and images are kept" }),
    seoTitle: z
      .string()
      .openapi({ description: "50–70 characters; WordPress core has no SEO field, so apply does not send it (copy it to an SEO plugin)" }),
    seoDesc: z.string().openapi({ description: "150–160 characters; like seoTitle, not sent to WordPress" }),
    changes: z.array(z.object({ change: z.string(), reason: z.string() })).openapi({ description: "What was changed and why" }),
    researchId: z.string().nullable().openapi({
      description:
        "The research the suggestion was written and scored against: the live results of the post's keyword (its title) and the top pages read as sources, made once for this suggestion. Null for a suggestion made before improvements were researched",
      example: "res_3f9a0c1b7d2e4a68",
    }),
    qualityBefore: QualitySchema.nullable().openapi({
      description:
        "The quality of the post as it was (its HTML when the suggestion was made) against that research; it is never compared with itself. Null for a suggestion made before improvements were scored",
    }),
    qualityAfter: QualitySchema.nullable().openapi({
      description: `The quality of the suggested HTML against the same research: compare contentScore with qualityBefore's. A suggestion that copies more than ${MAX_COPIED_WORDS} consecutive words of a source (longestSourceRun), and more than the post already did, fails its checks`,
    }),
  })
  .openapi("PostSuggestion");

export const PostImprovementSchema = z
  .object({
    postId: z.string(),
    siteId: z.string(),
    status: z.enum(IMPROVEMENT_STATUSES).openapi({ description: "The post's improvement status" }),
    suggestion: SuggestionSchema.nullable(),
    source: z
      .object({ title: z.string(), html: z.string() })
      .nullable()
      .openapi({ description: "The post as it was when the suggestion was made from it (HTML sanitised): compare it with the suggestion" }),
    suggestedAt: z.string().nullable(),
    appliedAt: z.string().nullable(),
    revertedAt: z.string().nullable(),
    post: ExistingPostSchema.openapi({ description: "The existing post as it is stored now" }),
  })
  .openapi("PostImprovement");

export const ImproveResultSchema = PostImprovementSchema.extend({
  credits: z.string().openapi({ description: "Charged for this suggestion, in lira (0.00 for BYOK accounts)", example: "5.00" }),
}).openapi("PostImproveResult");

export function toPostImprovement(post: ExistingPostRow, improvement: ImprovementRow | undefined) {
  return {
    postId: post.id,
    siteId: post.siteId,
    status: post.improvementStatus,
    suggestion: improvement?.suggestion ? toSuggestion(improvement.suggestion) : null,
    source: improvement?.suggestion ? (improvement.source ?? null) : null,
    suggestedAt: improvement?.suggestedAt ?? null,
    appliedAt: improvement?.appliedAt ?? null,
    revertedAt: improvement?.revertedAt ?? null,
    post: toExistingPost({ ...post, suggestedAt: improvement?.suggestedAt ?? null }),
  };
}

function toSuggestion(suggestion: PostSuggestion): z.infer<typeof SuggestionSchema> {
  const { title, html, seoTitle, seoDesc, changes, researchId, quality } = suggestion;
  const scored = (value: Quality | undefined) => (value ? publicQuality(value) : null);
  return {
    title,
    html,
    seoTitle,
    seoDesc,
    changes,
    researchId: researchId ?? null,
    qualityBefore: scored(quality?.before),
    qualityAfter: scored(quality?.after),
  };
}
