import type { StructuredData } from "./structured-data";

// The article as every platform takes it: what the publishers of src/publishing send.

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
  /** The page's JSON-LD (src/content/structured-data.ts); null where the platform has no place for it (forums). */
  structuredData: StructuredData | null;
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
