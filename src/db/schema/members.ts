import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { articles } from "./articles";
import { createdAt } from "./columns";

/** From most to least: what each may do is in src/members/roles.ts. */
export const ROLES = ["owner", "admin", "editor", "writer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const LOCALES = ["en", "tr"] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * What a member is told by e-mail; each can be turned off (and unsubscribed from) on its own.
 * Invitations and the link to an export one asked for always go.
 */
export const EMAIL_KINDS = [
  "invitation",
  "item_failed",
  "site_error",
  "review_digest",
  "refresh_suggested",
  "balance_low",
  "payment_received",
  "client_answered",
  "export_ready",
  "sign_in_link",
  "sign_up_confirm",
  "sign_up_existing",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** A person who signs in: one email and password, a member of one or more accounts. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** `pbkdf2-sha256$<iterations>$<salt>$<hash>` (src/sessions/passwords.ts); null until a password is set. */
    passwordHash: text("password_hash"),
    passwordUpdatedAt: text("password_updated_at"),
    /** The panel's language, used for the e-mails this person receives. */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

/** A user's place in an account: the role, the sites it is limited to (null: all), the e-mails it does not want. */
export const members = sqliteTable(
  "members",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    siteIds: text("site_ids", { mode: "json" }).$type<string[]>(),
    emailOff: text("email_off", { mode: "json" }).$type<EmailKind[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("members_account_user_unique").on(t.accountId, t.userId), index("members_user_idx").on(t.userId)],
);

/** A one-time link that makes its holder a member (7 days); only the hash of the link's secret is kept. */
export const memberInvitations = sqliteTable(
  "member_invitations",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    siteIds: text("site_ids", { mode: "json" }).$type<string[]>(),
    invitedBy: text("invited_by"),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("member_invitations_token_unique").on(t.tokenHash), index("member_invitations_account_idx").on(t.accountId)],
);

export const AUDIT_VIAS = ["session", "token", "oauth", "operator", "approval_link", "system"] as const;
export type AuditVia = (typeof AUDIT_VIAS)[number];

/** Who did what and when; written with the change it records, never edited. */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The member who acted (null for the operator, a client's approval link or the service itself). */
    memberId: text("member_id"),
    /** The actor as shown: the member's email at the time, "operator", "approval link" or "system". */
    actor: text("actor").notNull(),
    via: text("via", { enum: AUDIT_VIAS }).notNull(),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    /** The site the event concerns, when it concerns one: a member limited to some sites sees only theirs (and their own acts). */
    siteId: text("site_id"),
    /** The thing's name or title when the event was written (src/audit/labels.ts); null in events written before labels. */
    targetLabel: text("target_label"),
    /** The site's name when the event was written; null without a site, or in events written before labels. */
    siteLabel: text("site_label"),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_account_idx").on(t.accountId, t.id),
    index("audit_events_account_action_idx").on(t.accountId, t.action, t.id),
    index("audit_events_account_member_idx").on(t.accountId, t.memberId, t.id),
  ],
);

export const APPROVAL_DECISIONS = ["approve", "changes"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
/** What came of a client's answer: live, approved and left to the team, approved but publishing failed, or changes asked for. */
export const APPROVAL_OUTCOMES = ["published", "approved", "not_published", "changes_requested"] as const;
export type ApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number];

/**
 * A no-login link a client answers for one article: bound to the article's `updated_at` when it
 * was made (an edit voids it), expiring, revocable, answered once.
 */
export const approvalLinks = sqliteTable(
  "approval_links",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    articleVersion: text("article_version").notNull(),
    /**
     * SHA-256 of what the client reads (title, SEO title and description, excerpt, HTML) when the
     * link was made: an edit in the same second as the article's last write leaves `updated_at`
     * as it was, but not this. Null for links made before it was kept.
     */
    articleFingerprint: text("article_fingerprint"),
    createdBy: text("created_by"),
    /** Whether the client's page shows the article's quality score (the team chooses per link; off by default). */
    showQuality: integer("show_quality", { mode: "boolean" }).notNull().default(false),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
    decision: text("decision", { enum: APPROVAL_DECISIONS }),
    comment: text("comment"),
    decidedAt: text("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("approval_links_token_unique").on(t.tokenHash), index("approval_links_article_idx").on(t.accountId, t.articleId)],
);

export const EMAIL_STATUSES = ["pending", "sending", "sent", "failed", "skipped"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * Every e-mail the service means to send, one row per event and recipient: `dedupeKey` is unique,
 * so a replayed event or a redelivered message never makes a second one; the sender claims a row
 * (pending → sending) before it sends.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    dedupeKey: text("dedupe_key").notNull(),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    memberId: text("member_id"),
    toEmail: text("to_email").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    /** What the message says, as its template needs it. */
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    messageId: text("message_id"),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe_unique").on(t.dedupeKey),
    index("email_outbox_status_idx").on(t.status, t.createdAt).where(sql`${t.status} IN ('pending', 'sending')`),
    index("email_outbox_account_idx").on(t.accountId, t.createdAt),
  ],
);
