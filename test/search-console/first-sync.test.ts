import { and, eq, min } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dayNumber, lastCompleteDay } from "../../src/core/search-days";
import { existingPosts, searchDaily, searchPages } from "../../src/db/schema";
import type { FakePost } from "../fakes/wordpress-data";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, db, seedAccount } from "../harness";
import { drainSyncs, useRecordedSearch } from "./google-connection";

// A blog connected a minute ago, with the offline Search Console of `npm run dev`: "Sync now"
// alone must show the loop on its own posts, not 5 days with every page "+30" and nothing decaying.

const DAY_MS = 86_400_000;
/** A dozen posts, days since publication and slug. */
const POSTS: [number, string][] = [
  [4, "sourdough-starter-feeding"],
  [11, "rye-bread-for-beginners"],
  [19, "focaccia-with-rosemary"],
  [34, "sourdough-scoring-patterns"],
  [48, "banana-bread-without-eggs"],
  [66, "pizza-dough-cold-ferment"],
  [93, "bagels-boiled-and-baked"],
  [131, "croissant-lamination-guide"],
  [182, "whole-wheat-sandwich-loaf"],
  [244, "cinnamon-rolls-overnight"],
  [318, "gluten-free-bread-flours"],
  [402, "baking-stone-or-steel"],
];

function postsOfAges(posts: [number, string][], firstId = 200): FakePost[] {
  return posts.map(([age, slug], index) => {
    const date = new Date(Date.now() - age * DAY_MS).toISOString().slice(0, 19);
    return {
      id: firstId + index,
      type: "post",
      title: slug.replaceAll("-", " "),
      content: `<p>${slug.replaceAll("-", " ")} explained step by step for home bakers.</p>`,
      excerpt: "",
      slug,
      status: "publish",
      dateGmt: date,
      modifiedGmt: date,
      categories: [1],
      tags: [],
      featuredMedia: 0,
    };
  });
}

/** A fake WordPress with these posts only, connected as a new blog of a new account. */
async function newBlog(posts: FakePost[]) {
  const fake = installFakeWordPress({ postCount: 0 });
  fake.content.posts = posts;
  const sent = useRecordedSearch();
  const { token } = await seedAccount();
  const site = await connectFakeSite(token, fake);
  const get = async <T>(path: string) => {
    const response = await call(path, { token });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const syncNow = async () => {
    expect((await call(`/api/sites/${site.id}/search-console/sync`, { method: "POST", token })).status).toBe(202);
    await drainSyncs(sent, { siteIds: [site.id] });
  };
  return { fake, token, site, get, syncNow };
}

interface DecayList {
  items: { url: string; reason: string; postId: string | null }[];
  checkedAt: string | null;
  checkedPages: number | null;
  window: { start: string; end: string } | null;
}

describe("the first offline sync of a newly connected blog", () => {
  it("reads its posts and 16 months of their figures: decaying posts, opportunities and a shared query", async () => {
    const { site, get, syncNow } = await newBlog(postsOfAges(POSTS));
    const before = await get<DecayList>(`/api/sites/${site.id}/decay`);
    expect(before).toMatchObject({ checkedAt: null, checkedPages: null, window: null, items: [] });

    await syncNow();

    // The posts were read by the sync itself, each with its publication date.
    const posts = await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id));
    expect(posts).toHaveLength(12);
    expect(posts.every((post) => post.publishedAt !== null)).toBe(true);

    // Each post's figures start on the day it was published, not 5 days ago.
    const firstDays = await db()
      .select({ url: searchPages.url, first: min(searchDaily.day) })
      .from(searchPages)
      .innerJoin(searchDaily, eq(searchDaily.pageId, searchPages.id))
      .where(eq(searchPages.siteId, site.id))
      .groupBy(searchPages.id);
    expect(firstDays).toHaveLength(12);
    for (const [age, slug] of POSTS) {
      const published = dayNumber(new Date(Date.now() - age * DAY_MS).toISOString().slice(0, 10));
      const found = firstDays.find((row) => row.url.includes(slug))!;
      expect(found.first).toBe(published);
    }

    // Decaying posts, all old enough to have two windows of figures, found by the check the first sync ran.
    const decay = await get<DecayList>(`/api/sites/${site.id}/decay`);
    expect(decay.checkedAt).not.toBeNull();
    expect(decay.checkedPages).toBeGreaterThanOrEqual(11);
    expect(decay.window).not.toBeNull();
    expect(decay.items.length).toBeGreaterThanOrEqual(1);
    for (const item of decay.items) {
      expect(item.postId).not.toBeNull();
      const [age] = POSTS.find(([, slug]) => item.url.includes(slug))!;
      expect(age).toBeGreaterThanOrEqual(70);
    }
    const byDecay = await get<{ items: { decay: unknown }[] }>(`/api/sites/${site.id}/posts?sort=decay`);
    expect(byDecay.items[0]!.decay).not.toBeNull();

    // Searches at positions 8–30 that no article targets.
    const opportunities = await get<{ items: { query: string; position: number }[] }>(`/api/sites/${site.id}/opportunities`);
    expect(opportunities.items.length).toBeGreaterThanOrEqual(3);
    for (const item of opportunities.items) {
      expect(item.position).toBeGreaterThanOrEqual(8);
      expect(item.position).toBeLessThanOrEqual(30);
    }

    // Two posts share a query: the site-health list of cannibalised queries has it.
    const cannibalized = await get<{ items: { query: string; pages: { url: string }[] }[] }>(`/api/sites/${site.id}/cannibalization`);
    expect(cannibalized.items.length).toBeGreaterThanOrEqual(1);
    expect(cannibalized.items[0]!.pages.length).toBeGreaterThanOrEqual(2);
  });

  it("posts read after the first sync get their whole history at the next one, not 5 days", async () => {
    const { fake, token, site, syncNow } = await newBlog(postsOfAges(POSTS.slice(0, 3)));
    await syncNow();
    // Nine older posts appear in WordPress and are read; then "Sync now" again.
    fake.content.posts.push(...postsOfAges(POSTS.slice(3), 300));
    expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);
    await syncNow();

    const oldest = await db()
      .select({ first: min(searchDaily.day) })
      .from(searchPages)
      .innerJoin(searchDaily, eq(searchDaily.pageId, searchPages.id))
      .where(and(eq(searchPages.siteId, site.id), eq(searchPages.url, `${fake.origin}/baking-stone-or-steel/`)));
    // Published 402 days ago: figures from that day on.
    expect(oldest[0]!.first).toBe(dayNumber(new Date(Date.now() - 402 * DAY_MS).toISOString().slice(0, 10)));
    expect(oldest[0]!.first).toBeLessThan(lastCompleteDay(new Date()) - 300);
    const decay = (await (await call(`/api/sites/${site.id}/decay`, { token })).json()) as DecayList;
    expect(decay.checkedPages).toBe(12);
    expect(decay.items.length).toBeGreaterThanOrEqual(1);
  });

  it("a blog without posts: the check still ran, on 0 pages, and says so", async () => {
    const { site, get, syncNow } = await newBlog([]);
    await syncNow();
    const decay = await get<DecayList>(`/api/sites/${site.id}/decay`);
    expect(decay.checkedAt).not.toBeNull();
    expect(decay).toMatchObject({ checkedPages: 0, items: [] });
    expect(decay.window).not.toBeNull();
  });
});
