import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { WpPost } from "../adapters/wordpress/schemas";
import { followPostEdit } from "../articles/writes";
import { applySentenceEdit } from "../content/link-sentence";
import { AppError } from "../core/errors";
import { htmlToText } from "../core/html-text";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import { linkSuggestions, siteLinks, type LinkSuggestionState } from "../db/schema";
import type { Services } from "../services/container";
import { getSiteOfPlatform } from "../sites/service";
import { withWordPress } from "../sites/site-access";
import { getLinkSuggestion, type LinkSuggestionRow } from "./suggestions";

// Applying a link suggestion to the live post, and undoing it. One conditional claim decides
// among simultaneous calls; the post's raw content is read first and the edit is made against it
// only when the suggested sentence is still there exactly. The content before and after is stored
// before WordPress is written to, so a crash between the two is found out by the retry (the post
// already holds our after-content) and never gives two links.

/** How long an apply or revert holds the suggestion; a crashed one's hold ends then. */
const HOLD_MS = 2 * 60_000;

/** The raw content of the post as WordPress answers it (`context=edit`). */
const rawOf = (post: WpPost) => post.content?.raw ?? post.content?.rendered ?? "";

/**
 * Claims the suggestion for an apply (from suggested or reverted) or a revert (from applied).
 * Answers null when it is already where the operation leads (applying an applied one changes
 * nothing); 409 when another operation holds it or its state does not allow it.
 */
async function claim(services: Services, row: LinkSuggestionRow, operation: "apply" | "revert", now: Date): Promise<boolean> {
  const from: LinkSuggestionState[] = operation === "apply" ? ["suggested", "reverted"] : ["applied"];
  const at = toIsoSeconds(now);
  const claimed = await services.db
    .update(linkSuggestions)
    .set({ busyUntil: toIsoSeconds(new Date(now.getTime() + HOLD_MS)), updatedAt: at })
    .where(
      and(
        eq(linkSuggestions.id, row.id),
        inArray(linkSuggestions.state, from),
        or(isNull(linkSuggestions.busyUntil), lt(linkSuggestions.busyUntil, at)),
      ),
    )
    .returning({ id: linkSuggestions.id });
  if (claimed.length > 0) return true;
  const current = await getLinkSuggestion(services, row.accountId, row.siteId, row.id);
  if ((operation === "apply" && current.state === "applied") || (operation === "revert" && current.state === "reverted")) return false;
  if (current.busyUntil && current.busyUntil >= at)
    throw new AppError(
      "link_suggestion_busy",
      `Another apply or revert of link suggestion ${row.id} is under way; read it again in a moment`,
    );
  if (operation === "apply")
    throw new AppError(
      "link_suggestion_stale",
      `Link suggestion ${row.id} is stale: its sentence is no longer in the post exactly, so it cannot be applied`,
    );
  throw new AppError("link_not_applied", `Link suggestion ${row.id} is ${current.state}, not applied: there is nothing to revert`);
}

/** Runs the claimed operation; a failure gives the claim back at once. */
async function holding<T>(services: Services, id: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    await services.db.update(linkSuggestions).set({ busyUntil: null }).where(eq(linkSuggestions.id, id));
    throw error;
  }
}

/**
 * POST …/links/suggestions/{id}/apply: adds the link to the live post, exactly once. Applying an
 * applied suggestion answers it unchanged. 409 `link_suggestion_stale` (and the suggestion
 * becomes stale) when the sentence is no longer in the post exactly.
 */
export async function applyLinkSuggestion(
  services: Services,
  accountId: string,
  siteId: string,
  id: string,
  now = new Date(),
): Promise<LinkSuggestionRow> {
  const row = await getLinkSuggestion(services, accountId, siteId, id);
  const site = await getSiteOfPlatform(services.db, accountId, siteId, "blog");
  if (!(await claim(services, row, "apply", now))) return getLinkSuggestion(services, accountId, siteId, id);
  return holding(services, id, () =>
    withWordPress(services, site, async (wp) => {
      const current = rawOf(await wp.getPost(row.fromRemoteId));
      // A crash after our write: the post holds what we wrote (or the linked sentence) already.
      if (row.after !== null && row.before !== null && current === row.after) return recordApplied(services, row, row.before, current, now);
      const next = applySentenceEdit(current, row);
      if (next === null) {
        if (current.includes(row.linked)) {
          const before = applySentenceEdit(current, { sentence: row.linked, linked: row.sentence })!;
          return recordApplied(services, row, before, current, now);
        }
        await services.db
          .update(linkSuggestions)
          .set({ state: "stale", busyUntil: null, updatedAt: toIsoSeconds(now) })
          .where(eq(linkSuggestions.id, id));
        throw new AppError(
          "link_suggestion_stale",
          `The sentence of link suggestion ${id} is no longer in the post at ${row.fromUrl} exactly: it was edited since, so the suggestion is stale`,
        );
      }
      // What the post was and will be, stored before WordPress is written to.
      await services.db.update(linkSuggestions).set({ before: current, after: next }).where(eq(linkSuggestions.id, id));
      const updated = await wp.updatePost(row.fromRemoteId, { content: next });
      return recordApplied(services, row, current, rawOf(updated) || next, now);
    }),
  );
}

async function recordApplied(
  services: Services,
  row: LinkSuggestionRow,
  before: string,
  after: string,
  now: Date,
): Promise<LinkSuggestionRow> {
  const at = toIsoSeconds(now);
  await services.db.batch([
    services.db.delete(siteLinks).where(eq(siteLinks.suggestionId, row.id)),
    services.db.insert(siteLinks).values({
      accountId: row.accountId,
      siteId: row.siteId,
      fromPostId: row.fromPostId,
      fromArticleId: row.fromArticleId,
      fromUrl: row.fromUrl,
      toUrl: row.toUrl,
      toKey: row.toKey,
      anchor: row.anchor,
      suggestionId: row.id,
    }),
  ]);
  await followArticle(services, row, after, now);
  const [stored] = await services.db
    .update(linkSuggestions)
    .set({ state: "applied", before, after, appliedAt: at, busyUntil: null, updatedAt: at })
    .where(eq(linkSuggestions.id, row.id))
    .returning();
  log("info", "link_suggestion_applied", { id: row.id, siteId: row.siteId, remoteId: row.fromRemoteId });
  return stored!;
}

/** A post that is one of our articles: our row shows what the page now shows. */
async function followArticle(services: Services, row: LinkSuggestionRow, html: string, now: Date): Promise<void> {
  if (row.fromArticleId === null) return;
  const title = await titleOfArticle(services, row.fromArticleId);
  if (title === null) return;
  await followPostEdit(services, { accountId: row.accountId, siteId: row.siteId, remoteId: row.fromRemoteId }, { title, html }, now);
}

async function titleOfArticle(services: Services, articleId: number): Promise<string | null> {
  const { results } = await services.db.$client.prepare("SELECT title FROM articles WHERE id = ?").bind(articleId).all<{ title: string }>();
  return results[0] ? htmlToText(results[0].title) : null;
}

/**
 * POST …/links/suggestions/{id}/revert: puts the post's content back as it was before the apply,
 * byte for byte. Reverting a reverted suggestion answers it unchanged; 409 `link_not_applied` when
 * it is not applied or the post was edited after the apply (that edit is never overwritten).
 */
export async function revertLinkSuggestion(
  services: Services,
  accountId: string,
  siteId: string,
  id: string,
  now = new Date(),
): Promise<LinkSuggestionRow> {
  const row = await getLinkSuggestion(services, accountId, siteId, id);
  const site = await getSiteOfPlatform(services.db, accountId, siteId, "blog");
  if (!(await claim(services, row, "revert", now))) return getLinkSuggestion(services, accountId, siteId, id);
  return holding(services, id, () =>
    withWordPress(services, site, async (wp) => {
      const current = rawOf(await wp.getPost(row.fromRemoteId));
      const before = row.before ?? "";
      if (current !== before) {
        if (current !== row.after)
          throw new AppError(
            "link_not_applied",
            `The post at ${row.fromUrl} was edited after link suggestion ${id} was applied; reverting would overwrite that edit`,
          );
        await wp.updatePost(row.fromRemoteId, { content: before });
      }
      const at = toIsoSeconds(now);
      await services.db.delete(siteLinks).where(eq(siteLinks.suggestionId, id));
      await followArticle(services, row, before, now);
      const [stored] = await services.db
        .update(linkSuggestions)
        .set({ state: "reverted", revertedAt: at, busyUntil: null, updatedAt: at })
        .where(eq(linkSuggestions.id, id))
        .returning();
      log("info", "link_suggestion_reverted", { id, siteId, remoteId: row.fromRemoteId });
      return stored!;
    }),
  );
}
