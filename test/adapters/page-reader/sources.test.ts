import { describe, expect, it } from "vitest";
import { createHttpPageReader } from "../../../src/adapters/page-reader/client";
import { createOfflinePageReader } from "../../../src/adapters/page-reader/offline";
import type { PageRead, PageReader } from "../../../src/adapters/page-reader/port";
import { pickSources, sourceSkipReason } from "../../../src/adapters/page-reader/sources";
import { createOfflineSerpResearch } from "../../../src/adapters/serp-research/offline";
import type { SerpResult } from "../../../src/adapters/serp-research/port";
import { assertOutboundUrl } from "../../../src/core/outbound-url";
import { fakeNetwork } from "../../fakes/network";
import { createSourcePagesFake } from "../../fakes/source-pages";

const results = (urls: string[]): SerpResult[] =>
  urls.map((url, index) => ({ url, title: `R${index + 1}`, description: "", rank: index + 1 }));

describe("which results may be sources", () => {
  it.each([
    ["https://www.youtube.com/watch?v=1", "video_or_social"],
    ["https://m.youtube.com/watch?v=1", "video_or_social"],
    ["https://youtu.be/abc", "video_or_social"],
    ["https://tr-tr.facebook.com/page", "video_or_social"],
    ["https://www.instagram.com/p/1", "video_or_social"],
    ["https://www.tiktok.com/@a", "video_or_social"],
    ["https://x.com/a/status/1", "video_or_social"],
    ["https://twitter.com/a", "video_or_social"],
    ["https://tr.pinterest.com/pin/1", "video_or_social"],
    ["https://www.pinterest.co.uk/pin/1", "video_or_social"],
    ["https://www.linkedin.com/pulse/a", "video_or_social"],
    ["https://www.reddit.com/r/coffee", "video_or_social"],
    ["https://www.quora.com/q", "video_or_social"],
    ["https://mysite.example/blog/kahve", "own_site"],
    ["https://www.mysite.example/blog/kahve", "own_site"],
    ["https://shop.mysite.example/kahve", "own_site"],
    ["mailto:a@b.example", "not_web"],
    ["https://notmysite.example/kahve", null],
    ["https://youtube-fan-blog.example/kahve", null],
    ["https://www.ekşisözlük.example/kahve", null],
  ])("%s → %s", (url, reason) => {
    expect(sourceSkipReason(url, "https://www.mysite.example")).toBe(reason);
  });
});

describe("picking sources", () => {
  it("reads up to five in rank order, skipping own and social results, replacing pages that fail", async () => {
    const fake = createSourcePagesFake();
    const reader = createHttpPageReader({
      fetch: fakeNetwork(...fake.peers),
      timeoutMs: 100,
      checkUrl: (url) => void assertOutboundUrl(url, { allowPrivate: false }),
    });
    const picked = await pickSources({
      results: results([
        "https://mysite.example/kahve",
        "https://www.youtube.com/watch?v=1",
        "https://articles.example/kahve",
        "https://blocked.example/kahve",
        "https://slow-robots.example/kahve",
        "https://no-robots.example/slow",
        "https://no-robots.example/file.pdf",
        "https://articles.example/no-main",
        "https://no-robots.example/article",
        "https://articles.example/guides/public-tips",
        "https://no-robots.example/latin",
        "https://articles.example/kahve?again=1",
      ]),
      siteUrl: "https://mysite.example",
      reader,
    });
    expect(picked.sources.map((source) => source.url)).toEqual([
      "https://articles.example/kahve",
      "https://articles.example/no-main",
      "https://no-robots.example/article",
      "https://articles.example/guides/public-tips",
      "https://no-robots.example/latin",
    ]);
    expect(picked.skipped).toEqual([
      { url: "https://mysite.example/kahve", reason: "own_site" },
      { url: "https://www.youtube.com/watch?v=1", reason: "video_or_social" },
      { url: "https://blocked.example/kahve", reason: "robots_disallowed" },
      { url: "https://slow-robots.example/kahve", reason: "robots_unavailable" },
      { url: "https://no-robots.example/slow", reason: "timeout" },
      { url: "https://no-robots.example/file.pdf", reason: "not_html" },
    ]);
    // Nothing was asked of the skipped hosts, and the last result was never needed.
    expect(fake.requests.map((request) => request.host)).not.toContain("mysite.example");
    expect(fake.requests.map((request) => request.path)).not.toContain("/kahve?again=1");
  });

  it("a reader that throws for one page does not fail the others", async () => {
    const reader: PageReader = {
      offline: true,
      async read(url): Promise<PageRead> {
        if (url.includes("boom")) throw new Error("reader bug");
        return {
          ok: true,
          page: { url, title: url, headings: [], text: "t", excerpt: "t", fetchedAt: "2026-01-01T00:00:00.000Z", truncated: false },
        };
      },
    };
    const picked = await pickSources({
      results: results(["https://a.example/boom", "https://b.example/"]),
      siteUrl: null,
      reader,
      limit: 5,
    });
    expect(picked.sources.map((source) => source.url)).toEqual(["https://b.example/"]);
    expect(picked.skipped).toEqual([{ url: "https://a.example/boom", reason: "unreachable" }]);
  });
});

describe("offline page reader", () => {
  it("serves a page for every offline result, the same each time, with no request; refuses any other URL", async () => {
    const serp = await createOfflineSerpResearch().research({ keyword: "kahve makinesi", language: "tr" });
    const reader = createOfflinePageReader({ now: () => new Date("2026-01-05T00:00:00Z") });
    const picked = await pickSources({ results: serp.results, siteUrl: "https://mysite.example", reader });
    expect(picked.sources).toHaveLength(5);
    expect(picked.skipped).toEqual([]);
    for (const source of picked.sources) {
      expect(source.headings.filter((heading) => heading.level === 2)).toHaveLength(3);
      expect(source.headings.filter((heading) => heading.level === 3)).toHaveLength(1);
      expect(source.text).toContain("kahve makinesi");
      expect(source.excerpt).toBe(source.text);
    }
    expect(new Set(picked.sources.map((source) => source.text)).size).toBeGreaterThan(1);
    const again = await reader.read(serp.results[0]!.url);
    expect(again).toEqual({ ok: true, page: picked.sources[0] });
    expect(await reader.read("https://articles.example/kahve")).toMatchObject({ ok: false, failure: "refused" });
  });
});
