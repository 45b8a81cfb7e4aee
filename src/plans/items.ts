import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { lowerCaseIn } from "../adapters/keyword-research/seeds";
import { generateStructured } from "../adapters/text-model/structured";
import { modelsForAccount } from "../billing/account-models";
import type { Database } from "../db/client";
import { AppError } from "../core/errors";
import { newId } from "../core/ids";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import { articles, type ItemSuggestion, type PlanItemOverlap, planItems, searchQueries } from "../db/schema";
import type { Services } from "../services/container";
import { briefOf } from "../sites/brief";
import { getSite, type SiteRow } from "../sites/service";
import { keywordKey } from "./keyword-key";
import { OverlapIndex, overlapTopic, suggestionFor } from "./overlap";
import { getPlanItemRow, getPlanRow, type PlanItemRow, type PlanRow } from "./read";
import { cadenceIntervalSeconds, completePlanIfDone } from "./state";
import { planTitlesTask } from "./tasks";

/** Items a user may still change: nothing has started on them. */
const EDITABLE = ["PLANNED", "SCHEDULED"] as const;

const startedConflict = (item: PlanItemRow, action: string) =>
  new AppError("plan_item_not_editable", `Plan item ${item.id} is ${item.status}; only PLANNED or SCHEDULED items can be ${action}`);

/**
 * Changes an unstarted item's title, target keyword or suggestion (409 once it is queued or
 * later). A new keyword is compared with the site again (its overlap and suggestion follow);
 * `improve` needs an overlap naming a post of the inventory (409 item_not_improvable).
 */
export async function updatePlanItem(
  db: Database,
  accountId: string,
  itemId: string,
  changes: { title?: string; targetKeyword?: string; suggestion?: ItemSuggestion },
  now = new Date(),
): Promise<PlanItemRow> {
  const item = await getPlanItemRow(db, accountId, itemId);
  let overlap = item.overlap;
  if (changes.targetKeyword !== undefined) {
    const site = await getSite(db, accountId, item.siteId);
    overlap = (await OverlapIndex.load(db, site)).find(changes.targetKeyword, item.id);
  }
  const suggestion = changes.suggestion ?? (changes.targetKeyword !== undefined ? suggestionFor(overlap) : item.suggestion);
  if (suggestion === "improve" && !overlap?.postId)
    throw new AppError(
      "item_not_improvable",
      `Plan item ${itemId} overlaps no post of the site's inventory, so there is nothing to improve instead; it can only be written new`,
    );
  const [updated] = await db
    .update(planItems)
    .set({
      ...changes,
      overlap,
      suggestion,
      // A new keyword is researched afresh by the next run.
      ...(changes.targetKeyword !== undefined ? { keywordKey: keywordKey(changes.targetKeyword), researchId: null } : {}),
      updatedAt: toIsoSeconds(now),
    })
    // The status test is in the statement: an item the clock queues meanwhile is not changed.
    .where(and(eq(planItems.id, itemId), eq(planItems.accountId, accountId), inArray(planItems.status, EDITABLE)))
    .returning();
  // Nothing changed: the item is missing (404) or has started (409).
  if (!updated) throw startedConflict(await getPlanItemRow(db, accountId, itemId), "changed");
  return updated;
}

/** Removes an unstarted item from its plan (409 once it is queued or later). */
export async function deletePlanItem(db: Database, accountId: string, itemId: string): Promise<void> {
  const [deleted] = await db
    .delete(planItems)
    .where(and(eq(planItems.id, itemId), eq(planItems.accountId, accountId), inArray(planItems.status, EDITABLE)))
    .returning({ planId: planItems.planId });
  if (!deleted) throw startedConflict(await getPlanItemRow(db, accountId, itemId), "deleted");
  await completePlanIfDone(db, deleted.planId);
}

/**
 * Research has no figure for a keyword added by hand, and an item needs a competition level:
 * the middle one (the plan builder does the same for Search Console queries research did not return).
 */
const UNMEASURED_COMPETITION = "MEDIUM";

/**
 * Adds one item for `keyword` to a plan that is not COMPLETED (409 plan_completed), after its
 * last item: in a DRAFT or PAUSED plan it waits PLANNED (approving schedules it with the rest);
 * in an ACTIVE plan it is SCHEDULED one cadence interval after the plan's last scheduled item,
 * or now when that slot has passed. 409 keyword_already_planned when an item or article of the
 * site targets the keyword (the same key). Without a title the account's text model writes one.
 * The monthly volume is the keyword's Search Console impressions over 28 days as a month (0 when
 * the site has none): nothing is researched for one item.
 */
export async function addPlanItem(
  services: Services,
  accountId: string,
  planId: string,
  input: { keyword: string; title?: string },
  now = new Date(),
): Promise<PlanItemRow> {
  const { db } = services;
  const plan = await getPlanRow(db, accountId, planId);
  if (plan.status === "COMPLETED") throw completedConflict(planId);
  const key = keywordKey(input.keyword);
  if (await keywordTargeted(db, plan, key)) throw alreadyPlanned(input.keyword, plan.siteId);
  const site = await getSite(db, accountId, plan.siteId);
  const overlap = (await OverlapIndex.load(db, site)).find(input.keyword);
  if (overlap) await assertNewTopic(db, planId, overlap, input.keyword);
  const suggestion = suggestionFor(overlap);
  const title = input.title ?? (await writeTitle(services, accountId, site, input.keyword));
  const monthlyVolume = await searchConsoleVolume(db, plan.siteId, lowerCaseIn(input.keyword, site.language));

  const id = newId("item");
  const at = toIsoSeconds(now);
  const nowEpoch = Math.floor(now.getTime() / 1000);
  const interval = cadenceIntervalSeconds(plan.cadencePerWeek);
  // One statement: the plan's status, the next position, the slot and the keyword check are read
  // where the row is written, so a plan paused, completed or given the same keyword meanwhile
  // gets no item (or no SCHEDULED item in a paused plan).
  await db.run(sql`
      INSERT INTO plan_items (id, plan_id, account_id, site_id, position, title, target_keyword, keyword_key, monthly_volume, competition, status, scheduled_at, overlap, suggestion, cluster_role, pillar_item_id, created_at, updated_at)
      SELECT ${id}, plans.id, plans.account_id, plans.site_id,
        (SELECT coalesce(max(position), 0) + 1 FROM plan_items WHERE plan_id = plans.id),
        ${title}, ${input.keyword}, ${key}, ${monthlyVolume}, ${UNMEASURED_COMPETITION},
        CASE plans.status WHEN 'ACTIVE' THEN 'SCHEDULED' ELSE 'PLANNED' END,
        CASE plans.status WHEN 'ACTIVE' THEN strftime('%Y-%m-%dT%H:%M:%SZ', max(${nowEpoch}, coalesce(
          (SELECT max(CAST(strftime('%s', scheduled.scheduled_at) AS INTEGER)) FROM plan_items AS scheduled
            WHERE scheduled.plan_id = plans.id AND scheduled.scheduled_at IS NOT NULL) + ${interval}, ${nowEpoch})), 'unixepoch') END,
        ${overlap ? JSON.stringify(overlap) : null}, ${suggestion},
        CASE WHEN plans.cluster IS NOT NULL THEN 'spoke' END,
        (SELECT pillar.id FROM plan_items AS pillar WHERE pillar.plan_id = plans.id AND pillar.cluster_role = 'pillar'),
        ${at}, ${at}
      FROM plans
      WHERE plans.id = ${planId} AND plans.account_id = ${accountId} AND plans.status IN ('DRAFT', 'ACTIVE', 'PAUSED')
        AND NOT EXISTS (SELECT 1 FROM plan_items WHERE site_id = plans.site_id AND keyword_key = ${key})`);
  const [item] = await db.select().from(planItems).where(eq(planItems.id, id));
  if (!item) {
    const current = await getPlanRow(db, accountId, planId);
    if (current.status === "COMPLETED") throw completedConflict(planId);
    throw alreadyPlanned(input.keyword, plan.siteId);
  }
  log("info", "plan_item_added", { planId, itemId: id, status: item.status });
  return item;
}

/** 409 keyword_same_topic when an item of the plan already stands for the overlap's topic. */
async function assertNewTopic(db: Database, planId: string, overlap: PlanItemOverlap, keyword: string): Promise<void> {
  const topic = overlapTopic(overlap);
  const others = await db.select({ id: planItems.id, overlap: planItems.overlap }).from(planItems).where(eq(planItems.planId, planId));
  const same = others.find((other) => other.id === overlap.itemId || (other.overlap !== null && overlapTopic(other.overlap) === topic));
  if (same)
    throw new AppError(
      "keyword_same_topic",
      `Item ${same.id} of plan ${planId} is already on the topic of '${keyword}' (${overlap.kind === "page" ? `both overlap ${overlap.url}` : `their research shares ${overlap.sharedResults} top-10 results`}); a plan holds one item per topic`,
    );
}

const completedConflict = (planId: string) =>
  new AppError("plan_completed", `Plan ${planId} is COMPLETED; add the keyword to another plan, or create a new one`);

const alreadyPlanned = (keyword: string, siteId: string) =>
  new AppError(
    "keyword_already_planned",
    `An item or article of site ${siteId} already targets '${keyword}' (the same words in any order or case); choose another keyword`,
  );

/** Whether an item of the site's plans or an article of the site targets the key. */
export async function keywordTargeted(db: Database, plan: Pick<PlanRow, "accountId" | "siteId">, key: string): Promise<boolean> {
  const [items, written] = await db.batch([
    db
      .select({ id: planItems.id })
      .from(planItems)
      .where(and(eq(planItems.siteId, plan.siteId), eq(planItems.keywordKey, key)))
      .limit(1),
    db
      .select({ keyword: articles.targetKeyword })
      .from(articles)
      .where(and(eq(articles.accountId, plan.accountId), eq(articles.siteId, plan.siteId), isNotNull(articles.targetKeyword))),
  ]);
  return items.length > 0 || written.some((article) => keywordKey(article.keyword ?? "") === key);
}

async function writeTitle(services: Services, accountId: string, site: SiteRow, keyword: string): Promise<string> {
  const models = await modelsForAccount(services, accountId);
  const titles = await generateStructured(models.text, planTitlesTask(1), {
    language: site.language,
    brief: briefOf(site),
    keywords: [keyword],
  });
  log("info", "plan_item_titled", { siteId: site.id, textProvider: models.text.provider, costUsd: titles.usage.costUsd });
  return titles.value.titles[0]!;
}

/** The query's Search Console impressions over the 28 days, scaled to a month. */
async function searchConsoleVolume(db: Database, siteId: string, query: string): Promise<number> {
  const [row] = await db
    .select({ impressions: sql<number | null>`sum(${searchQueries.impressions})` })
    .from(searchQueries)
    .where(and(eq(searchQueries.siteId, siteId), eq(searchQueries.query, query)));
  return Math.round(((row?.impressions ?? 0) * 30) / 28);
}
