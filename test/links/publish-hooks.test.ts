import { describe, expect, it } from "vitest";
import { LINKS_PUBLISHED_MESSAGE } from "../../src/core/queue-messages";
import { messageHandlers } from "../../src/jobs/queues";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, searchQueue, seedAccount, testServices } from "../harness";
import { offlinePlan, runNow } from "../pipeline/helpers";

// Every way an article goes live queues the link upkeep (links.published), and the queue's
// handler takes it: the pipeline's publish and the publish of an article that waited in review.

async function generated(token: string, siteId: string, publishMode: string) {
  const plan = await offlinePlan(token, siteId, { articleCount: 1, publishMode });
  const res = await runNow(token, plan.items[0]!.id);
  expect(res.status).toBe(200);
  return Number(((await res.json()) as { articleId: string }).articleId);
}

const upkeepOf = (articleId: number) =>
  searchQueue.sent.filter((message) => message.body.type === LINKS_PUBLISHED_MESSAGE && message.body.articleId === articleId);

describe("the link upkeep after a publish", () => {
  it("is queued by the pipeline and by a publish after review (not while in review), and the handler takes it", async () => {
    const wp = installFakeWordPress({ postCount: 3 });
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);

    const live = await generated(token, site.id, "publish");
    expect(upkeepOf(live)).toHaveLength(1);
    await messageHandlers[LINKS_PUBLISHED_MESSAGE]!(upkeepOf(live)[0]!.body, testServices());
    const links = (await (await call(`/api/sites/${site.id}/links`, { token })).json()) as { stats: { pages: number } };
    expect(links.stats.pages).toBe(4);
    // A redelivery is harmless.
    await messageHandlers[LINKS_PUBLISHED_MESSAGE]!(upkeepOf(live)[0]!.body, testServices());

    const reviewed = await generated(token, site.id, "review");
    expect(upkeepOf(reviewed)).toHaveLength(0);
    expect((await call(`/api/autopilot/articles/${reviewed}/publish`, { method: "POST", token })).status).toBe(200);
    expect(upkeepOf(reviewed)).toHaveLength(1);
  });
});
