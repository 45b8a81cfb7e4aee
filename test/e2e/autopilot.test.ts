import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { call, seedAccount, testEnv } from "../harness";
import { connectPeer, peer, peerMissing, removeAddedSince, snapshot, unique, wp } from "./wordpress-peer";

interface PlanItem {
  id: string;
  status: string;
  articleId: string | null;
  url: string | null;
  failureReason: string | null;
}

/** The cron trigger, as Cloudflare (or `curl /cdn-cgi/local/scheduled`) fires it. */
async function cronTick(at: Date) {
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), testEnv);
}

async function waitForItem(token: string, planId: string, itemId: string): Promise<PlanItem> {
  for (let i = 0; i < 120; i += 1) {
    const plan = (await (await call(`/api/autopilot/plans/${planId}`, { token })).json()) as { items: PlanItem[] };
    const item = plan.items.find((candidate) => candidate.id === itemId)!;
    if (item.status === "PUBLISHED" || item.status === "FAILED") return item;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`item ${itemId} was not published within a minute`);
}

describe.skipIf(peerMissing)(`the autopilot on the real WordPress at ${peer.url || "(WP_URL not set: skipped)"}`, () => {
  it("approve a plan, the cron tick publishes its first item: the post on WordPress with its featured image, categories and tags", async () => {
    const before = await snapshot();
    try {
      await approveCronRunEdit();
    } finally {
      await removeAddedSince(before);
    }
  });

  it("publish racing two edits ends with WordPress equal to our record (issue 18, item 6)", async () => {
    const before = await snapshot();
    try {
      const { token } = await seedAccount();
      const site = await connectPeer(token);
      const plan = (await (
        await call("/api/autopilot/plans", {
          method: "POST",
          token,
          json: { siteId: site.id, articleCount: 1, cadencePerWeek: 1, publishMode: "review" },
        })
      ).json()) as { id: string; items: PlanItem[] };
      const run = await call(`/api/autopilot/items/${plan.items[0]!.id}/run`, { method: "POST", token });
      expect(run.status).toBe(200);
      const { articleId } = (await run.json()) as { articleId: string };
      const patch = (title: string) => call(`/api/autopilot/articles/${articleId}`, { method: "PATCH", token, json: { title } });

      expect((await patch(unique("Title A"))).status).toBe(200);
      const publishing = call(`/api/autopilot/articles/${articleId}/publish`, { method: "POST", token });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [edited, published, editedAgain] = await Promise.all([patch(unique("Title B")), publishing, patch(unique("Title C"))]);
      expect([edited.status, published.status, editedAgain.status]).toEqual([200, 200, 200]);

      const ours = (await (await call(`/api/autopilot/articles/${articleId}`, { token })).json()) as {
        title: string;
        status: string;
        url: string;
      };
      expect(ours.status).toBe("published");
      const { body: posts } = await wp(
        `wp/v2/posts?search=${encodeURIComponent(`content-autopilot:${plan.items[0]!.id}`)}&status=publish,draft&context=edit`,
      );
      expect(posts).toHaveLength(1);
      expect(posts[0].title.raw).toBe(ours.title);
      expect(posts[0].link).toBe(ours.url);
    } finally {
      await removeAddedSince(before);
    }
  });
});

/** Approve, the cron tick publishes; edit through our API; run the next item now. */
async function approveCronRunEdit() {
  const { token } = await seedAccount();
  const site = await connectPeer(token);
  await call(`/api/sites/${site.id}/brief`, {
    method: "PUT",
    token,
    json: { business: `Sourdough baking ${unique("e2e")}`, audience: "Home bakers" },
  });
  const plan = (await (
    await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: site.id, articleCount: 2, cadencePerWeek: 1 } })
  ).json()) as { id: string; items: PlanItem[] };
  const approved = await call(`/api/autopilot/plans/${plan.id}/approve`, { method: "POST", token });
  expect(approved.status).toBe(200);

  // The tick queues the due item; the generation queue's consumer starts its Workflow.
  await cronTick(new Date(Date.now() + 60_000));
  const item = await waitForItem(token, plan.id, plan.items[0]!.id);
  expect(item).toMatchObject({ status: "PUBLISHED", failureReason: null });
  expect(item.url).toMatch(new RegExp(`^${peer.url}/`));

  const article = (await (await call(`/api/autopilot/articles/${item.articleId}`, { token })).json()) as {
    id: string;
    title: string;
    slug: string;
  };
  const { body: posts } = await wp(`wp/v2/posts?slug=${article.slug}&context=edit`);
  expect(posts).toHaveLength(1);
  const post = posts[0];
  expect(post).toMatchObject({ status: "publish", link: item.url });
  expect(post.content.raw).toContain(`<!-- content-autopilot:${plan.items[0]!.id} -->`);
  expect(post.featured_media).toBeGreaterThan(0);
  const { body: media } = await wp(`wp/v2/media/${post.featured_media}`);
  expect(media.mime_type).toBe("image/webp");
  expect(media.alt_text.length).toBeGreaterThan(0);
  expect(post.tags.length).toBeGreaterThan(0);
  const { body: categories } = await wp(`wp/v2/categories?include=${post.categories.join(",")}`);
  expect(categories.map((c: { name: string }) => c.name)).not.toEqual(["Uncategorized"]);
  // An edit through our API reaches WordPress, and WordPress gives it back.
  const edited = await call(`/api/autopilot/articles/${item.articleId}`, {
    method: "PATCH",
    token,
    json: { title: `${article.title} (edited)`, html: "<h2>Edited</h2><p>Changed through the autopilot API.</p>" },
  });
  expect(edited.status).toBe(200);
  expect(((await edited.json()) as { blogUpdated: boolean }).blogUpdated).toBe(true);
  const { body: after } = await wp(`wp/v2/posts/${post.id}?context=edit`);
  expect(after.title.raw).toBe(`${article.title} (edited)`);
  expect(after.content.raw).toContain("<h2>Edited</h2><p>Changed through the autopilot API.</p>");
  expect(after.content.raw).toContain(`<!-- content-autopilot:${plan.items[0]!.id} -->`);
  expect(after.featured_media).toBe(post.featured_media);

  // The second item waits for its time (one a week): the next tick leaves it alone.
  await cronTick(new Date(Date.now() + 120_000));
  const later = (await (await call(`/api/autopilot/plans/${plan.id}`, { token })).json()) as { items: PlanItem[] };
  expect(later.items[1]!.status).toBe("SCHEDULED");

  // Run it now instead: published at once, and a second run is refused.
  const run = await call(`/api/autopilot/items/${plan.items[1]!.id}/run`, { method: "POST", token });
  expect(run.status).toBe(200);
  const again = await call(`/api/autopilot/items/${plan.items[1]!.id}/run`, { method: "POST", token });
  expect(again.status).toBe(409);
  expect(((await (await call(`/api/autopilot/plans/${plan.id}`, { token })).json()) as { status: string }).status).toBe("COMPLETED");
}
