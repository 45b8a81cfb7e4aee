import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { toIsoSeconds } from "../../src/core/time";
import { newId } from "../../src/core/ids";
import { articles, existingPosts, sites } from "../../src/db/schema";
import { runCronTick } from "../../src/jobs/cron";
import { ITEM_RUN_MESSAGE } from "../../src/pipeline/run-params";
import { holdPacedItems, queueDueItems } from "../../src/pipeline/start";
import { defaultMaxNewPerWeek, paceOf } from "../../src/plans/pace";
import { seedMember } from "../members/helpers";
import { call, db, expectError, seedAccount, seedArticle, seedSite, testEnv, testServices } from "../harness";
import { itemRow, offlinePlan, useRecordingQueue } from "../pipeline/helpers";
import { planVia } from "./helpers";

// §6 of issue 42: never more than maxNewPerWeek new articles on a site in any 7 days.

const DAY_MS = 86_400_000;

/** An article the autopilot published on the site `daysAgo` days before `now`. */
async function publishedArticle(accountId: string, siteId: string, itemId: string, daysAgo: number, now = new Date()) {
  const article = await seedArticle(accountId, {
    title: `Published ${daysAgo} days ago`,
    siteId,
    status: "published",
    publishedAt: toIsoSeconds(new Date(now.getTime() - daysAgo * DAY_MS)),
  });
  await db().update(articles).set({ planItemId: itemId }).where(eq(articles.id, article.id));
  return article;
}

describe("the default pace", () => {
  it("is a tenth of the site's posts a week, at least 2 and at most 14", () => {
    expect([0, 10, 29, 45, 140, 5000].map(defaultMaxNewPerWeek)).toEqual([2, 2, 2, 4, 14, 14]);
  });

  it("paceOf counts the autopilot's publications of the last 7 and 28 days and reads the site's size or setting", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    for (let i = 0; i < 60; i += 1) {
      await db()
        .insert(existingPosts)
        .values({
          id: newId("post"),
          accountId,
          siteId: site.id,
          remoteId: i + 1,
          title: `Post ${i}`,
          url: `${site.url}/p${i}/`,
          wordCount: 500,
          syncId: "seeded",
        });
    }
    const plan = await offlinePlan(token, site.id, { articleCount: 2 });
    const now = new Date();
    await publishedArticle(accountId, site.id, plan.items[0]!.id, 2, now);
    await publishedArticle(accountId, site.id, plan.items[1]!.id, 20, now);
    await seedArticle(accountId, { title: "Written by hand", siteId: site.id, status: "published", publishedAt: toIsoSeconds(now) });
    expect(await paceOf(testServices(), site.id, now)).toEqual({
      newLast7Days: 1,
      newLast28Days: 2,
      maxNewPerWeek: 6,
      maxNewPerWeekSet: false,
    });
    await db().update(sites).set({ maxNewPerWeek: 9 }).where(eq(sites.id, site.id));
    expect(await paceOf(testServices(), site.id, now)).toMatchObject({ maxNewPerWeek: 9, maxNewPerWeekSet: true });
  });
});

describe("the clock keeps the pace", () => {
  it("holds a due item while the week is full (waitReason pace, its next date), then starts it once", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", maxNewPerWeek: 1 });
    const earlier = await offlinePlan(token, site.id, { articleCount: 1 });
    const now = new Date();
    await publishedArticle(accountId, site.id, earlier.items[0]!.id, 3, now);
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    await planVia(token, plan.id, "approve");
    const item = plan.items[0]!;

    await runCronTick(testServices(), new Date(now.getTime() + 60_000));
    expect(sent).toEqual([]);
    const held = await itemRow(item.id);
    const freeAt = toIsoSeconds(new Date(now.getTime() - 3 * DAY_MS + 7 * DAY_MS + 60_000));
    expect(held).toMatchObject({ status: "SCHEDULED", waitReason: "pace", scheduledAt: freeAt, attempts: 0 });
    const shown = (await planVia(token, plan.id)).body.items[0] as unknown as { waitReason: string; scheduledAt: string };
    expect(shown).toMatchObject({ waitReason: "pace", scheduledAt: freeAt });

    // Ticks before the date start nothing; at the date it starts once, and a second tick adds nothing.
    await runCronTick(testServices(), new Date(now.getTime() + 2 * DAY_MS));
    expect(sent).toEqual([]);
    await runCronTick(testServices(), new Date(Date.parse(freeAt) + 60_000));
    await runCronTick(testServices(), new Date(Date.parse(freeAt) + 120_000));
    expect(sent).toEqual([{ type: ITEM_RUN_MESSAGE, accountId, itemId: item.id, attempt: 1 }]);
    expect(await itemRow(item.id)).toMatchObject({ status: "QUEUED", waitReason: null, attempts: 1 });
  });

  it("starts at most the room left, counting runs in flight; the owner raising the pace releases the rest", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", maxNewPerWeek: 2 });
    const plan = await offlinePlan(token, site.id, { articleCount: 3, cadencePerWeek: 21 });
    await planVia(token, plan.id, "approve");
    const later = new Date(Date.now() + 2 * DAY_MS); // all three are due
    await runCronTick(testServices(), later);
    expect(sent.map((m) => m.itemId)).toEqual([plan.items[0]!.id, plan.items[1]!.id]);
    expect(await itemRow(plan.items[2]!.id)).toMatchObject({ status: "SCHEDULED", waitReason: "pace" });

    const raised = await call(`/api/sites/${site.id}`, { method: "PATCH", token, json: { maxNewPerWeek: 3 } });
    expect(await raised.json()).toMatchObject({ maxNewPerWeek: 3 });
    // The held item waits for its date (an hour: only runs in flight fill the week), then starts.
    sent.length = 0;
    await runCronTick(testServices(), new Date(later.getTime() + 61 * 60_000));
    expect(sent.filter((m) => m.itemId === plan.items[2]!.id)).toHaveLength(1);
    expect(await itemRow(plan.items[2]!.id)).toMatchObject({ status: "QUEUED", waitReason: null });
  });

  it("finds due and held items through the due index, never scanning plan items or articles", async () => {
    const explain = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = query.toSQL();
      const { results } = await testEnv.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
        .bind(...params)
        .all<{ detail: string }>();
      return results.map((row) => row.detail).join(" | ");
    };
    for (const query of [queueDueItems(db(), "2026-01-01T00:00:00Z"), holdPacedItems(db(), "2026-01-01T00:00:00Z")]) {
      const plan = await explain(query);
      expect(plan).toMatch(/SEARCH due USING INDEX plan_items_due_idx/);
      expect(plan).toMatch(/articles_site_published_idx/);
      expect(plan).not.toMatch(/SCAN/);
    }
  });
});

describe("approving says when the plan exceeds the pace", () => {
  it("answers pace { maxNewPerWeek, planned, exceeds }", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", maxNewPerWeek: 1 });
    const plan = await offlinePlan(token, site.id, { articleCount: 2, cadencePerWeek: 3 });
    const { body } = await planVia(token, plan.id, "approve");
    expect((body as unknown as { pace: unknown }).pace).toEqual({ maxNewPerWeek: 1, planned: 2, exceeds: true });
    const calm = await offlinePlan(token, (await seedSite(accountId, { platform: "custom", maxNewPerWeek: 5 })).id, {
      articleCount: 2,
      cadencePerWeek: 3,
    });
    expect(((await planVia(token, calm.id, "approve")).body as unknown as { pace: unknown }).pace).toEqual({
      maxNewPerWeek: 5,
      planned: 2,
      exceeds: false,
    });
  });
});

describe("PATCH /api/sites/{siteId} maxNewPerWeek", () => {
  const patch = (token: string, siteId: string, json: unknown) => call(`/api/sites/${siteId}`, { method: "PATCH", token, json });
  const stored = async (siteId: string) => (await db().select().from(sites).where(eq(sites.id, siteId)))[0]!;

  it("sets it and null goes back to the default", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    expect(await (await patch(token, site.id, { maxNewPerWeek: 4 })).json()).toMatchObject({ maxNewPerWeek: 4 });
    expect((await stored(site.id)).maxNewPerWeek).toBe(4);
    expect(await (await patch(token, site.id, { maxNewPerWeek: null })).json()).toMatchObject({ maxNewPerWeek: null });
  });

  it.each([
    ["0", { maxNewPerWeek: 0 }],
    ["51", { maxNewPerWeek: 51 }],
    ["a fraction", { maxNewPerWeek: 2.5 }],
    ["a string", { maxNewPerWeek: "3" }],
  ])("400 for %s, and the site stays as it was", async (_case, body) => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", maxNewPerWeek: 3 });
    const before = await stored(site.id);
    const error = await expectError(await patch(token, site.id, body), 400, "invalid_request");
    expect(error.message).toContain("maxNewPerWeek");
    expect(await stored(site.id)).toEqual(before);
  });

  it("a viewer is 403 and another account is 404; nothing changes", async () => {
    const { accountId } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", maxNewPerWeek: 3 });
    const viewer = await seedMember(accountId, "viewer");
    await expectError(await patch(viewer.token, site.id, { maxNewPerWeek: 9 }), 403);
    const stranger = await seedAccount();
    await expectError(await patch(stranger.token, site.id, { maxNewPerWeek: 9 }), 404);
    expect((await stored(site.id)).maxNewPerWeek).toBe(3);
  });
});
