import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SEARCH_REFRESH_MESSAGE } from "../../src/core/queue-messages";
import { charges, existingPosts, googleConnections } from "../../src/db/schema";
import { messageHandlers } from "../../src/jobs/queues";
import { runCronTick } from "../../src/jobs/cron";
import { dayDate, lastCompleteDay } from "../../src/core/search-days";
import { createGoogleFake, everyDay, googleVars } from "../fakes/search-console";
import { fakeNetwork } from "../fakes/network";
import { call, db, searchQueue, testServices, useFakeFetch, useVars } from "../harness";
import { goodSuggestion, syncedPost } from "../improvements/helpers";
import { connectGoogle, drainSyncs } from "../search-console/google-connection";

// Issue 30, the proof: the whole loop against Google's fakes and a fake WordPress. Connect →
// the property chosen → the first sync → performance → a decaying post flagged → its refresh
// suggested (charged once) → an opportunity planned → the next day's sync reads only 5 days.

const NOW = new Date("2026-11-25T12:00:00Z");
const E = lastCompleteDay(NOW);
const OPPORTUNITY = "rye sourdough starter ratio";

interface SiteBody {
  searchConsole: { property: string | null; propertyChosen: boolean; state: string; syncedThrough: string | null };
}

describe("the search loop", () => {
  it("connects, syncs, measures, flags decay, refreshes the post and plans the opportunity", async () => {
    const { accountId, token, wp, openai, site, postId } = await syncedPost();
    const google = createGoogleFake({ now: () => NOW });
    const vars = { ...googleVars(google), TEXT_PROVIDER: "openai", TEXT_MODEL: "gpt-4o-mini" };
    useVars(vars);
    useFakeFetch(fakeNetwork(wp.peer, openai.peer, ...google.peers));
    const host = new URL(site.url).host;
    const property = `sc-domain:${host}`;
    google.searchConsole.setSites([
      { siteUrl: property, permissionLevel: "siteOwner" },
      { siteUrl: "https://unrelated.example/", permissionLevel: "siteOwner" },
    ]);
    // The post (remote 100) earned 10 clicks a day for the 28 days before and 3 since: decay.
    const urlOf = async (remoteId: number) =>
      (await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id))).find((row) => row.remoteId === remoteId)!.url;
    const postUrl = await urlOf(100);
    google.searchConsole.setPage(property, postUrl, {
      days: everyDay(dayDate(E - 120), dayDate(E), (date) =>
        Date.parse(date) > Date.parse(dayDate(E - 28))
          ? { clicks: 3, impressions: 300, position: 5 }
          : { clicks: 10, impressions: 300, position: 4 },
      ),
      queries: [{ query: "feeding sourdough starter", clicks: 60, impressions: 4000, position: 4.2 }],
    });
    // Another post ranks on page two for a query nothing targets: an opportunity.
    const otherUrl = await urlOf(wp.content.posts.find((post) => post.id !== 100)!.id);
    google.searchConsole.setPage(property, otherUrl, {
      days: everyDay(dayDate(E - 60), dayDate(E), { clicks: 1, impressions: 80, position: 14 }),
      queries: [{ query: OPPORTUNITY, clicks: 2, impressions: 900, position: 12.4 }],
    });

    // The owner turns on automatic refreshes (review first), then connects Google.
    const settings = await call(`/api/sites/${site.id}/search-console`, {
      method: "PUT",
      token,
      json: { refreshDecaying: true, autoApply: false, maxRefreshesPerWeek: 2 },
    });
    expect(settings.status).toBe(200);
    const connected = await connectGoogle(token, google);
    expect(connected.response.status).toBe(302);
    expect(connected.location).toBe("/settings?google=connected");
    const [grant] = await db().select().from(googleConnections).where(eq(googleConnections.accountId, accountId));
    expect(grant!.refreshTokenEncrypted).not.toContain("1//");
    const integration = await (await call("/api/integrations/google", { token })).json();
    expect(integration).toMatchObject({ connected: true, email: "owner@bakery.example" });

    // The property that covers the site was chosen; the first sync reads 16 months.
    const chosen = (await (await call(`/api/sites/${site.id}`, { token })).json()) as SiteBody;
    expect(chosen.searchConsole).toMatchObject({ property, propertyChosen: false });
    openai.script({ answer: goodSuggestion() });
    const phases = await drainSyncs(searchQueue.sent, { siteIds: [site.id], now: NOW });
    expect(phases).toEqual(["start", "site_days", "page_days", "queries", "finish"]);
    const firstQuery = google.searchConsole.calls.find((request) => request.path.endsWith("/searchAnalytics/query"));
    expect(firstQuery!.body).toMatchObject({ endDate: dayDate(E), startDate: dayDate(E - 485) });
    const synced = (await (await call(`/api/sites/${site.id}`, { token })).json()) as SiteBody;
    expect(synced.searchConsole).toMatchObject({ state: "synced", syncedThrough: dayDate(E) });

    // What the post earns, matched to it by URL, with its query.
    const figures = (await (await call(`/api/sites/posts/${postId}/performance`, { token })).json()) as {
      matched: boolean;
      current: { clicks: number };
      previous: { clicks: number };
      topQueries: { query: string }[];
    };
    expect(figures).toMatchObject({ matched: true, current: { clicks: 84 }, previous: { clicks: 280 } });
    expect(figures.topQueries.map((row) => row.query)).toEqual(["feeding sourdough starter"]);
    const sitePerformance = (await (await call(`/api/sites/${site.id}/performance`, { token })).json()) as {
      pages: { items: { url: string; postId: string | null }[] };
    };
    expect(sitePerformance.pages.items[0]).toMatchObject({ url: postUrl, postId });

    // The weekly check flagged the post and queued its refresh; delivered twice, it is suggested and charged once.
    const decay = (await (await call(`/api/sites/${site.id}/decay`, { token })).json()) as {
      items: { postId: string; reason: string; seasonal: boolean }[];
    };
    expect(decay.items).toEqual([expect.objectContaining({ postId, reason: "clicks_fell", seasonal: false })]);
    const refresh = searchQueue.sent.find((message) => message.body.type === SEARCH_REFRESH_MESSAGE)!;
    expect(refresh.body).toMatchObject({ postId, siteId: site.id });
    await messageHandlers[SEARCH_REFRESH_MESSAGE]!(refresh.body, testServices());
    await messageHandlers[SEARCH_REFRESH_MESSAGE]!(refresh.body, testServices());
    const [post] = await db().select().from(existingPosts).where(eq(existingPosts.id, postId));
    expect(post!.improvementStatus).toBe("SUGGESTED");
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(0);
    expect((await db().select().from(charges).where(eq(charges.accountId, accountId))).map((charge) => charge.kind)).toEqual([
      "improvement",
    ]);

    // The opportunity is listed, then planned in one call; the list no longer offers it.
    const listed = (await (await call(`/api/sites/${site.id}/opportunities`, { token })).json()) as {
      items: { query: string; position: number; page: { url: string } }[];
    };
    expect(listed.items).toEqual([
      expect.objectContaining({ query: OPPORTUNITY, position: 12.4, page: expect.objectContaining({ url: otherUrl }) }),
    ]);
    useVars({ ...vars, TEXT_PROVIDER: "offline" });
    const plan = (await (
      await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: site.id, articleCount: 1, cadencePerWeek: 2 } })
    ).json()) as { id: string };
    const added = await call(`/api/autopilot/plans/${plan.id}/items`, { method: "POST", token, json: { keyword: OPPORTUNITY } });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ targetKeyword: OPPORTUNITY, status: "PLANNED" });
    const after = (await (await call(`/api/sites/${site.id}/opportunities`, { token })).json()) as { items: unknown[] };
    expect(after.items).toEqual([]);

    // The next day's tick syncs again, asking Google only for the last 5 days.
    searchQueue.sent.splice(0);
    google.searchConsole.calls.splice(0);
    // (The connect queued today's run at the real clock: the cron counts once a day by it.)
    const tomorrow = new Date(Date.now() + 86_400_000);
    await runCronTick(testServices(), tomorrow);
    await drainSyncs(searchQueue.sent, { siteIds: [site.id], now: tomorrow });
    const queries = google.searchConsole.calls.filter((request) => request.path.endsWith("/searchAnalytics/query"));
    expect(queries.length).toBeGreaterThan(0);
    for (const request of queries.filter((request) => !(request.body as { dimensions: string[] }).dimensions.includes("query")))
      expect(request.body).toMatchObject({ startDate: dayDate(E - 4), endDate: dayDate(lastCompleteDay(tomorrow)) });
  });
});
