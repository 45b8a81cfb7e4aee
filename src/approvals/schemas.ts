import { z } from "@hono/zod-openapi";
import { plainText } from "../core/plain-text";
import { APPROVAL_DECISIONS } from "../db/schema";

/** How long a new link lives unless the body says otherwise. */
export const DEFAULT_EXPIRY_DAYS = 14;
export const MAX_EXPIRY_DAYS = 60;
export const MAX_COMMENT_CHARS = 2000;

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
/** What came of an answer: live, approved as a draft (draft-mode plans), approved but not published (yet), or changes asked for. */
export const APPROVAL_OUTCOMES = ["published", "approved", "not_published", "changes_requested"] as const;
export type ApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number];

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
        "For an answered link: published (live on the site), approved (a draft-mode plan: approved, not live), not_published (approved, but publishing failed or is still to be done: the team publishes it), changes_requested",
    }),
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
        contentScore: z.number().int().nullable().openapi({ description: "The quality score, 0–100, when the article has one" }),
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
