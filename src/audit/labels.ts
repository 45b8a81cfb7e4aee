import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts, apiTokens, articles, existingPosts, memberInvitations, members, planItems, plans, sites, users } from "../db/schema";

// An audit event keeps the names of what it concerns as they were when it was written: the
// thing's title or name and its site's name, read from their tables in the statement that
// inserts the event (src/audit/audit.ts). A rename or a deletion afterwards leaves the event as it was.

/** A site as the panel titles it (sites/display-name.ts): the name the account gave it, a blog's Site Title, else its address. */
const SITE_NAME = sql`COALESCE(${sites.displayName}, CASE WHEN ${sites.platform} = 'blog' AND ${sites.blogName} IS NOT NULL THEN ${sites.blogName} ELSE ${sites.url} END)`;

const articleIdOf = (id: string): number | null => (/^\d{1,15}$/.test(id) ? Number(id) : null);

type LabelQuery = (id: string, accountId: string) => SQL | null;

/** The subquery that reads a thing's label, by the event's `targetType`; kinds without a name are left out. */
const TARGET_LABELS: Record<string, LabelQuery> = {
  article: (id, accountId) => {
    const articleId = articleIdOf(id);
    return articleId === null
      ? null
      : sql`(SELECT ${articles.title} FROM ${articles} WHERE ${articles.id} = ${articleId} AND ${articles.accountId} = ${accountId})`;
  },
  // A plan made before plans had names: its site's and the day it was made.
  plan: (id, accountId) =>
    sql`(SELECT COALESCE(${plans.name}, ${SITE_NAME} || ' · ' || substr(${plans.createdAt}, 1, 10)) FROM ${plans} JOIN ${sites} ON ${sites.id} = ${plans.siteId}
      WHERE ${plans.id} = ${id} AND ${plans.accountId} = ${accountId})`,
  item: (id, accountId) =>
    sql`(SELECT ${planItems.title} FROM ${planItems} WHERE ${planItems.id} = ${id} AND ${planItems.accountId} = ${accountId})`,
  post: (id, accountId) =>
    sql`(SELECT ${existingPosts.title} FROM ${existingPosts} WHERE ${existingPosts.id} = ${id} AND ${existingPosts.accountId} = ${accountId})`,
  site: (id, accountId) => sql`(SELECT ${SITE_NAME} FROM ${sites} WHERE ${sites.id} = ${id} AND ${sites.accountId} = ${accountId})`,
  member: (id, accountId) =>
    sql`(SELECT ${users.email} FROM ${members} JOIN ${users} ON ${users.id} = ${members.userId} WHERE ${members.id} = ${id} AND ${members.accountId} = ${accountId})`,
  invitation: (id, accountId) =>
    sql`(SELECT ${memberInvitations.email} FROM ${memberInvitations} WHERE ${memberInvitations.id} = ${id} AND ${memberInvitations.accountId} = ${accountId})`,
  token: (id, accountId) =>
    sql`(SELECT ${apiTokens.name} FROM ${apiTokens} WHERE ${apiTokens.id} = ${id} AND ${apiTokens.accountId} = ${accountId})`,
  account: (id, accountId) => (id === accountId ? sql`(SELECT ${accounts.name} FROM ${accounts} WHERE ${accounts.id} = ${id})` : null),
};

/** The subquery that reads the site of a thing that belongs to one. */
const SITE_OF_TARGET: Record<string, LabelQuery> = {
  article: (id, accountId) => {
    const articleId = articleIdOf(id);
    return articleId === null
      ? null
      : sql`(SELECT ${articles.siteId} FROM ${articles} WHERE ${articles.id} = ${articleId} AND ${articles.accountId} = ${accountId})`;
  },
  plan: (id, accountId) => sql`(SELECT ${plans.siteId} FROM ${plans} WHERE ${plans.id} = ${id} AND ${plans.accountId} = ${accountId})`,
  item: (id, accountId) =>
    sql`(SELECT ${planItems.siteId} FROM ${planItems} WHERE ${planItems.id} = ${id} AND ${planItems.accountId} = ${accountId})`,
  post: (id, accountId) =>
    sql`(SELECT ${existingPosts.siteId} FROM ${existingPosts} WHERE ${existingPosts.id} = ${id} AND ${existingPosts.accountId} = ${accountId})`,
  site: (id) => sql`${id}`,
};

/** What an event is about, as given by the code that records it. */
export interface LabelledTarget {
  targetType?: string;
  targetId?: string | number;
  /** The site, when the caller knows it; undefined: the target's own site; null: none. */
  siteId?: string | null;
  /** Labels the caller read before the change (a deletion), or knows better than the tables. */
  targetLabel?: string | null;
  siteLabel?: string | null;
}

/** The SQL values of an event's `site_id`, `target_label` and `site_label`, read in the insert itself. */
export function labelColumns(accountId: string, target: LabelledTarget): { siteId: SQL; targetLabel: SQL; siteLabel: SQL } {
  const id = target.targetId === undefined ? undefined : String(target.targetId);
  const readLabel = target.targetType && id !== undefined ? TARGET_LABELS[target.targetType]?.(id, accountId) : null;
  const readSite = target.targetType && id !== undefined ? SITE_OF_TARGET[target.targetType]?.(id, accountId) : null;
  const siteId = target.siteId !== undefined ? sql`${target.siteId}` : (readSite ?? sql`NULL`);
  return {
    siteId,
    targetLabel: sql`coalesce(${target.targetLabel ?? null}, ${readLabel ?? sql`NULL`})`,
    siteLabel: sql`coalesce(${target.siteLabel ?? null}, (SELECT ${SITE_NAME} FROM ${sites} WHERE ${sites.id} = ${siteId} AND ${sites.accountId} = ${accountId}))`,
  };
}

/** The labels and site of a thing as they are now: read before a change that deletes it. */
export async function readLabels(db: Database, accountId: string, target: LabelledTarget): Promise<LabelledTarget> {
  const columns = labelColumns(accountId, target);
  const [row] = await db.all<{ site_id: string | null; target_label: string | null; site_label: string | null }>(
    sql`SELECT ${columns.siteId} AS site_id, ${columns.targetLabel} AS target_label, ${columns.siteLabel} AS site_label`,
  );
  return { ...target, siteId: row?.site_id ?? null, targetLabel: row?.target_label ?? null, siteLabel: row?.site_label ?? null };
}

/** The kinds of thing the panel has a page for, and whether each is still there (a disconnected site is not). */
const STILL_THERE: Record<string, (db: Database, accountId: string, ids: string[]) => Promise<string[]>> = {
  article: async (db, accountId, ids) => {
    const wanted = ids.map(articleIdOf).filter((id): id is number => id !== null);
    const rows = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.accountId, accountId), inArray(articles.id, wanted)));
    return rows.map((row) => String(row.id));
  },
  plan: async (db, accountId, ids) =>
    (
      await db
        .select({ id: plans.id })
        .from(plans)
        .where(and(eq(plans.accountId, accountId), inArray(plans.id, ids)))
    ).map((row) => row.id),
  post: async (db, accountId, ids) =>
    (
      await db
        .select({ id: existingPosts.id })
        .from(existingPosts)
        .where(and(eq(existingPosts.accountId, accountId), inArray(existingPosts.id, ids)))
    ).map((row) => row.id),
  site: async (db, accountId, ids) =>
    (
      await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.accountId, accountId), inArray(sites.id, ids), ne(sites.status, "DISCONNECTED")))
    ).map((row) => row.id),
};

/** Of the things a page of events names, the ones that still exist, as `<type>:<id>` keys; kinds without a page are left out. */
export async function thingsStillThere(
  db: Database,
  accountId: string,
  named: { type: string | null; id: string | null }[],
): Promise<Set<string>> {
  const idsByType = new Map<string, Set<string>>();
  for (const { type, id } of named) {
    if (!type || !id || !STILL_THERE[type]) continue;
    idsByType.set(type, (idsByType.get(type) ?? new Set()).add(id));
  }
  const found = await Promise.all(
    [...idsByType].map(async ([type, ids]) => (await STILL_THERE[type]!(db, accountId, [...ids])).map((id) => `${type}:${id}`)),
  );
  return new Set(found.flat());
}

/** Whether the panel can link to a thing: true or false for kinds it has a page for, null for others. */
export function linkable(there: Set<string>, type: string | null, id: string | null): boolean | null {
  if (!type || !id || !STILL_THERE[type]) return null;
  return there.has(`${type}:${id}`);
}
