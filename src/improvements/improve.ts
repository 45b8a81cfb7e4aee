import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { addUsage, type ProviderUsage } from "../adapters/provider-usage";
import { generateStructured } from "../adapters/text-model/structured";
import { wpGmt, type WpPost } from "../adapters/wordpress/schemas";
import { queueIndexNow } from "../articles/index-now";
import { followPostEdit } from "../articles/writes";
import { refundCharge, settleCharge } from "../billing/charges";
import { reserveGeneration } from "../billing/generation-charge";
import { notifyLowFunds } from "../email/events";
import { AppError, notFound } from "../core/errors";
import { countWords, htmlToText } from "../core/html-text";
import { withCitationRel } from "../content/quality/citations";
import { storedSignatureOf } from "../content/quality/minhash";
import { researchDigest } from "../content/research-digest";
import { log } from "../core/logger";
import { escapeHtmlText } from "../core/plain-text";
import { sanitizeHtml } from "../core/sanitize-html";
import { toIsoSeconds } from "../core/time";
import { postImprovements, existingPosts, type PostSuggestion, type PostVersion } from "../db/schema";
import { modelsForAccount } from "../billing/account-models";
import type { Services } from "../services/container";
import { briefOf } from "../sites/brief";
import { getSiteOfPlatform, type SiteRow } from "../sites/service";
import { withWordPress } from "../sites/site-access";
import type { ResearchRow } from "../research/research";
import { checkSuggestion, copiedFromSource } from "./checks";
import { improvePostTask, type ImproveInput } from "./improve-task";
import { postQuality, researchOfRun } from "./research";

export type ImprovementRow = typeof postImprovements.$inferSelect;

/** What an improvement aims at besides the post's own title: the keyword researched and an extra instruction to the model. */
export interface ImproveFocus {
  keyword?: string;
  instruction?: string;
}
type PostRow = typeof existingPosts.$inferSelect;

/** New internal links offered to the model: other existing posts. */
const LINK_CANDIDATES = 50;

/** The scanned post of the account with its blog site; 404 for another account's or a missing one. */
async function postOf(services: Services, accountId: string, postId: string): Promise<{ post: PostRow; site: SiteRow }> {
  const [post] = await services.db
    .select()
    .from(existingPosts)
    .where(and(eq(existingPosts.id, postId), eq(existingPosts.accountId, accountId)));
  if (!post) throw notFound("Post");
  const site = await getSiteOfPlatform(services.db, accountId, post.siteId, "blog");
  return { post, site };
}

export async function getImprovement(
  services: Services,
  accountId: string,
  postId: string,
): Promise<{ post: PostRow; improvement: ImprovementRow | undefined }> {
  const { post } = await postOf(services, accountId, postId);
  const [improvement] = await services.db.select().from(postImprovements).where(eq(postImprovements.postId, postId));
  return { post, improvement };
}

/** The post's title and HTML as its author wrote them (`context=edit` gives the raw fields). */
function versionOf(remote: WpPost): PostVersion {
  return {
    title: remote.title?.raw ?? htmlToText(remote.title?.rendered ?? ""),
    html: remote.content?.raw ?? remote.content?.rendered ?? "",
  };
}

/** Brings the existing-post row up to date with the post as WordPress has it now (and sets `improvementStatus` when given). */
async function refreshExistingPost(
  services: Services,
  post: PostRow,
  remote: WpPost,
  now: Date,
  improvementStatus?: PostRow["improvementStatus"],
): Promise<PostRow> {
  const version = versionOf(remote);
  const text = htmlToText(remote.content?.rendered ?? version.html);
  const [row] = await services.db
    .update(existingPosts)
    .set({
      title: htmlToText(remote.title?.rendered ?? version.title),
      url: remote.link ?? post.url,
      modifiedAt: wpGmt(remote.modified_gmt),
      wordCount: countWords(text),
      similaritySignature: storedSignatureOf(text),
      improvementStatus,
      updatedAt: toIsoSeconds(now),
    })
    .where(eq(existingPosts.id, post.id))
    .returning();
  return row ?? post;
}

/**
 * POST /sites/posts/{postId}/improve: reads the post from WordPress (rescanning it when it
 * changed since the sync), researches its keyword (its title) once for the run, asks the text
 * model for an improved version written against that research, checks it (a second round names
 * the failures; failing again is 422), scores the post before and after against the research,
 * stores it as the post's suggestion and charges the improvement price: reserved first (402/403
 * before any work), settled when stored, refunded on any failure. Each run replaces the
 * suggestion and is charged (and researched) on its own. With `charged: false` the caller holds
 * the charge (a plan item's run, src/pipeline/steps/improve-item.ts): nothing is reserved here.
 * `focus` (site health's merge and differentiate) names the keyword to research instead of the
 * title and adds an instruction.
 */
export async function improvePost(
  services: Services,
  accountId: string,
  postId: string,
  now = new Date(),
  options: { charged?: boolean; focus?: ImproveFocus } = {},
) {
  const charged = options.charged ?? true;
  const focus = options.focus ?? {};
  const { post, site } = await postOf(services, accountId, postId);
  const remote = await withWordPress(services, site, (wp) => wp.getPost(post.remoteId));
  if (wpGmt(remote.modified_gmt) !== post.modifiedAt) {
    log("info", "improve_post_rescanned", { postId, was: post.modifiedAt, now: wpGmt(remote.modified_gmt) });
    await refreshExistingPost(services, post, remote, now);
  }

  const at = toIsoSeconds(now);
  const [claimed] = await services.db
    .insert(postImprovements)
    .values({ postId, accountId, siteId: site.id, run: 1, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: postImprovements.postId, set: { run: sql`${postImprovements.run} + 1`, updatedAt: at } })
    .returning({ run: postImprovements.run });
  const run = claimed!.run;
  const reference = `improve:${postId}:${run}`;
  const models = await modelsForAccount(services, accountId);
  const charge = charged
    ? (
        await reserveGeneration(services.db, services.config.billing, {
          accountId,
          reference,
          kind: "improvement",
          model: models.text.model,
          note: post.title,
          siteId: site.id,
          now,
        })
      ).charge
    : { amountKurus: 0 };
  if (charged) await notifyLowFunds(services, accountId, now);

  try {
    const source = versionOf(remote);
    const research = await researchOfRun(
      services,
      reference,
      {
        accountId,
        siteId: site.id,
        siteUrl: site.url,
        keyword: focus.keyword ?? (htmlToText(source.title) || post.title),
        language: site.language,
      },
      now,
    );
    const { suggestion, usage } = await writeSuggestion(services, site, post, source, research, models.text, focus.instruction);
    const suggestedAt = toIsoSeconds(new Date());
    const [stored] = await services.db
      .update(postImprovements)
      .set({
        suggestion,
        source: { title: source.title, html: sanitizeHtml(source.html) },
        sourceModifiedAt: wpGmt(remote.modified_gmt),
        usage,
        suggestedAt,
        previous: null,
        appliedModifiedAt: null,
        appliedAt: null,
        revertedAt: null,
        updatedAt: suggestedAt,
      })
      .where(and(eq(postImprovements.postId, postId), eq(postImprovements.run, run)))
      .returning();
    if (!stored)
      throw new AppError(
        "improvement_superseded",
        `A newer improvement of post ${postId} started meanwhile; its suggestion replaces this one`,
      );
    const [current] = await services.db
      .update(existingPosts)
      .set({ improvementStatus: "SUGGESTED" })
      .where(eq(existingPosts.id, postId))
      .returning();
    if (charged) await settleCharge(services.db, { accountId, reference, now: new Date() });
    log("info", "improve_post_suggested", { postId, siteId: site.id, run, provider: models.text.provider });
    return { post: current ?? post, improvement: stored, chargedKurus: charge.amountKurus };
  } catch (error) {
    if (charged) await refundCharge(services.db, { accountId, reference, now: new Date() });
    log("warn", "improve_post_failed", { postId, run, error: String(error) });
    throw error;
  }
}

async function writeSuggestion(
  services: Services,
  site: SiteRow,
  post: PostRow,
  current: PostVersion,
  research: ResearchRow,
  model: Awaited<ReturnType<typeof modelsForAccount>>["text"],
  instruction?: string,
) {
  const originalHtml = sanitizeHtml(current.html);
  const brief = briefOf(site);
  const originalWords = countWords(htmlToText(originalHtml));
  const others = await services.db
    .select({ title: existingPosts.title, url: existingPosts.url })
    .from(existingPosts)
    .where(and(eq(existingPosts.siteId, site.id), ne(existingPosts.id, post.id)))
    .limit(LINK_CANDIDATES);
  const input: ImproveInput = {
    language: site.language,
    siteUrl: site.url,
    brief,
    title: current.title,
    html: current.html,
    url: post.url,
    minWords: Math.max(1, Math.floor(originalWords * 0.9)),
    internalLinks: others,
    research: research.sources.length > 0 ? researchDigest(research, site.language) : null,
    failures: [],
    ...(instruction ? { instruction } : {}),
  };
  const measured = {
    accountId: post.accountId,
    siteId: site.id,
    language: site.language,
    researchId: research.id,
    remoteId: post.remoteId,
  };
  const before = await postQuality(services, measured, originalHtml);
  const sourceUrls = research.sources.map((page) => page.url);
  let usage: ProviderUsage | null = null;
  for (let round = 1; round <= 2; round += 1) {
    const answer = await generateStructured(model, improvePostTask, input);
    usage = usage ? addUsage(usage, answer.usage) : answer.usage;
    const html = withCitationRel(sanitizeHtml(answer.value.html), sourceUrls, brief.citationRel);
    const after = await postQuality(services, measured, html);
    const suggestion: PostSuggestion = { ...answer.value, html, researchId: research.id, quality: { before, after } };
    const failures = [
      ...checkSuggestion(suggestion, { siteUrl: site.url, originalHtml, minWords: input.minWords, internalLinks: others }),
      ...copiedFromSource({ before, after }),
    ];
    if (failures.length === 0) return { suggestion, usage };
    log("warn", "improve_post_checks_failed", { postId: post.id, round, failures });
    if (round === 2)
      throw new AppError("improvement_failed_checks", `The improvement failed its checks twice: ${failures.slice(0, 3).join("; ")}`);
    input.failures = failures;
  }
  throw new Error("unreachable");
}

/**
 * POST /sites/posts/{postId}/apply: writes the suggestion's title and HTML to the WordPress post
 * and keeps the version it replaces. 409 without a suggestion, when it is already applied, or
 * when the post was edited on WordPress after the suggestion was made (never overwrite a newer
 * edit). The version to keep is stored before the post is changed, and a retry that finds the
 * suggestion already on WordPress only records it, so a crash in between loses nothing.
 */
export async function applyImprovement(services: Services, accountId: string, postId: string, now = new Date()) {
  const { post, site } = await postOf(services, accountId, postId);
  const [improvement] = await services.db.select().from(postImprovements).where(eq(postImprovements.postId, postId));
  const suggestion = improvement?.suggestion;
  if (!improvement || !suggestion)
    throw new AppError(
      "improvement_missing",
      `Post ${postId} has no improvement suggestion; create one with POST /api/sites/posts/${postId}/improve`,
    );
  if (post.improvementStatus === "APPLIED")
    throw new AppError(
      "improvement_already_applied",
      `The improvement of post ${postId} is already applied; revert it with POST /api/sites/posts/${postId}/revert`,
    );

  // The title is plain text sent as HTML, as an article's is: WordPress keeps an administrator's
  // title unfiltered and themes print it as it is, so markup in it would run on the page.
  const title = escapeHtmlText(suggestion.title);
  await claimImprovement(services, post, "apply", now);
  return holding(services, post, () =>
    withWordPress(services, site, async (wp) => {
      const remote = await wp.getPost(post.remoteId);
      const current = versionOf(remote);
      const alreadyThere = current.title === title && current.html === suggestion.html;
      if (!alreadyThere) {
        const modifiedAt = wpGmt(remote.modified_gmt);
        if (modifiedAt !== improvement.sourceModifiedAt) {
          throw new AppError(
            "post_changed_on_site",
            `Post ${postId} was edited on WordPress at ${modifiedAt ?? "an unknown time"}, after the suggestion was made from its version of ${improvement.sourceModifiedAt ?? "unknown"}; run improve again so the newer edit is not overwritten`,
          );
        }
        await services.db
          .update(postImprovements)
          .set({ previous: current, updatedAt: toIsoSeconds(now) })
          .where(eq(postImprovements.postId, postId));
      }
      const updated = alreadyThere ? remote : await wp.updatePost(post.remoteId, { title, content: suggestion.html });
      return recordOutcome(services, post, updated, now, "APPLIED");
    }),
  );
}

/**
 * POST /sites/posts/{postId}/revert: puts back the version the applied suggestion replaced.
 * 409 when nothing is applied, or when the post was edited on WordPress after the apply.
 */
export async function revertImprovement(services: Services, accountId: string, postId: string, now = new Date()) {
  const { post, site } = await postOf(services, accountId, postId);
  const [improvement] = await services.db.select().from(postImprovements).where(eq(postImprovements.postId, postId));
  const previous = improvement?.previous;
  if (post.improvementStatus !== "APPLIED" || !improvement || !previous) {
    throw new AppError(
      "nothing_to_revert",
      `Post ${postId} has no applied improvement to revert (its improvement status is ${post.improvementStatus})`,
    );
  }
  await claimImprovement(services, post, "revert", now);
  return holding(services, post, () =>
    withWordPress(services, site, async (wp) => {
      const remote = await wp.getPost(post.remoteId);
      const current = versionOf(remote);
      const alreadyThere = current.title === previous.title && current.html === previous.html;
      if (!alreadyThere && wpGmt(remote.modified_gmt) !== improvement.appliedModifiedAt) {
        throw new AppError(
          "post_changed_on_site",
          `Post ${postId} was edited on WordPress at ${wpGmt(remote.modified_gmt) ?? "an unknown time"}, after the improvement was applied; reverting would overwrite that edit`,
        );
      }
      const updated = alreadyThere ? remote : await wp.updatePost(post.remoteId, { title: previous.title, content: previous.html });
      return recordOutcome(services, post, updated, now, "REVERTED");
    }),
  );
}

/** How long an apply or revert holds the improvement; a crashed one's hold ends then. */
const HOLD_MS = 2 * 60_000;

/**
 * One conditional claim decides which of simultaneous applies (or reverts) writes to WordPress:
 * the improvement must be free (or its hold expired) and the post in the state the operation
 * starts from, so a second apply arriving after the first finished is refused too (409).
 */
async function claimImprovement(services: Services, post: PostRow, operation: "apply" | "revert", now: Date): Promise<void> {
  const at = toIsoSeconds(now);
  const applied = sql`(SELECT ${existingPosts.improvementStatus} FROM ${existingPosts} WHERE ${existingPosts.id} = ${post.id}) = 'APPLIED'`;
  const claimed = await services.db
    .update(postImprovements)
    .set({ busyUntil: toIsoSeconds(new Date(now.getTime() + HOLD_MS)), updatedAt: at })
    .where(
      and(
        eq(postImprovements.postId, post.id),
        or(isNull(postImprovements.busyUntil), lt(postImprovements.busyUntil, at)),
        operation === "apply" ? sql`NOT ${applied}` : applied,
      ),
    )
    .returning({ postId: postImprovements.postId });
  if (claimed.length === 0) {
    throw new AppError(
      "improvement_busy",
      `Another apply or revert of post ${post.id} is under way or has just finished; read the post again (GET /api/sites/posts/${post.id}/improvement)`,
    );
  }
}

/** Runs the claimed operation; a failure gives the claim back at once (a success gives it back in recordOutcome). */
async function holding<T>(services: Services, post: PostRow, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    await services.db.update(postImprovements).set({ busyUntil: null }).where(eq(postImprovements.postId, post.id));
    throw error;
  }
}

/** Records an apply or a revert that WordPress now shows, and refreshes the existing-post row. */
async function recordOutcome(services: Services, post: PostRow, updated: WpPost, now: Date, status: "APPLIED" | "REVERTED") {
  const at = toIsoSeconds(now);
  const modifiedAt = wpGmt(updated.modified_gmt);
  // The post's status first, then the claim released with the outcome: a claim that follows sees the new status.
  const row = await refreshExistingPost(services, post, updated, now, status);
  // A post that is one of our articles: our row shows what the page now shows (an article's title is plain text).
  const version = versionOf(updated);
  const articleId = await followPostEdit(
    services,
    { accountId: post.accountId, siteId: post.siteId, remoteId: post.remoteId },
    { ...version, title: htmlToText(version.title) },
    now,
  );
  await queueIndexNow(services, { accountId: post.accountId, siteId: post.siteId, url: row.url, ...(articleId ? { articleId } : {}) }, now);
  const [improvement] = await services.db
    .update(postImprovements)
    .set(
      status === "APPLIED"
        ? { appliedModifiedAt: modifiedAt, appliedAt: at, revertedAt: null, busyUntil: null, updatedAt: at }
        : // After a revert the suggestion may be applied again, over the version now on WordPress.
          { sourceModifiedAt: modifiedAt, revertedAt: at, busyUntil: null, updatedAt: at },
    )
    .where(eq(postImprovements.postId, post.id))
    .returning();
  log("info", status === "APPLIED" ? "improvement_applied" : "improvement_reverted", {
    postId: post.id,
    siteId: post.siteId,
    remoteId: post.remoteId,
  });
  return { post: row, improvement: improvement! };
}
