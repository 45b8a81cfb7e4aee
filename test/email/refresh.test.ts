import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SEARCH_REFRESH_MESSAGE } from "../../src/core/queue-messages";
import { existingPosts, sites, type SearchSettings } from "../../src/db/schema";
import { messageHandlers } from "../../src/jobs/queues";
import { checkDecay } from "../../src/search-console/decay";
import { db, recordingQueue, testServices } from "../harness";
import { goodSuggestion, syncedPost } from "../improvements/helpers";
import { SYNCED_THROUGH as E, seedSearchPage } from "../search-console/search-rows";
import { deliverEmailMessages, seedMember, sentTo, takeEmailMessagesOf, useEmail } from "./helpers";

/** A synced post whose page lost half its clicks, its refresh queued by the weekly check (as test/search-console/refresh.test.ts). */
async function queuedRefresh(settings: SearchSettings) {
  const context = await syncedPost();
  const fake = useEmail({ TEXT_PROVIDER: "openai", TEXT_MODEL: "gpt-4o-mini" });
  await db().update(sites).set({ searchSyncedThrough: E, searchSettings: settings }).where(eq(sites.id, context.site.id));
  const [row] = await db().select().from(existingPosts).where(eq(existingPosts.id, context.postId));
  await seedSearchPage(context.site.id, row!.url, { postId: context.postId }, [
    { day: E - 30, clicks: 100, impressions: 1000, position: 3 },
    { day: E, clicks: 40, impressions: 1000, position: 3 },
  ]);
  const search = recordingQueue();
  expect(
    (await checkDecay(testServices({ queues: { search: search.queue } }), context.site.id, new Date("2026-11-25T09:00:00Z"))).queued,
  ).toBe(1);
  const message = search.sent[0]!.body;
  expect(message).toMatchObject({ type: SEARCH_REFRESH_MESSAGE, postId: context.postId });
  const deliver = () => messageHandlers[SEARCH_REFRESH_MESSAGE]!(message, testServices());
  return { ...context, fake, title: row!.title, deliver };
}

describe("e-mail of a refresh suggested by decay", () => {
  it("tells the editors and up of the site once per post and week, however often the refresh message is delivered", async () => {
    const { accountId, openai, postId, site, fake, title, deliver } = await queuedRefresh({
      refreshDecaying: true,
      autoApply: false,
      maxRefreshesPerWeek: 3,
    });
    const editor = await seedMember(accountId, { role: "editor", locale: "tr", siteIds: [site.id] });
    const writer = await seedMember(accountId, { role: "writer" });
    openai.script({ answer: goodSuggestion() }, { answer: goodSuggestion() });
    await deliver();
    await deliver();

    const bodies = await takeEmailMessagesOf(accountId);
    expect(bodies).toHaveLength(2);
    await deliverEmailMessages(bodies);
    await deliverEmailMessages(bodies, 2);
    expect(fake.sent).toHaveLength(2);
    const toEditor = sentTo(fake, editor.email)[0]!;
    expect(toEditor.subject).toBe(`“${title}” için bir yenileme hazır`);
    expect(toEditor.html).toContain(`href="https://autopilot.example.com/posts/${postId}"`);
    expect(sentTo(fake, writer.email)).toEqual([]);
  });

  it("sends nothing when the refresh was applied automatically (no one needs to act)", async () => {
    const { accountId, openai, fake, deliver } = await queuedRefresh({ refreshDecaying: true, autoApply: true, maxRefreshesPerWeek: 3 });
    openai.script({ answer: goodSuggestion() });
    await deliver();
    expect(await takeEmailMessagesOf(accountId)).toEqual([]);
    expect(fake.sent).toEqual([]);
  });
});
