import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, sites, uploads, webhookDeliveries } from "../../src/db/schema";
import { runCronTick } from "../../src/jobs/cron";
import { toIsoSeconds } from "../../src/core/time";
import { db, testEnv, testServices, useFakeFetch, useServices, useVars, webhookQueue } from "../harness";
import { fakeWebhookReceiver, WEBHOOK_URL } from "../fakes/webhook-receiver";
import { approvedPlan, imagesOf, offlinePlan, runNow } from "../pipeline/helpers";
import { base64Bytes, consumeWakeUps, deliveryRow, hookedSite, independentHmac, publishToSite } from "./helpers";

describe("article.published deliveries", () => {
  it("POSTs the spec's body to the webhook URL, signed over the exact raw bytes, with a delivery id and the Standard Webhooks headers", async () => {
    const receiver = fakeWebhookReceiver([200]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const { article, deliveryId } = await publishToSite(owner);
    expect(webhookQueue.sent.map((m) => m.body)).toEqual([{ type: "webhook.deliver", deliveryId, attempts: 0 }]);

    await consumeWakeUps();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe(WEBHOOK_URL);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["x-service-signature"]).toBe(await independentHmac(owner.secret, request!.body, "hex"));
    expect(request!.headers["x-service-event"]).toBe("article.published");
    expect(request!.headers["x-service-delivery"]).toBe(deliveryId);
    const timestamp = request!.headers["x-service-timestamp"]!;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(request!.headers["webhook-id"]).toBe(deliveryId);
    expect(request!.headers["webhook-timestamp"]).toBe(timestamp);
    const standard = await independentHmac(owner.secret, `${deliveryId}.${timestamp}.${request!.body}`, "base64");
    expect(request!.headers["webhook-signature"]).toBe(`v1,${standard}`);

    expect(JSON.parse(request!.body)).toEqual({
      event: "article.published",
      article: {
        id: String(article.id),
        title: "Ekşi maya ile ilk ekmek",
        slug: article.slug,
        html: "<h2>Başlarken</h2><p>Un, su ve sabır.</p>",
        seoTitle: "Ekşi maya ile ilk ekmek: adım adım",
        seoDesc: "Ekşi mayalı ekmeğe başlamak için gereken her şey.",
        excerpt: "Un, su ve sabır.",
        tags: "ekmek,ekşi maya",
        heroImage: { fileName: "", alt: "", base64: "" },
        jsonLd: expect.any(String),
        // Written by hand, without research: no quality to report.
        quality: null,
      },
    });
    // Issue 20: the page's structured data, as text ready for a script element.
    const jsonLd = JSON.parse((JSON.parse(request!.body) as { article: { jsonLd: string } }).article.jsonLd) as {
      "@graph": Record<string, unknown>[];
    };
    expect(jsonLd["@graph"]).toEqual([
      expect.objectContaining({
        "@type": "Article",
        headline: "Ekşi maya ile ilk ekmek",
        description: "Ekşi mayalı ekmeğe başlamak için gereken her şey.",
        publisher: { "@type": "Organization", name: "shop.example.invalid" },
      }),
    ]);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: "delivered",
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect((await deliveryRow(deliveryId)).deliveredAt).not.toBeNull();
    expect(webhookQueue.sent).toEqual([]);
  });

  it("carries the generated article's hero image from the media bucket, base64, with its file name and alt text", async () => {
    const receiver = fakeWebhookReceiver([204]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const plan = await offlinePlan(owner.token, owner.siteId, { articleCount: 1 });
    const run = (await (await runNow(owner.token, plan.items[0]!.id)).json()) as { articleId: string };
    const deliveryId = `whd_a${run.articleId}`; // one id scheme, however the article was published (issue 18)
    expect(webhookQueue.sent.map((m) => m.body)).toEqual([{ type: "webhook.deliver", deliveryId, attempts: 0 }]);

    await consumeWakeUps();
    const body = JSON.parse(receiver.received[0]!.body) as {
      article: { id: string; tags: string; heroImage: { fileName: string; alt: string; base64: string } };
    };
    const [hero] = await imagesOf(Number(run.articleId));
    const [upload] = await db().select().from(uploads).where(eq(uploads.accountId, owner.accountId));
    const stored = await testEnv.MEDIA.get(upload!.objectKey);
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    expect(body.article.id).toBe(run.articleId);
    expect(body.article.heroImage.fileName).toBe(upload!.fileName);
    expect(body.article.heroImage.alt).toBe(hero!.altText);
    expect(body.article.heroImage.alt.length).toBeGreaterThan(0);
    expect(base64Bytes(body.article.heroImage.base64)).toEqual(bytes);
    // The article's own tags, comma-separated (an empty string would have passed the old check).
    const [article] = await db()
      .select({ tags: articles.tags })
      .from(articles)
      .where(eq(articles.id, Number(run.articleId)));
    expect(article!.tags.length).toBeGreaterThan(0);
    expect(body.article.tags).toBe(article!.tags.join(","));
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "delivered", lastStatusCode: 204 });
  });

  it("retries a receiver that answers 500 with the same delivery id, after the first wait of the schedule, then records it delivered", async () => {
    const receiver = fakeWebhookReceiver([500, 200]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const { deliveryId } = await publishToSite(owner);
    await consumeWakeUps();

    const afterFirst = await deliveryRow(deliveryId);
    expect(afterFirst).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
      lastError: "The receiver answered HTTP 500: receiver says 500",
    });
    const wait = (Date.parse(afterFirst.nextAttemptAt!) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(31);
    expect(webhookQueue.sent).toHaveLength(1);
    expect(webhookQueue.sent[0]!.body).toEqual({ type: "webhook.deliver", deliveryId, attempts: 1 });
    expect(webhookQueue.sent[0]!.delaySeconds).toBeGreaterThanOrEqual(24);
    expect(webhookQueue.sent[0]!.delaySeconds).toBeLessThanOrEqual(30);

    await consumeWakeUps();
    expect(receiver.received.map((r) => r.headers["x-service-delivery"])).toEqual([deliveryId, deliveryId]);
    // The same bytes both times (nothing changed in between), each attempt signed on its own.
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: "delivered",
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
  });

  it("ignores a stale wake-up: an attempt already made is not made again", async () => {
    const receiver = fakeWebhookReceiver([200]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const { deliveryId } = await publishToSite(owner);
    const [wake] = await consumeWakeUps();
    // The same message again (a queue redelivers at least once).
    webhookQueue.sent.push(wake!, wake!);
    await consumeWakeUps();
    expect(receiver.received).toHaveLength(1);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("counts a timeout, an unreachable receiver and a redirect as failed attempts", async () => {
    useVars({ WEBHOOK_TIMEOUT_MS: "50" });
    const receiver = fakeWebhookReceiver(["hang", "unreachable", 302, 200]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const { deliveryId } = await publishToSite(owner);

    await consumeWakeUps();
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: null,
      lastError: "No answer within 0.05 s",
    });
    await consumeWakeUps();
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: null });
    // Said in words, never the runtime's "internal error; reference = …" (issue 18, item 11).
    expect((await deliveryRow(deliveryId)).lastError).toBe(
      "Could not connect to the receiver (no answer from its address: is the server up and the URL right?)",
    );
    await consumeWakeUps();
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "pending", attempts: 3, lastStatusCode: 302 });
    // The redirect was not followed: every request went to the webhook URL.
    expect(receiver.received.every((r) => r.url === WEBHOOK_URL)).toBe(true);
    await consumeWakeUps();
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "delivered", attempts: 4 });
  });

  it("gives up after the ninth attempt: failed, still listed, no further wake-up", async () => {
    const receiver = fakeWebhookReceiver([503]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const { deliveryId } = await publishToSite(owner);
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      expect(webhookQueue.sent).toHaveLength(1);
      await consumeWakeUps();
    }
    expect(receiver.received).toHaveLength(9);
    expect(webhookQueue.sent).toEqual([]);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed", attempts: 9, lastStatusCode: 503, nextAttemptAt: null });
  });

  it("checks the URL again at each attempt: a refused address fails the delivery without sending", async () => {
    const receiver = fakeWebhookReceiver([200]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const { deliveryId } = await publishToSite(owner);
    // The rules changed since the URL was stored (production refuses loopback addresses).
    useVars({ ALLOW_PRIVATE_URLS: "false" });
    await consumeWakeUps();
    expect(receiver.received).toEqual([]);
    const row = await deliveryRow(deliveryId);
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: null, nextAttemptAt: null });
    expect(row.lastError).toBe("webhookUrl points to a private, loopback or internal address, which is not allowed");
    expect(webhookQueue.sent).toEqual([]);
  });

  it("uses the site's current URL and secret, and fails a delivery whose site no longer has a webhook URL", async () => {
    const receiver = fakeWebhookReceiver([200]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite("http://127.0.0.1:8999/old");
    await publishToSite(owner);
    await db().update(sites).set({ webhookUrl: WEBHOOK_URL }).where(eq(sites.id, owner.siteId));
    await consumeWakeUps();
    expect(receiver.received.map((r) => r.url)).toEqual([WEBHOOK_URL]);

    const second = await publishToSite(owner, { title: "İkinci yazı" });
    await db().update(sites).set({ webhookUrl: null }).where(eq(sites.id, owner.siteId));
    await consumeWakeUps();
    expect(receiver.received).toHaveLength(1);
    expect(await deliveryRow(second.deliveryId)).toMatchObject({ status: "failed", lastError: "The site has no webhook URL any more" });
  });

  it("sends nothing for a custom site without a webhook URL", async () => {
    const receiver = fakeWebhookReceiver([200]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    await db().update(sites).set({ webhookUrl: null }).where(eq(sites.id, owner.siteId));
    const { deliveryId } = await publishToSite(owner);
    expect(webhookQueue.sent).toEqual([]);
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId))).toEqual([]);
    expect(receiver.received).toEqual([]);
  });
});

describe("the cron tick and lost wake-ups", () => {
  it("wakes a delivery whose attempt is overdue (its message was lost) and one whose attempt never finished; the receiver gets each once", async () => {
    const receiver = fakeWebhookReceiver([200]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const lost = await publishToSite(owner, { title: "Lost message" });
    const crashed = await publishToSite(owner, { title: "Crashed attempt" });
    const notDue = await publishToSite(owner, { title: "Waiting" });
    // Every wake-up was lost (a `wrangler dev` restart drops delayed messages).
    webhookQueue.sent.splice(0);
    const now = new Date();
    const ago = (ms: number) => toIsoSeconds(new Date(now.getTime() - ms));
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: ago(10 * 60_000), attempts: 2 })
      .where(eq(webhookDeliveries.id, lost.deliveryId));
    await db()
      .update(webhookDeliveries)
      .set({ status: "sending", nextAttemptAt: ago(1000), attempts: 1 })
      .where(eq(webhookDeliveries.id, crashed.deliveryId));
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: toIsoSeconds(new Date(now.getTime() + 3600_000)) })
      .where(eq(webhookDeliveries.id, notDue.deliveryId));

    await runCronTick(testServices(), now);
    const woken = webhookQueue.sent
      .map((m) => m.body)
      .filter((body) => [lost.deliveryId, crashed.deliveryId, notDue.deliveryId].includes(String(body.deliveryId)));
    expect(woken).toEqual(
      expect.arrayContaining([
        { type: "webhook.deliver", deliveryId: lost.deliveryId, attempts: 2 },
        { type: "webhook.deliver", deliveryId: crashed.deliveryId, attempts: 1 },
      ]),
    );
    expect(woken).toHaveLength(2);
    // The next tick comes before the wake-ups were consumed: duplicates, made harmless by the attempt count.
    await runCronTick(testServices(), now);
    await consumeWakeUps();

    const ids = receiver.received.map((r) => r.headers["x-service-delivery"]);
    expect(ids.filter((id) => id === lost.deliveryId)).toHaveLength(1);
    expect(ids.filter((id) => id === crashed.deliveryId)).toHaveLength(1);
    expect(ids).not.toContain(notDue.deliveryId);
    expect(await deliveryRow(lost.deliveryId)).toMatchObject({ status: "delivered", attempts: 3 });
    expect(await deliveryRow(crashed.deliveryId)).toMatchObject({ status: "delivered", attempts: 2 });
    expect(await deliveryRow(notDue.deliveryId)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("still wakes overdue deliveries when an earlier job of the tick fails (the generation queue is down)", async () => {
    const owner = await hookedSite();
    const overdue = await publishToSite(owner);
    webhookQueue.sent.splice(0);
    await approvedPlan(owner.token, owner.siteId, { articleCount: 1 });
    const brokenQueue = {
      send: async () => Promise.reject(new Error("queue unavailable")),
      sendBatch: async () => Promise.reject(new Error("queue unavailable")),
    } as unknown as Queue<unknown>;
    useServices({ queues: { generation: brokenQueue, webhooks: webhookQueue.queue } });
    const now = new Date(Date.now() + 10 * 60_000);

    await runCronTick(testServices(), now);
    expect(webhookQueue.sent.map((m) => m.body)).toContainEqual({ type: "webhook.deliver", deliveryId: overdue.deliveryId, attempts: 0 });
  });

  it("leaves a running attempt and a just-scheduled wake-up to their own sender", async () => {
    const owner = await hookedSite();
    const running = await publishToSite(owner, { title: "Running" });
    const fresh = await publishToSite(owner, { title: "Fresh" });
    webhookQueue.sent.splice(0);
    const now = new Date();
    await db()
      .update(webhookDeliveries)
      .set({ status: "sending", nextAttemptAt: toIsoSeconds(new Date(now.getTime() + 60_000)) })
      .where(eq(webhookDeliveries.id, running.deliveryId));
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: toIsoSeconds(new Date(now.getTime() - 5_000)) })
      .where(eq(webhookDeliveries.id, fresh.deliveryId));
    await runCronTick(testServices(), now);
    expect(webhookQueue.sent.map((m) => m.body.deliveryId)).not.toContain(running.deliveryId);
    expect(webhookQueue.sent.map((m) => m.body.deliveryId)).not.toContain(fresh.deliveryId);
  });
});
