import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { sitesQuery } from "../src/api/query-keys";
import { performanceKey } from "../src/components/search-performance-query";
import { ME_KEY } from "../src/lib/current-member";
import { approvalHistoryKey, articleIdOf, articleQuery, startArticlePage, uploadsQuery } from "../src/screens/articles/article-queries";
import { itemKey } from "../src/screens/plans/item-key";
import { articleKey } from "../src/screens/articles/shared";

// The article page's reads start together from its address (main.tsx), under the keys its parts
// read, so nothing is asked twice; the plan item waits only for the article.

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
  it("asks for the member, the article, the sites, its figures, its history and the uploads at once", () => {
    const { client, asked } = clientAnswering({});
    startArticlePage(client, "art_1", "?days=90");
    expect(asked).toEqual(
      expect.arrayContaining([
        [...ME_KEY],
        [...sitesQuery.queryKey],
        [...articleKey("art_1")],
        [...performanceKey({ kind: "article", articleId: "art_1" }, 90)],
        [...approvalHistoryKey("art_1")],
        [...uploadsQuery(1).queryKey],
      ]),
    );
    expect(asked).toHaveLength(6);
    expect(articleQuery("art_1").queryKey).toEqual(articleKey("art_1"));
  });

  it("asks for the default period when the address names none or another", () => {
    const { client, asked } = clientAnswering({});
    startArticlePage(client, "art_1", "?days=12");
    expect(asked).toContainEqual([...performanceKey({ kind: "article", articleId: "art_1" }, 28)]);
  });

  it("asks for the plan item of an article in review once the article has come", async () => {
    const article = { id: "art_1", status: "pending", planItemId: "item_1" };
    const { client, asked } = clientAnswering({ [articleKey("art_1")[0]]: article });
    startArticlePage(client, "art_1", "");
    await vi.waitFor(() => expect(asked).toContainEqual([...itemKey("item_1")]));
  });

  it("does not ask for a plan item for a published article", async () => {
    const article = { id: "art_1", status: "published", planItemId: "item_1" };
    const { client, asked } = clientAnswering({ [articleKey("art_1")[0]]: article });
    startArticlePage(client, "art_1", "");
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
