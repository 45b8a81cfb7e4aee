import type { Schemas } from "../../api/client";
import { siteName as nameOf } from "../../lib/site-name";

export type ArticleStatus = Schemas["Article"]["status"];
export const ARTICLE_STATUSES: readonly ArticleStatus[] = ["draft", "pending", "published", "archived"];

export function isArticleStatus(value: string | null): value is ArticleStatus {
  return value !== null && (ARTICLE_STATUSES as readonly string[]).includes(value);
}

/** A site as people know it: its blog's title, else its host name ("blog.example.com"). */
export function siteName(site: Pick<Schemas["Site"], "url" | "name">): string {
  return nameOf(site);
}

export const statusKey = (status: ArticleStatus) => `status.${status}` as const;

export const ARTICLES_KEY = ["/api/autopilot/articles"] as const;
export const articleKey = (articleId: string) => ["/api/autopilot/articles/{articleId}", articleId] as const;
