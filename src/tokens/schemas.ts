import { z } from "@hono/zod-openapi";
import { plainText } from "../core/plain-text";
import { ROLES, TOKEN_SCOPES } from "../db/schema";
import type { ApiTokenRow } from "./service";
import { tokenStatus } from "./service";

export const TokenScopeSchema = z
  .enum(TOKEN_SCOPES)
  .openapi({ description: "`manage` (everything) or `public:read` (only the public read API)" });

export const ApiTokenSchema = z
  .object({
    id: z.string().openapi({ example: "tok_3kTMd9s0XbQe1Lz2" }),
    name: z.string(),
    scope: TokenScopeSchema,
    prefix: z.string().openapi({ description: "First 8 characters of the token", example: "sap_4fGh" }),
    lastFour: z.string().openapi({ example: "x9Q2" }),
    status: z.enum(["active", "expired", "revoked"]),
    createdAt: z.string(),
    expiresAt: z.string().openapi({ description: "6 months after creation" }),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    memberId: z.string().nullable().openapi({ description: "The member the token belongs to; null for one the operator issued" }),
    role: z.enum(ROLES).nullable().openapi({
      description:
        "The role the token was made with (never above its maker's; it does less when its member is demoted below it); null only for the operator's tokens and an account's first token: its member's role, whatever it is at the time",
    }),
  })
  .openapi("ApiToken");
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreatedApiTokenSchema = ApiTokenSchema.extend({
  token: z.string().openapi({ description: "The secret; shown only in this response", example: "sap_4fGh…" }),
}).openapi("CreatedApiToken");

export const CreateTokenBodySchema = z
  .object({
    name: plainText(z.string().trim().min(1).max(100)),
    scope: TokenScopeSchema.default("manage"),
    role: z.enum(ROLES).optional().openapi({
      description:
        "A role at or below yours (a token's own role when a token makes it) for this token, such as `viewer` for a script that only reads; left out, your role now",
    }),
  })
  .strict()
  .openapi("CreateTokenRequest");

// Any text is accepted: an id that cannot be a token names no token, so it is a 404 (as for articles).
export const TokenIdParamSchema = z.object({
  id: z.string().openapi({ param: { description: "Token id" }, example: "tok_3kTMd9s0XbQe1Lz2" }),
});

export function toApiToken(row: ApiTokenRow, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    lastFour: row.lastFour,
    status: tokenStatus(row, now),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    memberId: row.memberId,
    role: row.role,
  };
}
