import { and, count, desc, eq, lt } from "drizzle-orm";
import { generateStructured } from "../adapters/text-model/structured";
import { refundCharge, reserveCredits, settleCharge } from "../billing/charges";
import { notifyLowFunds } from "../email/events";
import { AppError } from "../core/errors";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { chatMessages, planItems, existingPosts } from "../db/schema";
import { modelsForAccount } from "../billing/account-models";
import type { Services } from "../services/container";
import { BriefSchema, briefOf, getBrief, writeBrief } from "../sites/brief";
import { getSite, type SiteRow } from "../sites/service";
import { chatTurnTask, mergeBrief, type BriefUpdate, type ChatTurnInput } from "./chat-task";

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** Messages of the history the agent is shown with each new one (both roles). */
export const CHAT_HISTORY_WINDOW = 20;
export const MAX_CHAT_MESSAGE_CHARS = 4000;
const POSTS_FOR_AGENT = 50;
const PLAN_ITEMS_FOR_AGENT = 50;

/**
 * POST /sites/{siteId}/chat: one turn with the site's agent. The user's message is stored
 * first (its id names the charge), the agent answers from the brief, the existing posts, the plans
 * and the last CHAT_HISTORY_WINDOW messages, and the facts it found are merged into the brief
 * in the same batch that stores the reply. Charged CHAT_PRICE_TRY when above 0 (credits
 * accounts only): reserved first, settled once the reply is stored. When anything fails
 * (402, the model, a disconnected site) the user's message is removed again and the charge
 * refunded: the history and the brief stay as they were.
 */
export async function chatWithSiteAgent(
  services: Services,
  accountId: string,
  siteId: string,
  message: string,
  now = new Date(),
): Promise<{ reply: string; briefUpdated: boolean }> {
  const { db } = services;
  const site = await getSite(db, accountId, siteId);
  const models = await modelsForAccount(services, accountId);
  const [asked] = await db
    .insert(chatMessages)
    .values({ accountId, siteId, role: "user", content: message, createdAt: toIsoSeconds(now) })
    .returning({ id: chatMessages.id });
  const reference = `chat:${siteId}:${asked!.id}`;
  const price = services.config.billing.chatPriceKurus;
  let reserved = false;
  let turn: { reply: string; briefUpdated: boolean };
  try {
    if (price > 0 && !models.byok) {
      await reserveCredits(db, { accountId, reference, kind: "chat", amountKurus: price, note: "Message to the site agent", siteId, now });
      reserved = true;
    }
    const brief = briefOf(site);
    const input: ChatTurnInput = { siteUrl: site.url, language: site.language, brief, message, ...(await contextOf(db, site, asked!.id)) };
    const { value, usage } = await generateStructured(models.text, chatTurnTask(brief), input);
    turn = { reply: value.reply, briefUpdated: await storeTurn(db, accountId, siteId, value.reply, value.briefUpdate, new Date()) };
    log("info", "site_agent_replied", {
      siteId,
      messageId: asked!.id,
      briefUpdated: turn.briefUpdated,
      provider: models.text.provider,
      costUsd: usage.costUsd,
    });
  } catch (error) {
    await db.delete(chatMessages).where(eq(chatMessages.id, asked!.id));
    if (reserved) await refundCharge(db, { accountId, reference, now: new Date() });
    log("warn", "site_agent_failed", { siteId, error: String(error) });
    throw error;
  }
  if (reserved) {
    await settleCharge(db, { accountId, reference, now: new Date() });
    // After the settle, not the reservation: a refunded message never took the balance anywhere.
    await notifyLowFunds(services, accountId, now);
  }
  return turn;
}

/**
 * Stores the agent's reply, and the brief with the update merged onto it as it is now (a PUT
 * during the model call keeps the fields the update does not name), in one batch. True when
 * the brief changed; an update that changes nothing leaves the stored brief untouched.
 */
async function storeTurn(
  db: Database,
  accountId: string,
  siteId: string,
  reply: string,
  update: BriefUpdate | null,
  now: Date,
): Promise<boolean> {
  const at = toIsoSeconds(now);
  const answer = (briefUpdated: boolean) =>
    db.insert(chatMessages).values({ accountId, siteId, role: "assistant", content: reply, briefUpdated, createdAt: at });
  if (!update) {
    await answer(false);
    return false;
  }
  const { brief } = await getBrief(db, accountId, siteId);
  const merged = BriefSchema.safeParse(mergeBrief(brief, update));
  if (!merged.success)
    throw new AppError(
      "brief_changed",
      "The brief changed while the agent was answering and its update no longer fits; send the message again",
    );
  if (JSON.stringify(merged.data) === JSON.stringify(brief)) {
    await answer(false);
    return false;
  }
  await db.batch([writeBrief(db, accountId, siteId, merged.data, at), answer(true)]);
  return true;
}

/** What the agent knows besides the brief: the existing posts, the plans, and the conversation before message `before`. */
async function contextOf(db: Database, site: SiteRow, before: number) {
  const [[posts], recentPosts, [items], recentItems, history] = await db.batch([
    db.select({ total: count() }).from(existingPosts).where(eq(existingPosts.siteId, site.id)),
    db
      .select({ title: existingPosts.title, url: existingPosts.url })
      .from(existingPosts)
      .where(eq(existingPosts.siteId, site.id))
      .orderBy(desc(existingPosts.modifiedAt), desc(existingPosts.remoteId))
      .limit(POSTS_FOR_AGENT),
    db.select({ total: count() }).from(planItems).where(eq(planItems.siteId, site.id)),
    db
      .select({ title: planItems.title, targetKeyword: planItems.targetKeyword, status: planItems.status })
      .from(planItems)
      .where(eq(planItems.siteId, site.id))
      .orderBy(desc(planItems.createdAt), desc(planItems.planId), planItems.position)
      .limit(PLAN_ITEMS_FOR_AGENT),
    db
      .select({ role: chatMessages.role, content: chatMessages.content })
      .from(chatMessages)
      .where(and(eq(chatMessages.siteId, site.id), lt(chatMessages.id, before)))
      .orderBy(desc(chatMessages.id))
      .limit(CHAT_HISTORY_WINDOW),
  ]);
  return {
    postCount: posts?.total ?? 0,
    posts: recentPosts,
    planItemCount: items?.total ?? 0,
    planItems: recentItems,
    history: history.reverse(),
  };
}

/** GET /sites/{siteId}/chat: a page of the site's conversation, newest first (by id, which only grows). */
export async function listChatMessages(
  db: Database,
  accountId: string,
  siteId: string,
  query: { page: number; perPage: number },
): Promise<{ rows: ChatMessageRow[]; total: number }> {
  await getSite(db, accountId, siteId);
  const mine = and(eq(chatMessages.siteId, siteId), eq(chatMessages.accountId, accountId));
  const [[counted], rows] = await db.batch([
    db.select({ total: count() }).from(chatMessages).where(mine),
    db
      .select()
      .from(chatMessages)
      .where(mine)
      .orderBy(desc(chatMessages.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
