import type { ArticleRow } from "./service";
import { LINKS_PUBLISHED_MESSAGE } from "../core/queue-messages";
import { errorFields, log } from "../core/logger";
import type { Services } from "../services/container";

/**
 * Queues the link upkeep of an article that went live on its site (src/links/after-publish.ts):
 * its links recorded, links to it suggested. Nothing while it has no URL. Never throws: the
 * publication that called it has already happened.
 */
export async function queueLinkUpkeep(
  services: Services,
  article: Pick<ArticleRow, "id" | "accountId" | "siteId" | "status" | "publicationUrl">,
): Promise<void> {
  if (article.status !== "published" || !article.siteId || !article.publicationUrl) return;
  try {
    await services.queues.search.send({
      type: LINKS_PUBLISHED_MESSAGE,
      accountId: article.accountId,
      siteId: article.siteId,
      articleId: article.id,
    });
  } catch (error) {
    log("warn", "link_upkeep_not_queued", { articleId: article.id, ...errorFields(error) });
  }
}
