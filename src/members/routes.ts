import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { announceRevocation } from "../tokens/service";
import { listAudit } from "../audit/audit";
import {
  AuditPageSchema,
  AuditQuerySchema,
  CreatedInvitationSchema,
  InvitationIdParamSchema,
  InviteMemberBodySchema,
  MemberIdParamSchema,
  MemberSchema,
  MembersSchema,
  RemovedMemberSchema,
  toAuditEvent,
  toInvitation,
  toMember,
  UpdateMemberBodySchema,
} from "./schemas";
import { revokeGrants } from "./grants";
import { cancelInvitation, inviteMember, listMembers, removeMember, updateMember } from "./service";

/** The account's members, their invitations, and the audit log. */
export const memberRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
const tags = ["Members"];

memberRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listMembers",
    path: "/members",
    tags,
    summary: "The account's members and open invitations",
    responses: { 200: jsonContent(MembersSchema, "Members, oldest first"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const caller = c.get("caller");
    const { members, invitations } = await listMembers(c.get("db"), caller.accountId);
    return c.json({ members: members.map((m) => toMember(m, caller.memberId)), invitations: invitations.map(toInvitation) }, 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "inviteMember",
    path: "/members",
    tags,
    summary:
      "Invite someone by e-mail with a role: a one-time link, valid 7 days (admin or owner; only an owner invites an owner; 30 a day)",
    description:
      "The invitee opens the link: a new person sets a password (`POST /api/session/invite { token, password }`), someone who already signs in here signs in and accepts (`POST /api/session/invite { token }` with the session).",
    request: { body: jsonBody(InviteMemberBodySchema) },
    responses: { 201: jsonContent(CreatedInvitationSchema, "The invitation and its link"), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    const caller = c.get("caller");
    const { email, role, siteIds } = c.req.valid("json");
    const { invitation, url, emailed } = await inviteMember(c.get("services"), caller, {
      email,
      role,
      siteIds,
      origin: new URL(c.req.url).origin,
      now: new Date(),
    });
    return c.json({ ...toInvitation(invitation), url, emailed }, 201);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "cancelInvitation",
    path: "/members/invitations/{invitationId}",
    tags,
    summary: "Withdraw an open invitation: its link stops working",
    request: { params: InvitationIdParamSchema },
    responses: { 204: { description: "Withdrawn" }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    await cancelInvitation(c.get("db"), c.get("caller"), c.req.valid("param").invitationId);
    return c.body(null, 204);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "patch",
    operationId: "updateMember",
    path: "/members/{memberId}",
    tags,
    summary: "Change a member's role or sites (takes effect on their next request, tokens and grants included)",
    description: "Only an owner changes an owner or makes one; the last owner cannot be demoted (409 `last_owner`).",
    request: { params: MemberIdParamSchema, body: jsonBody(UpdateMemberBodySchema) },
    responses: { 200: jsonContent(MemberSchema, "The member"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const caller = c.get("caller");
    const member = await updateMember(c.get("services"), caller, c.req.valid("param").memberId, c.req.valid("json"));
    return c.json(toMember(member, caller.memberId), 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "removeMember",
    path: "/members/{memberId}",
    tags,
    summary: "Remove a member: their sessions, tokens, OAuth grants and the open invitations they sent stop at once",
    description:
      "Only an owner removes an owner; the last owner cannot be removed (409 `last_owner`); a member limited to some sites removes only members within them (403 `site_not_allowed`). Removing yourself is leaving. The answer says how many tokens were revoked and invitations withdrawn (the audit event too).",
    request: { params: MemberIdParamSchema },
    responses: { 200: jsonContent(RemovedMemberSchema, "Removed"), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const caller = c.get("caller");
    const memberId = c.req.valid("param").memberId;
    const { revokedTokens, invitationsWithdrawn } = await removeMember(c.get("services"), caller, memberId, new Date());
    // The public gate refuses the tokens at once; the grants' calls to /mcp already fail with the member gone.
    for (const token of revokedTokens) await announceRevocation(c.get("services").accountState, token);
    await revokeGrants(c.env.OAUTH_PROVIDER, caller.accountId, memberId);
    return c.json({ id: memberId, tokensRevoked: revokedTokens.length, invitationsWithdrawn }, 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listAuditEvents",
    path: "/audit",
    tags,
    summary: "The audit log: who did what and when, newest first (admin or owner)",
    description:
      "Plans approved, articles published, edited or answered by a client, members, tokens and grants changed, payments. Page with `before`; filter by `action` (or a prefix such as `plan.`), `memberId`, `targetType`, `targetId`.",
    request: { query: AuditQuerySchema },
    responses: { 200: jsonContent(AuditPageSchema, "A page of events"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const caller = c.get("caller");
    const { events, nextBefore, stillThere } = await listAudit(c.get("db"), caller.accountId, c.req.valid("query"), caller);
    return c.json({ items: events.map((event) => toAuditEvent(event, stillThere)), nextBefore }, 200);
  },
);
