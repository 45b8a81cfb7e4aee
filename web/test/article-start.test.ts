import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { sitesQuery } from "../src/api/query-keys";
import { performanceKey } from "../src/components/search-performance-query";
import { ME_KEY } from "../src/lib/current-member";
import { approvalHistoryKey, articleIdOf, articleQuery, startArticlePage, uploadsQuery } from "../src/screens/articles/article-queries";
import { itemKey } from "../src/screens/plans/item-key";
import { articleKey } from "../src/screens/articles/shared";

// The article page's reads start from its address (main.tsx), under the keys its parts read, so
// nothing is asked twice: the top's at once, the rest as soon as the article has come.

/** A query client whose reads never reach the network: each key's answer is `answers[key[0]]`, or never comes. */
function clientAnswering(answers: Record<string, unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const asked: unknown[][] = [];
  const answer = (key: readonly unknown[]) => {
    asked.push([...key]);
    const found = answers[String(key[0])];
    return found === undefined ? new Promise(() => undefined) : Promise.resolve(found);
  };
  vi.spyOn(client, "prefetchQuery").mockImplementation(async (options) => {
    await answer(options.queryKey as readonly unknown[]);
  });
  vi.spyOn(client, "fetchQuery").mockImplementation((options) => answer(options.queryKey as readonly unknown[]) as never);
  return { client, asked };
}

describe("startArticlePage", () => {
  const below = (articleId: string, days: number) => [
    [...performanceKey({ kind: "article", articleId }, days)],
    [...approvalHistoryKey(articleId)],
    [...uploadsQuery(1).queryKey],
  ];

  it("asks at once for what the page's top shows: the member, the sites and the article", () => {
    const { client, asked } = clientAnswering({});
    startArticlePage(client, "art_1", "?days=90");
    expect(asked).toEqual([[...ME_KEY], [...sitesQuery.queryKey], [...articleKey("art_1")]]);
    expect(articleQuery("art_1").queryKey).toEqual(articleKey("art_1"));
  });

  it("asks for what lies below once the article has come, and the plan item of an article in review", async () => {
    const article = { id: "art_1", status: "pending", planItemId: "item_1" };
    const { client, asked } = clientAnswering({ [articleKey("art_1")[0]]: article });
    startArticlePage(client, "art_1", "?days=90");
    await vi.waitFor(() => expect(asked).toHaveLength(7));
    expect(asked.slice(3)).toEqual(expect.arrayContaining([...below("art_1", 90), [...itemKey("item_1")]]));
  });

  it("asks for the default period when the address names none or another", async () => {
    const article = { id: "art_1", status: "published", planItemId: null };
    const { client, asked } = clientAnswering({ [articleKey("art_1")[0]]: article });
    startArticlePage(client, "art_1", "?days=12");
    await vi.waitFor(() => expect(asked).toHaveLength(6));
    expect(asked.slice(3)).toEqual(expect.arrayContaining(below("art_1", 28)));
  });

  it("does not ask for the plan item of a published article", async () => {
    const article = { id: "art_1", status: "published", planItemId: "item_1" };
    const { client, asked } = clientAnswering({ [articleKey("art_1")[0]]: article });
    startArticlePage(client, "art_1", "");
    await vi.waitFor(() => expect(asked).toHaveLength(6));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).not.toContainEqual([...itemKey("item_1")]);
  });
});

describe("articleIdOf", () => {
  it.each([
    ["/articles/art_1", "art_1"],
    ["/articles/art%5F1", "art_1"],
    ["/articles", null],
    ["/articles/art_1/edit", null],
    ["/plans/plan_1", null],
    ["/articles/%E0%A4%A", null],
  ])("%s is %j", (path, id) => {
    expect(articleIdOf(path)).toBe(id);
  });
});
