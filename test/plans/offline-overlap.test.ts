import { describe, expect, it } from "vitest";
import { offlinePage } from "../../src/adapters/search-console/offline-pages";
import { existingPosts, searchPages, searchQueries } from "../../src/db/schema";
import { urlKey } from "../../src/core/page-url-key";
import { eq } from "drizzle-orm";
import { db, seedAccount, seedExistingPosts, seedSite } from "../harness";
import { createPlanVia } from "./helpers";

// The offline providers propose overlaps too, so a fresh `npm run dev` shows "improve" on the demo
// blog: its posts (scripts/demo-seed.mjs) with the figures the offline Search Console invents.

const DEMO_URL = "https://blog.demo.invalid";
const DEMO_POSTS = [
  ["Ekşi Maya Nasıl Beslenir?", "eksi-maya-nasil-beslenir"],
  ["Tam Buğday Ekmeği Tarifi", "tam-bugday-ekmegi-tarifi"],
  ["Ev Yapımı Pizza Hamuru", "ev-yapimi-pizza-hamuru"],
  ["Fırın Sıcaklığı Rehberi", "firin-sicakligi-rehberi"],
];

describe("offline planning on the demo blog", () => {
  it("proposes an item that improves one of its posts", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "blog", url: DEMO_URL, language: "tr" });
    await seedExistingPosts(
      accountId,
      site.id,
      DEMO_POSTS.map(([title, slug]) => ({ title: title!, url: `${DEMO_URL}/${slug}/` })),
    );
    const posts = await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id));
    const day = 20_000;
    for (const post of posts) {
      const page = offlinePage(post.url);
      const [row] = await db()
        .insert(searchPages)
        .values({ siteId: site.id, urlKey: urlKey(post.url)!, url: post.url, postId: post.id })
        .returning();
      await db()
        .insert(searchQueries)
        .values(
          page.queries.map((query) => {
            const q = page.queryDay(query, day, 0);
            return {
              siteId: site.id,
              pageId: row!.id,
              query: query.text,
              clicks: q.clicks * 28,
              impressions: q.impressions * 28,
              position: q.position,
            };
          }),
        );
    }
    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 5, cadencePerWeek: 2 });
    const items = plan.items as unknown as { targetKeyword: string; suggestion: string | null; overlap: { url: string } | null }[];

    expect(items.some((item) => item.suggestion === "improve")).toBe(true);
  });
});
