import { createMessageBatch } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createIndexNowClient } from "../../src/adapters/index-now/client";
import { ProviderError } from "../../src/adapters/provider-error";
import { queueIndexNow, submitToIndexNow } from "../../src/articles/index-now";
import { INDEX_NOW_MESSAGE, IndexNowSubmit } from "../../src/core/queue-messages";
import { articles, existingPosts } from "../../src/db/schema";
import { handleQueueBatch } from "../../src/jobs/queues";
import { CONNECTOR_VERSION } from "../../src/sites/connector-files.generated";
import { createIndexNowFake, INDEXNOW_ENDPOINT, INDEXNOW_HOST } from "../fakes/index-now";
import { fakeNetwork } from "../fakes/network";
import { createFakeWordPress } from "../fakes/wordpress";
import { connectFakeSite } from "../fakes/wordpress-setup";
import { call, db, seedAccount, seedArticle, seedSite, testServices, useFakeFetch, useServices, useVars } from "../harness";
import { goodSuggestion, post, syncedPost } from "../improvements/helpers";
import { articlesOfItem, offlinePlan, runNow, useRecordingQueue } from "../pipeline/helpers";

// IndexNow: every URL that goes live or changes on a blog or custom site is queued, submitted
// with the site's key (the connector plugin serves it on WordPress) and the answer recorded on
// the article; forums never take part, and offline nothing leaves the machine.

const KEY = "0123456789abcdef0123456789abcdef";

interface SiteRecord {
  id: string;
  indexNow: { key: string; keyUrl: string } | null;
}

const indexNowOf = async (articleId: number) =>
  (await db().select({ indexNow: articles.indexNow }).from(articles).where(eq(articles.id, articleId)))[0]!.indexNow;
const indexNowMessages = (sent: Record<string, unknown>[]) => sent.filter((body) => body.type === INDEX_NOW_MESSAGE);

/**
 * The generation queue's runs and the search queue's IndexNow messages, recorded in one list (a
 * test hands them to the consumer itself).
 */
function useRecordingQueues(): { sent: Record<string, unknown>[] } {
  const { sent } = useRecordingQueue();
  const search = {
    send: async (body: unknown) => void sent.push(body as Record<string, unknown>),
    sendBatch: async (messages: Iterable<MessageSendRequest<unknown>>) => {
      for (const message of messages) sent.push(message.body as Record<string, unknown>);
    },
  } as unknown as Queue<unknown>;
  useServices({ queues: { search } });
  return { sent };
}

/** Hands the queued IndexNow messages (and clears them) to the search queue's consumer. */
async function deliverIndexNow(sent: Record<string, unknown>[]) {
  const messages = indexNowMessages(sent);
  sent.splice(0);
  const batch = createMessageBatch(
    "content-autopilot-search",
    messages.map((body, i) => ({ id: `indexnow-${i}-${Math.random()}`, timestamp: new Date(), attempts: 1, body })),
  );
  await handleQueueBatch(batch, testServices());
}

/** A WordPress site with the current connector, connected, with IndexNow's engine reading its key file from it. */
async function wordPressWithIndexNow() {
  const { accountId, token } = await seedAccount();
  const wp = createFakeWordPress();
  wp.content.connector = { version: CONNECTOR_VERSION, seoPlugin: null };
  const indexNow = createIndexNowFake({ sites: wp.fetch });
  useVars({ INDEXNOW_PROVIDER: "indexnow", INDEXNOW_ENDPOINT });
  useFakeFetch(fakeNetwork(wp.peer, indexNow.peer));
  const { sent } = useRecordingQueues();
  const site = (await connectFakeSite(token, wp)) as unknown as SiteRecord;
  return { accountId, token, wp, indexNow, sent, site };
}

async function publishOne(token: string, siteId: string) {
  const plan = await offlinePlan(token, siteId, { articleCount: 1 });
  expect((await runNow(token, plan.items[0]!.id)).status).toBe(200);
  const [article] = await articlesOfItem(plan.items[0]!.id);
  expect(article!.status).toBe("published");
  return article!;
}

describe("the site's key", () => {
  it("is made at connect, shown on the site record and handed to the connector plugin, which serves it at /{key}.txt", async () => {
    const { token, wp, site } = await wordPressWithIndexNow();
    expect(site.indexNow?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(site.indexNow?.keyUrl).toBe(`${wp.origin}/${site.indexNow!.key}.txt`);
    const handed = wp.calls("content-autopilot/v1/indexnow-key", "POST");
    expect(handed).toHaveLength(1);
    expect(handed[0]).toMatchObject({ authenticated: true });
    expect(JSON.parse(handed[0]!.body)).toEqual({ key: site.indexNow!.key });
    const file = await wp.fetch(site.indexNow!.keyUrl);
    expect([file.status, await file.text()]).toEqual([200, site.indexNow!.key]);

    // A plugin reinstalled since has lost it: the next sync hands it again.
    wp.indexNowKey = null;
    expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);
    expect(wp.indexNowKey).toBe(site.indexNow!.key);
    expect((await (await call(`/api/sites/${site.id}`, { token })).json()) as SiteRecord).toMatchObject({ indexNow: site.indexNow });
  });

  it("is not sent to a connector older than 1.2.0, which has no route for it", async () => {
    const { token } = await seedAccount();
    const wp = createFakeWordPress();
    wp.content.connector = { version: "1.1.0", seoPlugin: null };
    useFakeFetch(wp.fetch);
    const site = (await connectFakeSite(token, wp)) as unknown as SiteRecord;
    expect(site.indexNow?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(wp.calls("content-autopilot/v1/indexnow-key")).toHaveLength(0);
  });

  it("is made for a custom site, which hosts the file itself; a custom site's article has no URL from us, so nothing is queued", async () => {
    const { token } = await seedAccount();
    const { sent } = useRecordingQueues();
    const res = await call("/api/platforms/custom/connect", {
      method: "POST",
      token,
      json: { url: "https://www.example.com", businessContext: "A bakery", language: "en" },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const site = (await (await call(`/api/sites/${id}`, { token })).json()) as SiteRecord;
    expect(site.indexNow).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{32}$/),
      keyUrl: `https://www.example.com/${site.indexNow!.key}.txt`,
    });

    const article = await publishOne(token, site.id);
    expect(article.publicationUrl).toBeNull();
    expect(indexNowMessages(sent)).toEqual([]);
    expect(article.indexNow).toBeNull();
  });
});

describe("a published WordPress article", () => {
  it("is queued, submitted with the site's key and key file, and its answer recorded: 202 first, 200 after an edit", async () => {
    const { accountId, token, wp, indexNow, sent, site } = await wordPressWithIndexNow();
    const article = await publishOne(token, site.id);
    const url = article.publicationUrl!;
    expect(url.startsWith(wp.origin)).toBe(true);
    expect(indexNowMessages(sent)).toEqual([{ type: INDEX_NOW_MESSAGE, accountId, siteId: site.id, url, articleId: article.id }]);
    expect(await indexNowOf(article.id)).toMatchObject({ status: "pending", httpStatus: null, offline: false });

    await deliverIndexNow(sent);
    expect(indexNow.submissions).toEqual([
      {
        method: "POST",
        host: new URL(wp.origin).host,
        key: site.indexNow!.key,
        keyLocation: site.indexNow!.keyUrl,
        urlList: [url],
        contentType: "application/json; charset=utf-8",
      },
    ]);
    expect(await indexNowOf(article.id)).toMatchObject({ status: "accepted", httpStatus: 202, offline: false });

    const edited = await call(`/api/autopilot/articles/${article.id}`, { method: "PATCH", token, json: { title: "A better title" } });
    expect(((await edited.json()) as { blogUpdated: boolean }).blogUpdated).toBe(true);
    expect(indexNowMessages(sent)).toHaveLength(1);
    await deliverIndexNow(sent);
    expect(indexNow.submissions).toHaveLength(2);
    const shown = (await (await call(`/api/autopilot/articles/${article.id}`, { token })).json()) as { indexNow: unknown };
    expect(shown.indexNow).toEqual({ status: "submitted", submittedAt: expect.any(String), httpStatus: 200, offline: false });
  });

  it("records key_invalid when the site no longer serves its key (403)", async () => {
    const { token, wp, indexNow, sent, site } = await wordPressWithIndexNow();
    const article = await publishOne(token, site.id);
    wp.content.connector = null;
    await deliverIndexNow(sent);
    expect(indexNow.requests.map((request) => request.status)).toEqual([403]);
    expect(await indexNowOf(article.id)).toMatchObject({ status: "key_invalid", httpStatus: 403 });
  });

  it("on a 429 is rethrown with the engine's Retry-After (an hour without one) and stays pending; a 5xx is retried too", async () => {
    const { accountId, token, indexNow, sent, site } = await wordPressWithIndexNow();
    const article = await publishOne(token, site.id);
    const message = IndexNowSubmit.parse(indexNowMessages(sent)[0]);
    expect(message).toEqual({ accountId, siteId: site.id, url: article.publicationUrl, articleId: article.id });

    indexNow.rateLimit(true, "7200");
    const limited = await submitToIndexNow(testServices(), message).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ProviderError);
    expect(limited).toMatchObject({ failure: "rate_limited", retryable: true, retryAfterSeconds: 7200 });
    indexNow.rateLimit(true);
    expect(await submitToIndexNow(testServices(), message).catch((error: unknown) => error)).toMatchObject({ retryAfterSeconds: 3600 });
    indexNow.rateLimit(false);
    indexNow.failHttp(503);
    expect(await submitToIndexNow(testServices(), message).catch((error: unknown) => error)).toMatchObject({
      failure: "unavailable",
      retryable: true,
    });
    expect(await indexNowOf(article.id)).toMatchObject({ status: "pending" });
    expect(indexNow.submissions).toEqual([]);

    // The queue's next delivery gets through.
    await submitToIndexNow(testServices(), message);
    expect(await indexNowOf(article.id)).toMatchObject({ status: "accepted", httpStatus: 202 });
  });

  it("is recorded failed when the queue refuses its message; the edit that queued it stands", async () => {
    const { accountId, site } = await wordPressWithIndexNow();
    const brokenQueue = {
      send: async () => Promise.reject(new Error("queue unavailable")),
      sendBatch: async () => Promise.reject(new Error("queue unavailable")),
    } as unknown as Queue<unknown>;
    const services = testServices({ queues: { search: brokenQueue } });
    const url = "https://blog.example.com/a-post/";
    const article = await seedArticle(accountId, { siteId: site.id, status: "published", publicationUrl: url });
    await queueIndexNow(services, { accountId, siteId: site.id, url, articleId: article.id });
    expect(await indexNowOf(article.id)).toMatchObject({ status: "failed", httpStatus: null });
  });
});

describe("submissions the engine refuses", () => {
  it("records rejected (422) for a URL outside the key file's directory", async () => {
    const { accountId } = await seedAccount();
    const indexNow = createIndexNowFake();
    indexNow.serveKeyFile(`https://news.example.com/blog/${KEY}.txt`, KEY);
    useVars({ INDEXNOW_PROVIDER: "indexnow", INDEXNOW_ENDPOINT });
    useFakeFetch(fakeNetwork(indexNow.peer));
    // WordPress lives under /blog, but links this post outside it.
    const site = await seedSite(accountId, { platform: "blog", url: "https://news.example.com/blog", indexNowKey: KEY });
    const url = "https://news.example.com/2025/05/a-post/";
    const article = await seedArticle(accountId, { siteId: site.id, status: "published", publicationUrl: url });
    await submitToIndexNow(testServices(), { accountId, siteId: site.id, url, articleId: article.id });
    expect(indexNow.requests.map((request) => request.status)).toEqual([422]);
    expect(await indexNowOf(article.id)).toMatchObject({ status: "rejected", httpStatus: 422 });
  });
});

describe("what is never submitted", () => {
  it("a forum's URLs, a disconnected site's, a keyless site's and a URL off the site's host", async () => {
    const { accountId } = await seedAccount();
    const indexNow = createIndexNowFake();
    useVars({ INDEXNOW_PROVIDER: "indexnow", INDEXNOW_ENDPOINT });
    useFakeFetch(fakeNetwork(indexNow.peer));
    const { sent } = useRecordingQueues();
    const forum = await seedSite(accountId, { platform: "forum", url: "https://forum.example.com", indexNowKey: KEY });
    const gone = await seedSite(accountId, { platform: "blog", url: "https://gone.example.com", indexNowKey: KEY, status: "DISCONNECTED" });
    const keyless = await seedSite(accountId, { platform: "blog", url: "https://keyless.example.com" });
    const blog = await seedSite(accountId, { platform: "blog", url: "https://blog.example.com", indexNowKey: KEY });
    const targets = [
      { site: forum, url: "https://forum.example.com/threads/a-thread.1/" },
      { site: gone, url: "https://gone.example.com/a-post/" },
      { site: keyless, url: "https://keyless.example.com/a-post/" },
      { site: blog, url: "https://elsewhere.example.com/a-post/" },
    ];
    for (const { site, url } of targets) {
      const article = await seedArticle(accountId, { siteId: site.id, status: "published", publicationUrl: url });
      const target = { accountId, siteId: site.id, url, articleId: article.id };
      await queueIndexNow(testServices(), target);
      await submitToIndexNow(testServices(), target);
      expect(await indexNowOf(article.id)).toBeNull();
    }
    // Another account's site id is as good as gone.
    const stranger = await seedAccount();
    await submitToIndexNow(testServices(), { accountId: stranger.accountId, siteId: blog.id, url: "https://blog.example.com/a-post/" });
    expect(sent).toEqual([]);
    expect(indexNow.requests).toEqual([]);
  });
});

describe("offline (INDEXNOW_PROVIDER=offline, as in tests and npm run dev)", () => {
  it("records the answer as offline and sends no request", async () => {
    const { accountId } = await seedAccount();
    const requests: string[] = [];
    useFakeFetch(async (input) => {
      requests.push(new Request(input).url);
      return new Response(null, { status: 500 });
    });
    const { sent } = useRecordingQueues();
    const site = await seedSite(accountId, { platform: "blog", url: "https://blog.example.com", indexNowKey: KEY });
    const url = "https://blog.example.com/a-post/";
    const article = await seedArticle(accountId, { siteId: site.id, status: "published", publicationUrl: url });
    await queueIndexNow(testServices(), { accountId, siteId: site.id, url, articleId: article.id });
    expect(await indexNowOf(article.id)).toMatchObject({ status: "pending", offline: true });
    await deliverIndexNow(sent);
    expect(await indexNowOf(article.id)).toMatchObject({ status: "submitted", httpStatus: null, offline: true });
    expect(requests).toEqual([]);
  });
});

describe("an improvement applied to an existing post", () => {
  it("queues the post's URL (the post is not one of our articles: nothing to record it on)", async () => {
    const { accountId, token, wp, openai, site, target } = await syncedPost();
    // The post's id from its row: the list route is what other tests are about.
    const [row] = await db()
      .select({ id: existingPosts.id })
      .from(existingPosts)
      .where(and(eq(existingPosts.siteId, site.id), eq(existingPosts.remoteId, target.id)));
    const postId = row!.id;
    const { sent } = useRecordingQueues();
    openai.script({ answer: goodSuggestion() });
    expect((await post(token, postId, "improve")).status).toBe(200);
    expect((await post(token, postId, "apply")).status).toBe(200);
    expect(indexNowMessages(sent)).toEqual([{ type: INDEX_NOW_MESSAGE, accountId, siteId: site.id, url: `${wp.origin}/${target.slug}/` }]);
    expect((await post(token, postId, "revert")).status).toBe(200);
    expect(indexNowMessages(sent)).toHaveLength(2);
  });
});

describe("the IndexNow client", () => {
  const client = (fetch: typeof globalThis.fetch) => createIndexNowClient({ endpoint: INDEXNOW_ENDPOINT, fetch, timeoutMs: 200 });
  const submission = {
    host: "blog.example.com",
    key: KEY,
    keyLocation: `https://blog.example.com/${KEY}.txt`,
    urls: ["https://blog.example.com/a/"],
  };

  it("maps 400 to rejected, gives up on an engine that does not answer (timeout) and on one it cannot reach (unavailable)", async () => {
    const indexNow = createIndexNowFake();
    expect(await client(fakeNetwork(indexNow.peer)).submit({ ...submission, key: "short" })).toEqual({
      outcome: "rejected",
      httpStatus: 400,
      offline: false,
    });
    indexNow.hang();
    expect(
      await client(fakeNetwork(indexNow.peer))
        .submit(submission)
        .catch((error: unknown) => error),
    ).toMatchObject({
      failure: "timeout",
      retryable: true,
    });
    expect(
      await client(fakeNetwork())
        .submit(submission)
        .catch((error: unknown) => error),
    ).toMatchObject({
      failure: "unavailable",
      retryable: true,
    });
    expect(INDEXNOW_HOST).toBe(new URL(INDEXNOW_ENDPOINT).host);
  });
});
