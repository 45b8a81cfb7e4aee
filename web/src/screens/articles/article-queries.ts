// What the article page reads, as query options, and how its reads start. At start-up (main.tsx)
// they start from the address while the panel's and the screen's code load, not one after the other.
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { sitesQuery } from "../../api/query-keys";
import { performanceQuery, periodOf } from "../../components/search-performance-query";
import { meQuery } from "../../lib/current-member";
import { itemKey } from "../plans/item-key";
import { articleKey } from "./shared";

export const articleQuery = (articleId: string) =>
  queryOptions({
    queryKey: articleKey(articleId),
    queryFn: () => unwrap(api.GET("/api/autopilot/articles/{articleId}", { params: { path: { articleId } } })),
  });

/** Under the article's own key: whatever reloads the article reloads its history. */
export const approvalHistoryKey = (articleId: string) => [...articleKey(articleId), "approvals"] as const;

export const approvalHistoryQuery = (articleId: string) =>
  queryOptions({
    queryKey: approvalHistoryKey(articleId),
    queryFn: () => unwrap(api.GET("/api/autopilot/articles/{articleId}/approvals", { params: { path: { articleId } } })),
  });

export const planItemQuery = (itemId: string) =>
  queryOptions({
    queryKey: itemKey(itemId),
    queryFn: () => unwrap(api.GET("/api/autopilot/items/{itemId}", { params: { path: { itemId } } })),
  });

/** The featured image picker's page size. */
export const PICKER_PER_PAGE = 12;

export const uploadsQuery = (page: number) =>
  queryOptions({
    queryKey: ["/api/uploads", { page, perPage: PICKER_PER_PAGE }],
    queryFn: () => unwrap(api.GET("/api/uploads", { params: { query: { page, per_page: PICKER_PER_PAGE } } })),
  });

/** The address of an article's page: its id, or null for any other page. */
export function articleIdOf(pathname: string): string | null {
  const match = /^\/articles\/([^/]+)$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * Starts the article page's reads as early as each can: at once what its top shows (the member,
 * for the header and the page's permissions; the article; the sites its facts name), and the
 * moment the article has come what lies below it (its search figures for the period in `search`,
 * its approval history, the first page of uploads for the featured image, its plan item if it
 * waits in review). Those wait for the article, not for the screen to draw them, so they do not
 * crowd the connections the top needs. Reads already under way or fresh are not asked again.
 */
export function startArticlePage(queryClient: QueryClient, articleId: string, search: string): void {
  void queryClient.prefetchQuery(meQuery);
  void queryClient.prefetchQuery(sitesQuery);
  void queryClient
    .fetchQuery(articleQuery(articleId))
    .then((article) => {
      void queryClient.prefetchQuery(performanceQuery({ kind: "article", articleId }, periodOf(new URLSearchParams(search).get("days"))));
      void queryClient.prefetchQuery(approvalHistoryQuery(articleId));
      void queryClient.prefetchQuery(uploadsQuery(1));
      if (article.status === "pending" && article.planItemId) void queryClient.prefetchQuery(planItemQuery(article.planItemId));
    })
    .catch(() => undefined);
}
