import { AppError } from "../core/errors";

/** What every platform needs to publish or update one article. */
export interface PublishableArticle {
  title: string;
  html: string;
  excerpt: string;
  slug: string;
  seoTitle: string;
  seoDesc: string;
  categories: string[];
  tags: string[];
  heroImage: { fileName: string; alt: string; contentType: string; bytes: Uint8Array } | null;
  /** `draft` posts it unpublished where the platform has drafts (WordPress). */
  status: "publish" | "draft";
  /**
   * Exactly once: the plan item the article comes from. Publishing looks for an earlier post of
   * this item before creating one (WordPress: a marker in the post; XenForo: a thread of our user
   * with this title or a title of the item's earlier runs, posted since `since`, the item's first
   * claim), so a retried step or a rerun adopts the post a lost answer created. An update checks
   * that the post still carries the item's marker (WordPress) before writing over it.
   */
  origin: { itemId: string; since: string; earlierTitles?: string[] } | null;
}

export interface PublishedRef {
  /** The platform's own id of the post/thread, as text. */
  remoteId: string;
  /** The public URL of the post; null where the platform has none (a pulled custom site). */
  url: string | null;
}

/** One interface, one implementation per platform kind (blog, forum, custom). */
export interface PublishingPlatform {
  publish(article: PublishableArticle): Promise<PublishedRef>;
  update(remoteId: string, article: PublishableArticle): Promise<PublishedRef>;
}

/**
 * The post or thread an article points at carries another item's marker (the platform was
 * restored from a backup, the post was reused): nothing is written over it.
 */
export class RemotePostNotOurs extends AppError {
  constructor(readonly remoteId: string, platformName: string) {
    super("conflict", `${platformName} post ${remoteId} no longer belongs to this article (it does not carry its marker)`);
  }
}
