import { z } from "@hono/zod-openapi";
import { positiveIntParam, wholeNumberParam } from "../core/pagination";
import { AUDIT_VIAS, ROLES } from "../db/schema";
import type { AuditEventRow } from "../audit/audit";
import { linkable } from "../audit/labels";
import type { InvitationRow, MemberView } from "./service";

const RoleSchema = z.enum(ROLES).openapi({
  description:
    "owner (billing, members, everything), admin (all but billing and owners), editor (briefs, plans, approve, publish), writer (edit articles and improvements), viewer (read only)",
});
const SiteIdsSchema = z
  .array(z.string().min(1).max(64))
  .max(100)
  .nullable()
  .openapi({ description: "Limit the member to these sites of the account; null or [] for every site" });

export const MemberSchema = z
  .object({
    id: z.string().openapi({ example: "mem_Q2n8xK1bW7cVt0Ra" }),
    email: z.string(),
    role: RoleSchema,
    siteIds: z.array(z.string()).nullable(),
    joinedAt: z.string(),
    you: z.boolean().openapi({ description: "This member is the caller" }),
  })
  .openapi("Member");

export const InvitationSchema = z
  .object({
    id: z.string().openapi({ example: "inv_Q2n8xK1bW7cVt0Ra" }),
    email: z.string(),
    role: RoleSchema,
    siteIds: z.array(z.string()).nullable(),
    invitedBy: z
      .object({ memberId: z.string().nullable(), email: z.string().nullable() })
      .openapi({ description: "Who sent it: the member and their e-mail (null when they have left, or for the operator)" }),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .openapi("MemberInvitation");

export const RemovedMemberSchema = z
  .object({
    id: z.string().openapi({ description: "The member removed" }),
    tokensRevoked: z.number().int().openapi({ description: "Their API tokens, revoked" }),
    invitationsWithdrawn: z
      .number()
      .int()
      .openapi({ description: "The open invitations they had sent, withdrawn: their links stop working" }),
  })
  .openapi("RemovedMember");

export const MembersSchema = z
  .object({ members: z.array(MemberSchema), invitations: z.array(InvitationSchema).openapi({ description: "Open invitations" }) })
  .openapi("Members");

export const InviteMemberBodySchema = z
  .object({ email: z.email().max(254), role: RoleSchema, siteIds: SiteIdsSchema.optional() })
  .strict()
  .openapi("InviteMemberRequest");

export const CreatedInvitationSchema = InvitationSchema.extend({
  url: z.string().openapi({
    description: "The one-time link (7 days); its secret is in the fragment. It is also e-mailed to the address",
    example: "https://panel.example.com/invite#…",
  }),
  emailed: z.boolean().openapi({
    description:
      "Whether an e-mail with the link was queued: at most one a day per address from this account, and 3 a day per address from every account together; otherwise send the link yourself",
  }),
}).openapi("CreatedMemberInvitation");

export const UpdateMemberBodySchema = z
  .object({ role: RoleSchema.optional(), siteIds: SiteIdsSchema.optional() })
  .strict()
  .openapi("UpdateMemberRequest");

export const MemberIdParamSchema = z.object({
  memberId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { description: "Member id" } }),
});
export const InvitationIdParamSchema = z.object({
  invitationId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { description: "Invitation id" } }),
});

export const AuditQuerySchema = z.object({
  action: z
    .string()
    .regex(/^[a-z_]+(\.[a-z_]*)?$/, "action must be an action such as 'plan.approved', or a prefix ending in a dot ('plan.')")
    .max(64)
    .optional()
    .openapi({ param: { description: "One action (`plan.approved`) or every action of a kind (`plan.`)" } }),
  memberId: z
    .string()
    .max(64)
    .optional()
    .openapi({ param: { description: "Only what this member did" } }),
  targetType: z
    .string()
    .max(32)
    .optional()
    .openapi({ param: { description: "Only events about this kind of thing (`article`, `plan`, `member`…)" } }),
  targetId: z
    .string()
    .max(64)
    .optional()
    .openapi({ param: { description: "Only events about this one thing" } }),
  before: wholeNumberParam("before")
    .pipe(z.number().int().min(1, "before must be at least 1"))
    .optional()
    .openapi({ type: "integer", param: { description: "The `nextBefore` of the previous page" } }),
  limit: positiveIntParam("limit", 100, 50, "Events per page, 1 to 100"),
});

export const AuditEventSchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: z.string().openapi({ description: "The member's email at the time, or `operator`, `approval link`, `system`" }),
    memberId: z.string().nullable(),
    via: z.enum(AUDIT_VIAS),
    action: z.string().openapi({ example: "plan.approved" }),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    targetLabel: z.string().nullable().openapi({
      description: "The thing's title or name when the event was written (an article's title, a member's email); null in older events",
      example: "How to brew cold coffee",
    }),
    targetExists: z.boolean().nullable().openapi({
      description: "The thing is still there (the panel links to it); null for kinds of thing without a page",
    }),
    siteId: z.string().nullable().openapi({ description: "The site the event concerns, when it concerns one" }),
    siteLabel: z.string().nullable().openapi({
      description: "The site's name (a blog's title, else its address) when the event was written; null in older events",
      example: "Demo Blog",
    }),
    siteExists: z.boolean().nullable().openapi({ description: "The site is still connected; null without a site" }),
    detail: z.record(z.string(), z.unknown()).nullable().openapi({
      description: "What else the event recorded: roles, a token's name, a client's `comment`…",
    }),
  })
  .openapi("AuditEvent");

export const AuditPageSchema = z
  .object({
    items: z.array(AuditEventSchema),
    nextBefore: z.number().int().nullable().openapi({ description: "Pass as `before` for the next (older) page; null at the end" }),
  })
  .openapi("AuditPage");

export const toMember = (member: MemberView, callerMemberId: string | null) => ({ ...member, you: member.id === callerMemberId });

export const toInvitation = (row: InvitationRow & { invitedByEmail?: string | null }) => ({
  id: row.id,
  email: row.email,
  role: row.role,
  siteIds: row.siteIds,
  invitedBy: { memberId: row.invitedBy, email: row.invitedByEmail ?? null },
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
});

export const toAuditEvent = (row: AuditEventRow, stillThere: Set<string>) => ({
  id: row.id,
  at: row.createdAt,
  actor: row.actor,
  memberId: row.memberId,
  via: row.via,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  targetLabel: row.targetLabel,
  targetExists: linkable(stillThere, row.targetType, row.targetId),
  siteId: row.siteId,
  siteLabel: row.siteLabel,
  siteExists: linkable(stillThere, "site", row.siteId),
  detail: row.detail,
});
