import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import {
  accounts,
  approvalLinks,
  articleImages,
  articles,
  auditEvents,
  byokKeys,
  byokLicences,
  chatMessages,
  creditLedger,
  existingPosts,
  googleConnections,
  itemRuns,
  members,
  payments,
  planItems,
  plans,
  postImprovements,
  serpResearch,
  sites,
  uploads,
  users,
} from "../db/schema";

// What an export holds, one JSON file per area (docs/guides/privacy.md lists them). Columns are
// chosen here, never `*`: a secret column added to a table later stays out until someone names it.

/** A row of an area with the rowid it is paged by. */
export interface AreaRow {
  rowid: number;
  row: Record<string, unknown>;
}

export interface ExportArea {
  /** The file in the archive, and (without `.json`) the stage the progress names. */
  file: string;
  /** Rows written per queue step: fewer for areas whose rows are large (articles, drafts). */
  rowsPerStep: number;
  count(db: Database, accountId: string): Promise<number>;
  /** The account's rows after the rowid `cursor`, in rowid order, at most `limit`. */
  rows(db: Database, accountId: string, cursor: number, limit: number): Promise<AreaRow[]>;
}

type AccountTable = SQLiteTable & { accountId: SQLiteColumn };

/** The columns of `table` but those named. */
function columnsBut(table: SQLiteTable, omit: string[]): Record<string, SQLiteColumn> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !omit.includes(name)));
}

async function countOf(db: Database, table: AccountTable, accountId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(table).where(eq(table.accountId, accountId));
  return row?.n ?? 0;
}

/** An area that is one table's rows of the account, with `columns` of each. */
function tableArea(file: string, table: AccountTable, columns: Record<string, SQLiteColumn>, rowsPerStep = 200): ExportArea {
  return {
    file,
    rowsPerStep,
    count: (db, accountId) => countOf(db, table, accountId),
    async rows(db, accountId, cursor, limit) {
      const rows = (await db
        .select({ _rowid: sql<number>`${table}.rowid`, ...columns })
        .from(table as SQLiteTable)
        .where(and(eq(table.accountId, accountId), sql`${table}.rowid > ${cursor}`))
        .orderBy(sql`${table}.rowid`)
        .limit(limit)) as ({ _rowid: number } & Record<string, unknown>)[];
      return rows.map(({ _rowid, ...row }) => ({ rowid: _rowid, row }));
    },
  };
}

const SITE_SECRETS = [
  "blogAppPasswordEncrypted",
  "forumApiKeyEncrypted",
  "webhookSecretEncrypted",
  "previousWebhookSecretEncrypted",
  "previousWebhookSecretUntil",
  "indexNowKey",
];

/** Every area, in the order the archive holds them (account.json comes first, media/ last). */
export const EXPORT_AREAS: ExportArea[] = [
  {
    file: "members.json",
    rowsPerStep: 500,
    count: (db, accountId) => countOf(db, members, accountId),
    async rows(db, accountId, cursor, limit) {
      // The person's e-mail, role and choices; never the password hash.
      const rows = await db
        .select({
          rowid: sql<number>`${members}.rowid`,
          id: members.id,
          email: users.email,
          role: members.role,
          siteIds: members.siteIds,
          emailOff: members.emailOff,
          locale: users.locale,
          joinedAt: members.createdAt,
        })
        .from(members)
        .innerJoin(users, eq(users.id, members.userId))
        .where(and(eq(members.accountId, accountId), sql`${members}.rowid > ${cursor}`))
        .orderBy(sql`${members}.rowid`)
        .limit(limit);
      return rows.map(({ rowid, ...row }) => ({ rowid, row }));
    },
  },
  tableArea("sites.json", sites, columnsBut(sites, [...SITE_SECRETS, "brief", "businessContext"])),
  tableArea("briefs.json", sites, {
    siteId: sites.id,
    url: sites.url,
    language: sites.language,
    businessContext: sites.businessContext,
    brief: sites.brief,
  }),
  tableArea("plans.json", plans, getTableColumns(plans)),
  tableArea("items.json", planItems, getTableColumns(planItems)),
  tableArea("research.json", serpResearch, getTableColumns(serpResearch), 50),
  tableArea("articles.json", articles, columnsBut(articles, ["contentText", "similaritySignature"]), 50),
  tableArea("article-images.json", articleImages, getTableColumns(articleImages)),
  tableArea("runs.json", itemRuns, getTableColumns(itemRuns), 50),
  tableArea("existing-posts.json", existingPosts, columnsBut(existingPosts, ["similaritySignature"])),
  tableArea("improvements.json", postImprovements, getTableColumns(postImprovements), 50),
  tableArea("chat.json", chatMessages, getTableColumns(chatMessages)),
  tableArea("approval-links.json", approvalLinks, columnsBut(approvalLinks, ["tokenHash"])),
  tableArea("uploads.json", uploads, getTableColumns(uploads), 500),
  tableArea("ledger.json", creditLedger, getTableColumns(creditLedger), 500),
  tableArea("payments.json", payments, columnsBut(payments, ["claimToken"]), 500),
  tableArea("audit.json", auditEvents, getTableColumns(auditEvents), 500),
];

/** account.json: the account, its licence, and what is connected, without any key or token. */
export async function accountDocument(db: Database, accountId: string, exportedAt: string) {
  const [[account], [licence], [byokKey], [google]] = await Promise.all([
    db.select().from(accounts).where(eq(accounts.id, accountId)),
    db.select().from(byokLicences).where(eq(byokLicences.accountId, accountId)),
    db
      .select({ provider: byokKeys.provider, model: byokKeys.model, keyLastFour: byokKeys.keyLastFour, verifiedAt: byokKeys.verifiedAt })
      .from(byokKeys)
      .where(eq(byokKeys.accountId, accountId)),
    db
      .select({ googleEmail: googleConnections.googleEmail, scopes: googleConnections.scopes, status: googleConnections.status })
      .from(googleConnections)
      .where(eq(googleConnections.accountId, accountId)),
  ]);
  return {
    exportedAt,
    account: account ?? null,
    byokLicence: licence ?? null,
    byokKey: byokKey ?? null,
    google: google ?? null,
    files: ["account.json", ...EXPORT_AREAS.map((area) => area.file), "media/"],
    leftOut:
      "Passwords, password hashes, API token hashes, site credentials (WordPress application passwords, XenForo keys, webhook secrets), the BYOK key and Google tokens are never exported.",
  };
}
