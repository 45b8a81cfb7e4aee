import type { PublishableArticle } from "../content/publishable";
import { AppError } from "../core/errors";

export type { PublishableArticle };

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
  constructor(
    readonly remoteId: string,
    platformName: string,
  ) {
    super("conflict", `${platformName} post ${remoteId} no longer belongs to this article (it does not carry its marker)`);
  }
}
