import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { createdAt } from "./columns";
import { ROLES } from "./members";

export const TOKEN_SCOPES = ["public:read", "manage"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** API tokens: only the SHA-256 of the secret is kept. */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope", { enum: TOKEN_SCOPES }).notNull(),
    /** The member it belongs to (null: issued by the operator, acting as an owner); it never does more than that member may. */
    memberId: text("member_id"),
    /** A role below the member's, chosen at creation; null: the member's role, whatever it is at the time. */
    role: text("role", { enum: ROLES }),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    lastFour: text("last_four").notNull(),
    expiresAt: text("expires_at").notNull(),
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("api_tokens_hash_unique").on(t.tokenHash),
    index("api_tokens_account_idx").on(t.accountId, t.createdAt),
    index("api_tokens_member_idx").on(t.memberId),
  ],
);

/**
 * OAuth grants the service revoked by itself (a superseded refresh token was presented: it may
 * have been copied), kept so the owner sees in API access what happened and to which app.
 */
export const oauthRevocations = sqliteTable(
  "oauth_revocations",
  {
    grantId: text("grant_id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    clientName: text("client_name").notNull(),
    reason: text("reason", { enum: ["refresh_token_reuse"] }).notNull(),
    revokedAt: text("revoked_at").notNull(),
  },
  (t) => [index("oauth_revocations_account_idx").on(t.accountId, t.revokedAt)],
);
