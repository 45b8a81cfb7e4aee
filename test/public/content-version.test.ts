import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles } from "../../src/db/schema";
import { articlesChanged } from "../../src/articles/content-version";
import { createArticle } from "../factories";
import { abortAllDurableObjects } from "cloudflare:test";
import { call, db, seedAccount, seedArticle, seedSite, testEnv, useServices } from "../harness";

const LIST = "/api/v1/public/articles";
const cacheState = (res: Response) => /cache;desc=(\w+)/.exec(res.headers.get("Server-Timing") ?? "")?.[1];
const titles = async (res: Response) => ((await res.json()) as { data: { title: string }[] }).data.map((a) => a.title);

describe("the public API's content version, ETags and cached answers", () => {
  it("serves a repeated read from the cache and a matching If-None-Match with a 304, without the database", async () => {
    const { accountId, token } = await seedAccount();
    const article = await seedArticle(accountId, { title: "Cached", status: "published" });
    const first = await call(LIST, { token });
    expect(cacheState(first)).toBe("miss");
    const etag = first.headers.get("ETag")!;
    expect(await titles(first)).toEqual(["Cached"]);

    // Behind the service's back (no writer, so no new version): the stored answer is still served,
    // which shows it came from the cache, not from D1.
    await db().update(articles).set({ title: "Changed in the database only" }).where(eq(articles.id, article.id));
    expect(first.headers.get("Server-Timing")).toMatch(/^ratelimit;dur=\d+, cache;desc=miss, query;dur=\d+(\.\d)?$/);
    const second = await call(LIST, { token });
    expect(cacheState(second)).toBe("hit");
    expect(second.headers.get("Server-Timing")).not.toContain("query");
    expect(second.headers.get("ETag")).toBe(etag);
    expect(await titles(second)).toEqual(["Cached"]);
    const revalidated = await call(LIST, { token, headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(cacheState(revalidated)).toBe("revalidated");

    // Any writer bumps the version: the next read is fresh and the old ETag no longer matches.
    await articlesChanged({ accountState: testEnv.ACCOUNT_STATE, d1: testEnv.DB }, accountId);
    const fresh = await call(LIST, { token, headers: { "If-None-Match": etag } });
    expect(fresh.status).toBe(200);
    expect(cacheState(fresh)).toBe("miss");
    expect(fresh.headers.get("ETag")).not.toBe(etag);
    expect(await titles(fresh)).toEqual(["Changed in the database only"]);
  });

  it("shows an edit made through the management API at once, in the list and the detail", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const article = await seedArticle(accountId, { title: "Before", status: "published", siteId: site.id });
    const detail = `${LIST}/${article.id}`;
    const etag = (await call(detail, { token })).headers.get("ETag")!;
    await call(LIST, { token });

    const patched = await call(`/api/autopilot/articles/${article.id}`, { method: "PATCH", token, json: { title: "After" } });
    expect(patched.status).toBe(200);
    const read = await call(detail, { token, headers: { "If-None-Match": etag } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { data: { title: string } }).data.title).toBe("After");
    expect(await titles(await call(LIST, { token }))).toEqual(["After"]);
  });

  it("shows an article published after review at once in a list read before", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const pending = await seedArticle(accountId, { title: "Waiting", status: "pending", siteId: site.id });
    const published = `${LIST}?status=published`;
    expect(await titles(await call(published, { token }))).toEqual([]);
    expect((await call(`/api/autopilot/articles/${pending.id}/publish`, { method: "POST", token })).status).toBe(200);
    expect(await titles(await call(published, { token }))).toEqual(["Waiting"]);
  });

  it("never serves one account's answer to another, and shares an answer between orders of the same query", async () => {
    const one = await seedAccount();
    const two = await seedAccount();
    await seedArticle(one.accountId, { title: "One's" });
    await seedArticle(two.accountId, { title: "Two's" });
    const path = `${LIST}?per_page=5&page=1`;
    expect(await titles(await call(path, { token: one.token }))).toEqual(["One's"]);
    const other = await call(path, { token: two.token });
    expect(await titles(other)).toEqual(["Two's"]);
    expect(cacheState(other)).toBe("miss");

    const reordered = await call(`${LIST}?page=1&per_page=5`, { token: one.token });
    expect(cacheState(reordered)).toBe("hit");
    expect(await titles(reordered)).toEqual(["One's"]);
  });

  it("counts a list once per version: another page reuses the total, a write makes it count again", async () => {
    const { accountId, token } = await seedAccount();
    for (const title of ["a", "b", "c"]) await seedArticle(accountId, { title });
    const meta = async (path: string) =>
      ((await (await call(path, { token })).json()) as { meta: { total: number; last_page: number } }).meta;
    expect(await meta(`${LIST}?per_page=2`)).toMatchObject({ total: 3, last_page: 2 });
    // Behind the service's back: the next page of the same list still reports the total it counted.
    await db().delete(articles).where(eq(articles.accountId, accountId));
    expect(await meta(`${LIST}?per_page=2&page=2`)).toMatchObject({ total: 3 });
    await seedArticle(accountId, { title: "d" });
    expect(await meta(`${LIST}?per_page=2&page=3`)).toMatchObject({ total: 1, last_page: 1 });
  });

  it("keeps the version when the account's object restarts (it is stored), and moves it on with every bump", async () => {
    const { accountId } = await seedAccount();
    const stub = () => testEnv.ACCOUNT_STATE.get(testEnv.ACCOUNT_STATE.idFromName(accountId));
    const before = (await stub().hit(100, 60_000, "tok_x")).contentVersion;
    const bumped = await stub().bumpContentVersion();
    expect(bumped).toBeGreaterThan(before);
    expect((await stub().hit(100, 60_000, "tok_x")).contentVersion).toBe(bumped);
    const { abortAllDurableObjects } = await import("cloudflare:test");
    await abortAllDurableObjects();
    expect((await stub().hit(100, 60_000, "tok_x")).contentVersion).toBe(bumped);
    expect(await stub().bumpContentVersion()).toBeGreaterThan(bumped);
  });
});

describe("reads from D1 replicas (the Sessions API)", () => {
  /** The D1 binding, noting the constraint or bookmark of every session started on it. */
  function sessionsNoted() {
    const started: string[] = [];
    const d1 = new Proxy(testEnv.DB, {
      get(target, name) {
        if (name === "withSession")
          return (constraint?: string) => {
            started.push(constraint ?? "first-unconstrained");
            return target.withSession(constraint);
          };
        const value = Reflect.get(target, name, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    useServices({ d1 });
    return started;
  }
  const bookmark = /^[0-9a-f]{8}-[0-9a-f]{8}-/;

  it("a read that misses the cache runs in a session from the bookmark of the write behind the version; a repeat read starts none", async () => {
    const started = sessionsNoted();
    const { accountId, token } = await seedAccount();
    // Nothing written yet: no bookmark, so the primary.
    expect((await call(LIST, { token })).status).toBe(200);
    expect(started).toEqual(["first-primary"]);

    await seedArticle(accountId, { title: "Replicated", status: "published" });
    const fresh = await call(LIST, { token });
    expect(await titles(fresh)).toEqual(["Replicated"]);
    expect(started).toHaveLength(2);
    const first = started[1]!;
    expect(first).toMatch(bookmark);

    expect(cacheState(await call(LIST, { token }))).toBe("hit");
    expect(started).toHaveLength(2);

    // The next write's bookmark is later (bookmarks sort oldest to newest), and the next miss starts there.
    await seedArticle(accountId, { title: "Second", status: "published" });
    expect(await titles(await call(LIST, { token }))).toHaveLength(2);
    const second = started.at(-1)!;
    expect(second).toMatch(bookmark);
    expect(second > first).toBe(true);

    // The bookmark is stored with the version: it outlives the object's eviction.
    await abortAllDurableObjects();
    const stub = testEnv.ACCOUNT_STATE.get(testEnv.ACCOUNT_STATE.idFromName(accountId));
    expect((await stub.lease(100, 60_000, 1)).contentBookmark).toBe(second);
  });

  it("an account not written since bookmarks were kept reads the primary until its object has taken one of the primary", async () => {
    const started = sessionsNoted();
    const { accountId, token } = await seedAccount();
    // Written behind the service's back: no bump, so no bookmark.
    await createArticle(db(), accountId, { title: "Old", html: "<p>Old.</p>", status: "published" });
    for (let size = 1; size <= 12; size++) expect((await call(`${LIST}?per_page=${size}`, { token })).status).toBe(200);
    expect(started[0]).toBe("first-primary");
    // The object took a bookmark of the primary when first asked; a later slice carries it.
    expect(started.at(-1)).toMatch(bookmark);
  });

  it("an older bookmark arriving late never replaces a newer one", async () => {
    const stub = testEnv.ACCOUNT_STATE.get(testEnv.ACCOUNT_STATE.idFromName(`unit-${crypto.randomUUID()}`));
    await stub.bumpContentVersion("00000000-00000020-00000000-0");
    await stub.bumpContentVersion("00000000-0000001f-00000000-0");
    await stub.bumpContentVersion(null);
    expect(await stub.lease(100, 60_000, 1)).toMatchObject({ contentBookmark: "00000000-00000020-00000000-0" });
  });
});
