import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, charges, chatMessages } from "../../src/db/schema";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, db, seedAccount, seedSite, useVars } from "../harness";
import { offlinePlan, runNow } from "../pipeline/helpers";

// Issue 18, "Proof": publish, PATCH, improve and chat under 10-way concurrency. Whatever the
// interleaving: one post, the platform equal to our record, every charge settled or refunded
// (none left reserved), and the balance equal to what the settled charges took.

const TEN = Array.from({ length: 10 }, (_, i) => i);

async function chargesOf(accountId: string) {
  return db().select().from(charges).where(eq(charges.accountId, accountId));
}

async function balanceOf(accountId: string) {
  return (await db().select({ kurus: accounts.creditBalanceKurus }).from(accounts).where(eq(accounts.id, accountId)))[0]!.kurus;
}

/** A pending article (review mode) of a fresh account on a fake WordPress. */
async function pendingOnWordPress() {
  const wp = installFakeWordPress();
  const { accountId, token } = await seedAccount();
  const site = await connectFakeSite(token, wp);
  const plan = await offlinePlan(token, site.id, { articleCount: 1, publishMode: "review" });
  const { articleId } = (await (await runNow(token, plan.items[0]!.id)).json()) as { articleId: string };
  const posts = () => wp.content.posts.filter((p) => p.content.includes(`content-autopilot:${plan.items[0]!.id}`));
  return { wp, accountId, token, site, articleId, posts };
}

describe("10 at once", () => {
  it("publish: one 200, nine 409, one post", async () => {
    const { token, articleId, posts } = await pendingOnWordPress();
    const answers = await Promise.all(TEN.map(() => call(`/api/autopilot/articles/${articleId}/publish`, { method: "POST", token })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.status).toBe("publish");
  });

  it("PATCH of a published article: every edit answers 200 and WordPress ends with the title we store", async () => {
    const { token, articleId, posts } = await pendingOnWordPress();
    expect((await call(`/api/autopilot/articles/${articleId}/publish`, { method: "POST", token })).status).toBe(200);
    const answers = await Promise.all(
      TEN.map((i) => call(`/api/autopilot/articles/${articleId}`, { method: "PATCH", token, json: { title: `Edit number ${i}` } })),
    );
    expect(answers.map((res) => res.status)).toEqual(TEN.map(() => 200));
    const stored = (await (await call(`/api/autopilot/articles/${articleId}`, { token })).json()) as { title: string };
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.title).toBe(stored.title);
  });

  it("publish racing nine edits: one post, and WordPress ends with the title we store", async () => {
    const { token, articleId, posts } = await pendingOnWordPress();
    const answers = await Promise.all([
      call(`/api/autopilot/articles/${articleId}/publish`, { method: "POST", token }),
      ...TEN.slice(1).map((i) =>
        call(`/api/autopilot/articles/${articleId}`, { method: "PATCH", token, json: { title: `Edit number ${i}` } }),
      ),
    ]);
    expect(answers.map((res) => res.status)).toEqual(TEN.map(() => 200));
    const stored = (await (await call(`/api/autopilot/articles/${articleId}`, { token })).json()) as { title: string; status: string };
    expect(stored.status).toBe("published");
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.title).toBe(stored.title);
  });

  it("improve: every run is settled or refunded, the stored suggestion's run is paid for, and the balance matches", async () => {
    const wp = installFakeWordPress({ postCount: 3 });
    const { accountId, token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);
    const list = (await (await call(`/api/sites/${site.id}/posts`, { token })).json()) as { items: { id: string }[] };
    const postId = list.items[0]!.id;
    const before = await balanceOf(accountId);

    const answers = await Promise.all(TEN.map(() => call(`/api/sites/posts/${postId}/improve`, { method: "POST", token })));
    const ok = answers.filter((res) => res.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true);
    const rows = await chargesOf(accountId);
    expect(rows.filter((c) => c.status === "reserved")).toEqual([]);
    const settled = rows.filter((c) => c.status === "settled");
    expect(settled).toHaveLength(ok);
    expect(before - (await balanceOf(accountId))).toBe(settled.reduce((sum, c) => sum + c.amountKurus, 0));
    const improvement = (await (await call(`/api/sites/posts/${postId}/improvement`, { token })).json()) as { status: string };
    expect(improvement.status).toBe("SUGGESTED");
  });

  it("chat with a price: every message is charged once or refunded, none left reserved, one reply per charged message", async () => {
    useVars({ CHAT_PRICE_TRY: "1.50" });
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", language: "en", businessContext: "A bakery" });
    const before = await balanceOf(accountId);
    const answers = await Promise.all(
      TEN.map((i) => call(`/api/sites/${site.id}/chat`, { method: "POST", token, json: { message: `Question ${i}?` } })),
    );
    expect(answers.map((res) => res.status)).toEqual(TEN.map(() => 200));
    const rows = await chargesOf(accountId);
    expect(rows.filter((c) => c.status === "reserved")).toEqual([]);
    expect(rows.filter((c) => c.status === "settled")).toHaveLength(10);
    expect(before - (await balanceOf(accountId))).toBe(10 * 150);
    const replies = await db().select().from(chatMessages).where(eq(chatMessages.siteId, site.id));
    expect(replies.filter((m) => m.role === "assistant")).toHaveLength(10);
  });
});
