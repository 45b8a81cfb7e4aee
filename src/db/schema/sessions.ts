import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { createdAt } from "./columns";
import { users } from "./members";

/** Panel sessions: only the SHA-256 of the cookie's random id is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    /** The account the session works in now (the panel switches among the user's memberships). */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: text("last_seen_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("sessions_account_idx").on(t.accountId), index("sessions_user_idx").on(t.userId)],
);

/** One-time links an operator sends so the owner sets a password; only the hash of the link's secret is stored. */
export const accountInvites = sqliteTable(
  "account_invites",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("account_invites_account_idx").on(t.accountId)],
);

/** One-time sign-in links sent by e-mail (a person locked out by guesses at their e-mail): only the hash of the link's secret is stored. */
export const signInLinks = sqliteTable(
  "sign_in_links",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sign_in_links_token_unique").on(t.tokenHash), index("sign_in_links_user_idx").on(t.userId)],
);

/**
 * A sign-up waiting for its address to be confirmed: the account is made only when the link
 * e-mailed to the address is used, so sign-up answers the same for a new and a taken address.
 * Only the hash of the link's secret and of the password are kept.
 */
export const pendingSignUps = sqliteTable(
  "pending_sign_ups",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    locale: text("locale", { enum: ["en", "tr"] })
      .notNull()
      .default("en"),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pending_sign_ups_token_unique").on(t.tokenHash), index("pending_sign_ups_email_idx").on(t.email)],
);
