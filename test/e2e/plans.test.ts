import { describe, expect, it } from "vitest";
import { call, seedAccount } from "../harness";
import { connectPeer, peer, peerMissing, wp } from "./wordpress-peer";

interface PlanItem {
  title: string;
  targetKeyword: string;
  status: string;
  scheduledAt: string | null;
}

/** The words that carry a topic, folded the simple way (the seeded posts are English). */
const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2)
      .map((w) => w.replace(/s$/, "")),
  );

describe.skipIf(peerMissing)(`a plan for the real WordPress at ${peer.url || "(WP_URL not set: skipped)"}`, () => {
  it("connect, sync, brief, plan: no keyword repeats a seeded post's topic; approve schedules the items", async () => {
    const { token } = await seedAccount();
    const site = await connectPeer(token);
    const synced = (await (await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).json()) as { synced: number };
    const postCount = Number((await wp("wp/v2/posts?per_page=1")).headers.get("X-WP-Total"));
    expect(synced.synced).toBe(postCount);

    // The brief names topics the seeded posts already cover, and two they do not.
    const brief = await call(`/api/sites/${site.id}/brief`, {
      method: "PUT",
      token,
      json: {
        business:
          "A blog for people who run a WordPress site: database backups, image optimization, page load time, newsletter hosting, podcast editing",
        audience: "Small site owners",
      },
    });
    expect(brief.status).toBe(200);

    const res = await call("/api/autopilot/plans", {
      method: "POST",
      token,
      json: { siteId: site.id, articleCount: 10, cadencePerWeek: 3 },
    });
    expect(res.status).toBe(201);
    const plan = (await res.json()) as {
      id: string;
      status: string;
      items: PlanItem[];
      research: { seeds: string[]; ideasFound: number; ideasUsable: number };
    };
    expect(plan.status).toBe("DRAFT");
    expect(plan.research.seeds).toEqual(expect.arrayContaining(["database backups", "image optimization", "podcast editing"]));
    expect(plan.items.length).toBeGreaterThan(0);
    // Research found ideas that repeat the seeded posts (e.g. "database backups" itself) and dropped them.
    expect(plan.research.ideasUsable).toBeLessThan(plan.research.ideasFound);

    // The witness: WordPress's own titles. No item's keyword is all inside one of them.
    const posts = (await wp("wp/v2/posts?per_page=100&_fields=title")).body as { title: { rendered: string } }[];
    expect(posts).toHaveLength(postCount);
    const titles = posts.map((post) => words(post.title.rendered));
    for (const item of plan.items) {
      const keyword = words(item.targetKeyword);
      const repeated = titles.find((title) => [...keyword].every((w) => title.has(w)));
      expect(repeated, `${item.targetKeyword} repeats a seeded post`).toBeUndefined();
    }
    expect(plan.items.map((i) => i.targetKeyword)).not.toContain("database backups");
    expect(plan.items.map((i) => i.targetKeyword)).not.toContain("image optimization");

    const approved = (await (await call(`/api/autopilot/plans/${plan.id}/approve`, { method: "POST", token })).json()) as {
      status: string;
      items: PlanItem[];
    };
    expect(approved.status).toBe("ACTIVE");
    const times = approved.items.map((i) => Date.parse(i.scheduledAt!));
    expect(approved.items.every((i) => i.status === "SCHEDULED")).toBe(true);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBe(56 * 3600 * 1000);
  });
});
