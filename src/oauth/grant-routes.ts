import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { and, desc, eq, gt } from "drizzle-orm";
import { notFound } from "../core/errors";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { members, oauthRevocations } from "../db/schema";
import { validationHook } from "../core/validation";
import type { AppEnv, Caller } from "../http/context";
import { recordAudit } from "../audit/audit";
import { roleMay, sitesWithin } from "../members/roles";
import { errorResponses, jsonContent } from "../http/openapi";
import { oauthHelpers } from "./provider";

/** The OAuth grants of the account (MCP connectors it allowed), listed and revoked beside the API tokens. */
export const grantRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const GrantSchema = z
  .object({
    id: z.string(),
    clientId: z.string(),
    clientName: z.string().openapi({ description: "The name the app gave when it registered (self-asserted)" }),
    scope: z.array(z.string()),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    memberId: z.string().nullable().openapi({ description: "The member who allowed the app; null for grants made before teams" }),
  })
  .openapi("OAuthGrant");

const RevocationSchema = z
  .object({
    grantId: z.string(),
    clientId: z.string(),
    clientName: z.string().openapi({ description: "The name the app gave when it registered (self-asserted)" }),
    reason: z.enum(["refresh_token_reuse"]).openapi({
      description: "`refresh_token_reuse`: a refresh token was presented after it had been replaced, so it may have been copied",
    }),
    revokedAt: z.string(),
  })
  .openapi("OAuthRevocation");

/** Grants the service revoked by itself are shown this long. */
const REVOCATIONS_SHOWN_DAYS = 30;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * The grants a caller sees and revokes: an owner every member's; an admin its own and those of
 * members who are no owners (within its sites when it is limited to some); anyone else their own.
 */
export async function visibleGrants(db: Database, oauth: OAuthHelpers, caller: Caller) {
  const grants = await grantsOf(oauth, caller.accountId);
  if (caller.role === "owner" || !caller.memberId) return grants;
  if (!roleMay(caller.role, "admin")) return grants.filter((grant) => grant.memberId === caller.memberId);
  const manageable = new Set(
    (
      await db
        .select({ id: members.id, role: members.role, siteIds: members.siteIds })
        .from(members)
        .where(eq(members.accountId, caller.accountId))
    )
      .filter((member) => member.role !== "owner" && sitesWithin(member.siteIds, caller.siteIds))
      .map((member) => member.id),
  );
  return grants.filter((grant) => grant.memberId === caller.memberId || (grant.memberId !== null && manageable.has(grant.memberId)));
}

/** Every grant of the account, newest first. */
export async function grantsOf(oauth: OAuthHelpers, accountId: string) {
  const grants = [];
  let cursor: string | undefined;
  do {
    const page = await oauth.listUserGrants(accountId, { cursor });
    grants.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return grants
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((grant) => ({
      id: grant.id,
      clientId: grant.clientId,
      clientName: typeof grant.metadata?.clientName === "string" ? grant.metadata.clientName : grant.clientId,
      scope: grant.scope,
      createdAt: iso(grant.createdAt),
      memberId: typeof grant.metadata?.memberId === "string" ? grant.metadata.memberId : null,
      expiresAt: grant.expiresAt ? iso(grant.expiresAt) : null,
    }));
}

grantRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listOAuthGrants",
    path: "/oauth/grants",
    tags: ["Tokens"],
    summary: "The apps you allowed through OAuth (MCP connectors; an owner or admin sees every member's), newest first",
    description: `\`revoked\` lists the grants the service revoked by itself in the last ${REVOCATIONS_SHOWN_DAYS} days, and why.`,
    responses: {
      200: jsonContent(z.object({ items: z.array(GrantSchema), revoked: z.array(RevocationSchema) }), "The grants"),
      ...errorResponses(401, 403),
    },
  }),
  async (c) => {
    const caller = c.get("caller");
    return c.json(
      { items: await visibleGrants(c.get("db"), oauthHelpers(c.env), caller), revoked: await revocationsOf(c.get("db"), caller.accountId) },
      200,
    );
  },
);

async function revocationsOf(db: Database, accountId: string) {
  const since = toIsoSeconds(new Date(Date.now() - REVOCATIONS_SHOWN_DAYS * 24 * 60 * 60_000));
  return db
    .select({
      grantId: oauthRevocations.grantId,
      clientId: oauthRevocations.clientId,
      clientName: oauthRevocations.clientName,
      reason: oauthRevocations.reason,
      revokedAt: oauthRevocations.revokedAt,
    })
    .from(oauthRevocations)
    .where(and(eq(oauthRevocations.accountId, accountId), gt(oauthRevocations.revokedAt, since)))
    .orderBy(desc(oauthRevocations.revokedAt))
    .limit(20);
}

grantRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "revokeOAuthGrant",
    path: "/oauth/grants/{grantId}",
    tags: ["Tokens"],
    summary: "Revoke an app's access: its tokens stop working at once",
    request: { params: z.object({ grantId: z.string().min(1).max(200) }) },
    responses: { 200: jsonContent(GrantSchema, "The revoked grant"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const oauth = oauthHelpers(c.env);
    const caller = c.get("caller");
    const grant = (await visibleGrants(c.get("db"), oauth, caller)).find((candidate) => candidate.id === c.req.valid("param").grantId);
    if (!grant) throw notFound("Grant");
    await oauth.revokeGrant(grant.id, caller.accountId);
    await recordAudit(c.get("db"), caller.accountId, caller, {
      action: "oauth_grant.revoked",
      targetType: "oauth_grant",
      targetId: grant.id,
      detail: { clientName: grant.clientName },
    });
    return c.json(grant, 200);
  },
);
