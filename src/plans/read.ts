import type { z } from "@hono/zod-openapi";
import { getResearch } from "../research/research";
import { toItemResearch } from "../research/schemas";
import { toPlanItem, type PlanItemDetailSchema } from "./schemas";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { notFound } from "../core/errors";
import { articles, PLAN_ITEM_STATUSES, planItems, plans, type PlanItemStatus } from "../db/schema";

export type PlanRow = typeof plans.$inferSelect;
export type PlanItemRow = typeof planItems.$inferSelect;
export type ItemCounts = Record<PlanItemStatus, number>;

export interface PlanItemDetail extends PlanItemRow {
  articleUrl: string | null;
}

export interface PlanDetail {
  plan: PlanRow;
  items: PlanItemDetail[];
  counts: ItemCounts;
}

export async function getPlanRow(db: Database, accountId: string, planId: string): Promise<PlanRow> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.accountId, accountId)));
  if (!plan) throw notFound("Plan");
  return plan;
}

/** One plan item of the account (404 when the account has no such item). */
export async function getPlanItemRow(db: Database, accountId: string, itemId: string): Promise<PlanItemRow> {
  const [item] = await db
    .select()
    .from(planItems)
    .where(and(eq(planItems.id, itemId), eq(planItems.accountId, accountId)));
  if (!item) throw notFound("Plan item");
  return item;
}

/** A plan of the account with its items in order, each with its article's URL once published. */
export async function getPlan(db: Database, accountId: string, planId: string): Promise<PlanDetail> {
  const [planRows, itemRows] = await db.batch([
    db
      .select()
      .from(plans)
      .where(and(eq(plans.id, planId), eq(plans.accountId, accountId))),
    db
      .select({ item: planItems, articleUrl: articles.publicationUrl })
      .from(planItems)
      .leftJoin(articles, eq(articles.id, planItems.articleId))
      .where(and(eq(planItems.planId, planId), eq(planItems.accountId, accountId)))
      .orderBy(planItems.position),
  ]);
  const plan = planRows[0];
  if (!plan) throw notFound("Plan");
  const items = itemRows.map(({ item, articleUrl }) => ({ ...item, articleUrl }));
  return { plan, items, counts: countStatuses(items.map((item) => [item.status, 1])) };
}

/** A page of the account's plans, newest first, each with its item counts by status. */
export async function listPlans(db: Database, accountId: string, page: { page: number; perPage: number; siteIds?: string[] | null }) {
  const where = and(eq(plans.accountId, accountId), page.siteIds ? inArray(plans.siteId, page.siteIds) : undefined);
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(plans)
      .where(where)
      .orderBy(desc(plans.createdAt), desc(plans.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ total: count() }).from(plans).where(where),
  ]);
  const tallies =
    rows.length === 0
      ? []
      : await db
          .select({ planId: planItems.planId, status: planItems.status, n: sql<number>`count(*)` })
          .from(planItems)
          .where(
            inArray(
              planItems.planId,
              rows.map((row) => row.id),
            ),
          )
          .groupBy(planItems.planId, planItems.status);
  return {
    rows: rows.map((plan) => ({ plan, counts: countStatuses(tallies.filter((t) => t.planId === plan.id).map((t) => [t.status, t.n])) })),
    total: total?.total ?? 0,
  };
}

function countStatuses(entries: [PlanItemStatus, number][]): ItemCounts {
  const counts = Object.fromEntries(PLAN_ITEM_STATUSES.map((status) => [status, 0])) as ItemCounts;
  for (const [status, n] of entries) counts[status] += n;
  return counts;
}

export interface AccountItemFilter {
  status?: PlanItemStatus;
  siteId?: string;
  /** A member limited to some sites sees only theirs. */
  siteIds?: string[] | null;
  page: number;
  perPage: number;
}

/**
 * A page of the account's plan items across plans: SCHEDULED ones by when they start (what is
 * next), others most recently changed first (what just failed or published).
 */
export async function listAccountItems(db: Database, accountId: string, filter: AccountItemFilter) {
  const where = and(
    eq(planItems.accountId, accountId),
    filter.status ? eq(planItems.status, filter.status) : undefined,
    filter.siteId ? eq(planItems.siteId, filter.siteId) : undefined,
    filter.siteIds ? inArray(planItems.siteId, filter.siteIds) : undefined,
  );
  const order =
    filter.status === "SCHEDULED" ? [asc(planItems.scheduledAt), asc(planItems.id)] : [desc(planItems.updatedAt), desc(planItems.id)];
  const [rows, [total]] = await db.batch([
    db
      .select({ item: planItems, articleUrl: articles.publicationUrl })
      .from(planItems)
      .leftJoin(articles, eq(articles.id, planItems.articleId))
      .where(where)
      .orderBy(...order)
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
    db.select({ total: count() }).from(planItems).where(where),
  ]);
  return { items: rows.map(({ item, articleUrl }) => ({ ...item, articleUrl })), total: total?.total ?? 0 };
}

/** GET /autopilot/items/{itemId}: the item, its plan and site, and the research of its keyword. */
export async function planItemDetail(db: Database, accountId: string, itemId: string): Promise<z.infer<typeof PlanItemDetailSchema>> {
  const [row] = await db
    .select({ item: planItems, articleUrl: articles.publicationUrl })
    .from(planItems)
    .leftJoin(articles, eq(articles.id, planItems.articleId))
    .where(and(eq(planItems.id, itemId), eq(planItems.accountId, accountId)));
  if (!row) throw notFound("Plan item");
  const research = row.item.researchId ? await getResearch(db, accountId, row.item.researchId) : null;
  return {
    ...toPlanItem({ ...row.item, articleUrl: row.articleUrl }),
    planId: row.item.planId,
    siteId: row.item.siteId,
    research: research ? toItemResearch(research) : null,
  };
}
