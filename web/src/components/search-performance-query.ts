// The "Search performance" panel's query, apart from its drawing: the article page asks for it at
// start-up, before the panel's code has loaded (screens/articles/article-queries.ts).
import { queryOptions } from "@tanstack/react-query";
import { api, unwrap, type Schemas } from "../api/client";

type Performance = Schemas["PagePerformance"];

/** The periods the panel offers, in days; the API's default is 28. */
export const PERIODS = [7, 28, 90] as const;
export const DEFAULT_PERIOD = 28;

/** The period a `days` search parameter names, else the default. */
export const periodOf = (daysParam: string | null): number => PERIODS.find((value) => String(value) === daysParam) ?? DEFAULT_PERIOD;

/** Whose figures the panel shows. */
export type SearchSource = { kind: "article"; articleId: string } | { kind: "post"; postId: string };

export const performanceKey = (source: SearchSource, days: number) =>
  source.kind === "article"
    ? (["/api/autopilot/articles/{articleId}/performance", source.articleId, { days }] as const)
    : (["/api/sites/posts/{postId}/performance", source.postId, { days }] as const);

function fetchPerformance(source: SearchSource, days: number): Promise<Performance> {
  return source.kind === "article"
    ? unwrap(
        api.GET("/api/autopilot/articles/{articleId}/performance", { params: { path: { articleId: source.articleId }, query: { days } } }),
      )
    : unwrap(api.GET("/api/sites/posts/{postId}/performance", { params: { path: { postId: source.postId }, query: { days } } }));
}

/** A page's figures over `days`. */
export const performanceQuery = (source: SearchSource, days: number) =>
  queryOptions<Performance>({ queryKey: performanceKey(source, days), queryFn: () => fetchPerformance(source, days) });
