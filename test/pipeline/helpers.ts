import { createMessageBatch, introspectWorkflowInstance } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { articleImages, articles, charges, itemRuns, planItems, uploads } from "../../src/db/schema";
import { handleQueueBatch } from "../../src/jobs/queues";
import { runInstanceId } from "../../src/pipeline/run-params";
import type { Services } from "../../src/services/container";
import { call, db, testEnv, testServices, useServices, webhookQueue } from "../harness";
import { createPlanVia, planVia, type PlanBody } from "../plans/helpers";

/** A generation queue that keeps what is sent, so a test sees the clock's messages without a consumer running them. */
export function useRecordingQueue() {
  const sent: Record<string, unknown>[] = [];
  const generation = {
    send: async (body: unknown) => void sent.push(body as Record<string, unknown>),
    sendBatch: async (messages: Iterable<MessageSendRequest<unknown>>) => {
      for (const message of messages) sent.push(message.body as Record<string, unknown>);
    },
  } as unknown as Queue<unknown>;
  useServices({ queues: { generation, webhooks: webhookQueue.queue } });
  return { sent };
}

/** Hands the messages the clock sent (and clears them) to the generation queue's consumer, as the queue would. */
export async function deliverRuns(sent: Record<string, unknown>[]) {
  const batch = createMessageBatch(
    "content-autopilot-generation",
    sent.splice(0).map((body, i) => ({ id: `m${i}-${Math.random()}`, timestamp: new Date(), attempts: 1, body })),
  );
  await handleQueueBatch(batch, testServices());
}

/** A DRAFT plan of `count` items for the site, written by the offline providers. */
export async function offlinePlan(token: string, siteId: string, fields: Record<string, unknown> = {}): Promise<PlanBody> {
  // The fake WordPress lives at a real-looking address: publish as tests always have (a plan
  // without a mode would wait for review there, src/plans/defaults.ts).
  return createPlanVia(token, { siteId, articleCount: 2, cadencePerWeek: 3, publishMode: "publish", ...fields });
}

export async function approvedPlan(token: string, siteId: string, fields: Record<string, unknown> = {}): Promise<PlanBody> {
  const plan = await offlinePlan(token, siteId, fields);
  const { status, body } = await planVia(token, plan.id, "approve");
  if (status !== 200) throw new Error(`approve failed: ${status}`);
  return body;
}

export function runNow(token: string, itemId: string) {
  return call(`/api/autopilot/items/${itemId}/run`, { method: "POST", token });
}

/** Watches run `attempt` of the item with Workflows' introspection, retry delays off. Dispose it (await using). */
export async function watchRun(itemId: string, attempt = 1) {
  const instance = await introspectWorkflowInstance(testEnv.ITEM_PIPELINE, runInstanceId({ itemId, attempt }));
  await instance.modify(async (m) => {
    await m.disableRetryDelays();
    await m.disableSleeps();
  });
  return instance;
}

export async function itemRow(itemId: string) {
  return (await db().select().from(planItems).where(eq(planItems.id, itemId)))[0]!;
}

export async function articlesOfItem(itemId: string) {
  return db().select().from(articles).where(eq(articles.planItemId, itemId));
}

export async function imagesOf(articleId: number) {
  return db().select().from(articleImages).where(eq(articleImages.articleId, articleId));
}

export async function chargesOf(accountId: string) {
  return db().select().from(charges).where(eq(charges.accountId, accountId)).orderBy(charges.createdAt);
}

export async function runRecord(itemId: string, attempt: number) {
  return (
    await db()
      .select()
      .from(itemRuns)
      .where(and(eq(itemRuns.itemId, itemId), eq(itemRuns.attempt, attempt)))
  )[0];
}

export async function uploadsOf(accountId: string) {
  return db().select().from(uploads).where(eq(uploads.accountId, accountId));
}

export type { Services };
