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
   * this item before creating one (WordPress: a marker in the post; XenForo: a thread with the
   * title posted since `since`), so a retried step adopts the post its lost answer created.
   */
  origin: { itemId: string; since: string } | null;
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
