import { z } from "@hono/zod-openapi";
import { plainText } from "../core/plain-text";
import { APPROVAL_DECISIONS, APPROVAL_OUTCOMES } from "../db/schema";
import { APPROVAL_STATES } from "../articles/approval-state";
import { APPROVAL_EFFECTS } from "./effect";

/** How long a new link lives unless the body says otherwise. */
export const DEFAULT_EXPIRY_DAYS = 14;
export const MAX_EXPIRY_DAYS = 60;
export const MAX_COMMENT_CHARS = 2000;

export const ApprovalEffectSchema = z.enum(APPROVAL_EFFECTS).openapi("ApprovalEffect", {
  description:
    "What approving does, by the plan's mode: publish_now (a publish-live plan: the article goes live on the site at once) or team_publishes (a plan that posts drafts or waits for review: the approval is recorded and the team publishes it)",
});

export const CreateApprovalLinkBodySchema = z
  .object({
    expiresInDays: z
      .number()
      .int()
      .min(1)
      .max(MAX_EXPIRY_DAYS)
      .optional()
      .openapi({
        description: `Days until the link stops working, 1–${MAX_EXPIRY_DAYS}; ${DEFAULT_EXPIRY_DAYS} when left out`,
        example: DEFAULT_EXPIRY_DAYS,
      }),
    showQuality: z.boolean().optional().openapi({
      description: "Whether the client's page shows the article's quality score; false when left out",
      example: false,
    }),
  })
  .strict()
  .openapi("CreateApprovalLinkBody");
export type CreateApprovalLinkBody = z.infer<typeof CreateApprovalLinkBodySchema>;

export const ApprovalLinkSchema = z
  .object({
    id: z.string().openapi({ example: "apl_4kQz9xYb2mN7pR1s" }),
    url: z.string().openapi({
      description: "The page the client opens (no sign-in); shown once: only a hash of its secret is kept",
      example: "https://autopilot.example.com/approve/Vb3k…",
    }),
    expiresAt: z.string(),
    approveEffect: ApprovalEffectSchema,
  })
  .openapi("ApprovalLink");

export const PlanApprovalLinksSchema = z
  .object({
    links: z.array(
      ApprovalLinkSchema.extend({
        articleId: z.string().openapi({ example: "1042" }),
        title: z.string(),
      }),
    ),
  })
  .openapi("PlanApprovalLinks");

export const PlanIdParamSchema = z.object({ planId: z.string().min(1).max(64) });

export const ApprovalTokenParamSchema = z.object({
  token: z.string().min(1).max(200).openapi({ description: "The secret of the link, as its URL carries it after /approve/" }),
});

export const ApprovalAnswerBodySchema = z
  .object({
    decision: z.enum(APPROVAL_DECISIONS).openapi({ description: "approve, or changes (then `comment` says which)" }),
    comment: plainText(z.string().trim().max(MAX_COMMENT_CHARS), { multiline: true })
      .optional()
      .openapi({ description: `Plain text, at most ${MAX_COMMENT_CHARS} characters; required with changes` }),
  })
  .strict()
  .openapi("ApprovalAnswerBody");
export type ApprovalAnswerBody = z.infer<typeof ApprovalAnswerBodySchema>;

/** What the page says about the link; `changed` and `closed` links cannot be answered. */
export const APPROVAL_PAGE_STATES = ["open", "answered", "changed", "closed"] as const;

export const ApprovalPageSchema = z
  .object({
    state: z.enum(APPROVAL_PAGE_STATES).openapi({
      description:
        "open: waiting for the answer; answered; changed: the article was edited after the link was made (ask for a new link); closed: the article no longer waits for review",
    }),
    expiresAt: z.string(),
    decision: z.enum(APPROVAL_DECISIONS).nullable(),
    comment: z.string().nullable(),
    decidedAt: z.string().nullable(),
    outcome: z.enum(APPROVAL_OUTCOMES).nullable().openapi({
      description:
        "For an answered link: published (live on the site), approved (a plan that posts drafts or waits for review: approved, not live; the team publishes it), not_published (a publish-live plan whose publishing failed: the team publishes it), changes_requested",
    }),
    approveEffect: ApprovalEffectSchema,
    site: z.object({ name: z.string().nullable(), url: z.string() }).nullable(),
    account: z
      .object({ name: z.string() })
      .openapi({ description: "The team the client answers: the account's name (never its e-mail address)" }),
    contact: z
      .object({ email: z.string() })
      .nullable()
      .openapi({ description: "Who to ask for a new link: the team member who made this one (null when they have left)" }),
    article: z
      .object({
        title: z.string(),
        seoTitle: z.string(),
        seoDescription: z.string(),
        excerpt: z.string(),
        language: z.string(),
        heroImage: z.object({ url: z.string(), alt: z.string() }).nullable(),
        html: z.string().openapi({ description: "The body, sanitised as the API stores it" }),
        wordCount: z.number().int(),
        contentScore: z
          .number()
          .int()
          .nullable()
          .openapi({ description: "The quality score, 0–100, when the article has one and the team chose to show it on this link" }),
        url: z.string().nullable().openapi({ description: "Its address on the site once published" }),
      })
      .nullable()
      .openapi({
        description:
          "The article as the client is asked to judge it; null when the link no longer shows it: the article changed after the link was made (state `changed`, or an answered link whose article was edited since) or was taken back, unless it is published (then it is public anyway)",
      }),
  })
  .openapi("ApprovalPage");
export type ApprovalPage = z.infer<typeof ApprovalPageSchema>;

export const ApprovalHistorySchema = z
  .object({
    approveEffect: ApprovalEffectSchema,
    links: z
      .array(
        z.object({
          id: z.string().openapi({ example: "apl_4kQz9xYb2mN7pR1s" }),
          createdAt: z.string(),
          createdBy: z.object({ email: z.string() }).nullable().openapi({
            description: "The member who made the link; null when they have left the account (or it was made by the operator)",
          }),
          expiresAt: z.string(),
          revokedAt: z.string().nullable().openapi({ description: "When the team withdrew it, or a newer link replaced it" }),
          showQuality: z.boolean().openapi({ description: "Whether the client's page shows the quality score" }),
          state: z.enum(APPROVAL_STATES),
          decision: z.enum(APPROVAL_DECISIONS).nullable(),
          comment: z.string().nullable(),
          decidedAt: z.string().nullable(),
        }),
      )
      .openapi({ description: "Every link the article had, newest first; kept after publication" }),
  })
  .openapi("ApprovalHistory");
export type ApprovalHistory = z.infer<typeof ApprovalHistorySchema>;

export const ClientAnswersSchema = z
  .object({
    total: z.number().int().openapi({ description: "How many answers wait for the team" }),
    items: z
      .array(
        z.object({
          articleId: z.string().openapi({ example: "1042" }),
          title: z.string(),
          siteId: z.string().nullable(),
          linkId: z.string(),
          decision: z.enum(APPROVAL_DECISIONS),
          comment: z.string().nullable(),
          decidedAt: z.string(),
          outcome: z.enum(APPROVAL_OUTCOMES).openapi({
            description:
              "changes_requested (the article is not edited since), approved (the plan leaves publishing to the team), not_published (publishing failed)",
          }),
        }),
      )
      .openapi({ description: "The newest 20, newest answer first" }),
  })
  .openapi("ClientAnswers");
export type ClientAnswers = z.infer<typeof ClientAnswersSchema>;
