import { htmlToBbCode } from "../adapters/xenforo/bbcode";
import type { XenForoClient } from "../adapters/xenforo/client";
import { XenForoError } from "../adapters/xenforo/errors";
import { AppError } from "../core/errors";
import { log } from "../core/logger";
import { withForum, type SiteAccessDeps } from "../sites/site-access";
import type { SiteRow } from "../sites/service";
import type { PublishableArticle, PublishedRef, PublishingPlatform } from "./port";

/** XenForo's thread title column holds 150 characters. */
const MAX_TITLE_LENGTH = 150;

/**
 * Publishes to a connected XenForo forum: a thread in the site's saved node whose first post is
 * the article converted to BBCode; an update edits that first post (and the title). The remote
 * id is the thread id. The hero image is uploaded as an attachment of the first post and shown
 * at its top with [ATTACH=full]; the forum refusing the file (size, type) publishes without it.
 */
export function createForumPublisher(deps: SiteAccessDeps, site: SiteRow): PublishingPlatform {
  const bbcode = (article: PublishableArticle, heroId: number | null) => {
    const body = htmlToBbCode(article.html, { baseUrl: deps.config.publicBaseUrl });
    return heroId === null ? body : `[ATTACH=full]${heroId}[/ATTACH]\n\n${body}`;
  };
  const threadUrl = (threadId: number, viewUrl: string | undefined) => viewUrl ?? `${site.url}/threads/${threadId}/`;

  return {
    publish: (article) =>
      withForum(deps, site, async (client): Promise<PublishedRef> => {
        const nodeId = site.forumNodeId;
        if (nodeId === null) {
          throw new AppError(
            "forum_not_chosen",
            `Site ${site.id} has no target forum yet; choose one with POST /api/platforms/forum/${site.id}/node`,
          );
        }
        const titles = [article.title, ...(article.origin?.earlierTitles ?? [])].map((title) => threadTitle({ title }));
        const earlier = article.origin ? await findEarlierThread(client, site, nodeId, titles, article.origin.since) : undefined;
        if (earlier) return { remoteId: String(earlier.thread_id), url: threadUrl(earlier.thread_id, earlier.view_url) };
        const hero = await uploadHero(client, site, { nodeId }, article);
        const thread = await client.createThread({
          nodeId,
          title: threadTitle(article),
          message: bbcode(article, hero?.attachmentId ?? null),
          attachmentKey: hero?.key,
        });
        return { remoteId: String(thread.thread_id), url: threadUrl(thread.thread_id, thread.view_url) };
      }),

    update: (remoteId, article) =>
      withForum(deps, site, async (client): Promise<PublishedRef> => {
        const threadId = parseThreadId(remoteId);
        const { thread, first_post: firstPost } = await client.getThread(threadId);
        // Keep the hero attached at publication; upload one only if the post has none.
        const attached = firstPost?.Attachments?.find((a) => a.content_type?.startsWith("image/")) ?? null;
        const hero = !article.heroImage
          ? null
          : attached
            ? { key: undefined, attachmentId: attached.attachment_id }
            : await uploadHero(client, site, { postId: thread.first_post_id }, article);
        await client.editPost(thread.first_post_id, bbcode(article, hero?.attachmentId ?? null), hero?.key);
        const title = threadTitle(article);
        const current = title === thread.title ? thread : await client.renameThread(threadId, title);
        return { remoteId: String(threadId), url: threadUrl(threadId, current.view_url ?? thread.view_url) };
      }),
  };
}

/**
 * Exactly once: a thread that our forum user started in the node since the item was first
 * claimed, titled as this draft or a draft of the item's earlier runs, is the one an earlier try
 * created (its answer was lost), so it is adopted, not posted again. (A thread whose id was
 * stored is adopted before this, by the pipeline.)
 */
async function findEarlierThread(client: XenForoClient, site: SiteRow, nodeId: number, titles: string[], since: string) {
  const sinceSeconds = Math.floor(Date.parse(since) / 1000);
  const threads = await client.listForumThreads(nodeId);
  return threads.find(
    (thread) =>
      titles.includes(thread.title ?? "") &&
      (thread.user_id === undefined || thread.user_id === site.forumUserId) &&
      (thread.post_date ?? 0) >= sinceSeconds,
  );
}

function threadTitle(article: Pick<PublishableArticle, "title">): string {
  const title = article.title.trim();
  const characters = [...title];
  return characters.length <= MAX_TITLE_LENGTH
    ? title
    : `${characters
        .slice(0, MAX_TITLE_LENGTH - 1)
        .join("")
        .trimEnd()}…`;
}

function parseThreadId(remoteId: string): number {
  if (!/^[1-9]\d{0,15}$/.test(remoteId)) throw new AppError("unprocessable", `'${remoteId}' is not a XenForo thread id`);
  return Number(remoteId);
}

async function uploadHero(
  client: XenForoClient,
  site: SiteRow,
  context: { nodeId: number } | { postId: number },
  article: PublishableArticle,
): Promise<{ key: string | undefined; attachmentId: number | null } | null> {
  if (!article.heroImage) return null;
  try {
    const { key, attachment } = await client.uploadAttachment(context, article.heroImage);
    return { key, attachmentId: attachment?.attachment_id ?? null };
  } catch (error) {
    if (!(error instanceof XenForoError) || (error.failure !== "refused" && error.failure !== "permission")) throw error;
    log("warn", "forum_hero_refused", { siteId: site.id, reason: error.message });
    return null;
  }
}
