import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sites, webhookDeliveries } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedSite, useFakeFetch, useVars, webhookQueue } from "../harness";
import { fakeWebhookReceiver, WEBHOOK_URL } from "../fakes/webhook-receiver";
import { consumeWakeUps, deliveryRow, hookedSite, independentHmac, publishToSite } from "./helpers";

interface Delivery {
  id: string;
  event: string;
  articleId: string | null;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

describe("GET /api/sites/{siteId}/webhooks/deliveries", () => {
  it("lists the site's deliveries newest first, paged, with status, attempts, the last answer and the next attempt", async () => {
    const receiver = fakeWebhookReceiver([500]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const first = await publishToSite(owner, { title: "First" });
    await consumeWakeUps();
    await db().update(webhookDeliveries).set({ createdAt: "2026-01-01T00:00:00Z" }).where(eq(webhookDeliveries.id, first.deliveryId));
    const second = await publishToSite(owner, { title: "Second" });

    const res = await call(`/api/sites/${owner.siteId}/webhooks/deliveries?per_page=1`, { token: owner.token });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: Delivery[]; page: number; perPage: number; total: number; totalPages: number };
    expect(page).toMatchObject({ page: 1, perPage: 1, total: 2, totalPages: 2 });
    expect(page.items[0]).toMatchObject({
      id: second.deliveryId,
      event: "article.published",
      articleId: String(second.article.id),
      status: "pending",
      attempts: 0,
      lastStatusCode: null,
    });

    const next = (await (
      await call(`/api/sites/${owner.siteId}/webhooks/deliveries?per_page=1&page=2`, { token: owner.token })
    ).json()) as { items: Delivery[] };
    expect(next.items[0]).toMatchObject({
      id: first.deliveryId,
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
      lastError: "The receiver answered HTTP 500: receiver says 500",
    });
    expect(Date.parse(next.items[0]!.nextAttemptAt!)).toBeGreaterThan(Date.now());
  });

  it("is 404 for another account's site, 409 for a site that is not custom, 400 for a bad page", async () => {
    const owner = await hookedSite();
    const stranger = await seedAccount();
    await expectError(await call(`/api/sites/${owner.siteId}/webhooks/deliveries`, { token: stranger.token }), 404, "not_found");
    const wordpress = await seedSite(owner.accountId, { platform: "blog" });
    await expectError(await call(`/api/sites/${wordpress.id}/webhooks/deliveries`, { token: owner.token }), 409, "wrong_platform");
    await expectError(
      await call(`/api/sites/${owner.siteId}/webhooks/deliveries?page=0x2`, { token: owner.token }),
      400,
      "invalid_request",
    );
  });
});

describe("POST …/deliveries/{deliveryId}/redeliver", () => {
  it("sends a delivered delivery again with the same delivery id and answers with the delivery after the receiver answered", async () => {
    const receiver = fakeWebhookReceiver([200]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const { deliveryId } = await publishToSite(owner);
    await consumeWakeUps();

    const res = await call(`/api/sites/${owner.siteId}/webhooks/deliveries/${deliveryId}/redeliver`, {
      method: "POST",
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: deliveryId, status: "delivered", attempts: 2, lastStatusCode: 200 });
    expect(receiver.received.map((r) => r.headers["x-service-delivery"])).toEqual([deliveryId, deliveryId]);
    expect(receiver.received[1]!.headers["x-service-signature"]).toBe(
      await independentHmac(owner.secret, receiver.received[1]!.body, "hex"),
    );
  });

  it("gives a failed delivery one more attempt; a failure leaves it failed, a success delivers it", async () => {
    const receiver = fakeWebhookReceiver([500, 500, 200]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const { deliveryId } = await publishToSite(owner);
    await db().update(webhookDeliveries).set({ attempts: 8 }).where(eq(webhookDeliveries.id, deliveryId));
    webhookQueue.sent.splice(0);
    webhookQueue.sent.push({ body: { type: "webhook.deliver", deliveryId, attempts: 8 }, delaySeconds: 0 });
    await consumeWakeUps();
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed", attempts: 9 });

    const again = await call(`/api/sites/${owner.siteId}/webhooks/deliveries/${deliveryId}/redeliver`, {
      method: "POST",
      token: owner.token,
    });
    expect(await again.json()).toMatchObject({ status: "failed", attempts: 10, lastStatusCode: 500, nextAttemptAt: null });
    expect(webhookQueue.sent).toEqual([]);
    const last = await call(`/api/sites/${owner.siteId}/webhooks/deliveries/${deliveryId}/redeliver`, {
      method: "POST",
      token: owner.token,
    });
    expect(await last.json()).toMatchObject({ status: "delivered", attempts: 11, lastStatusCode: 200, lastError: null });
  });

  it("is 409 while an attempt is under way, 404 for an unknown id, another site's or another account's delivery", async () => {
    const owner = await hookedSite();
    const { deliveryId } = await publishToSite(owner);
    await db()
      .update(webhookDeliveries)
      .set({ status: "sending", nextAttemptAt: "2999-01-01T00:00:00Z" })
      .where(eq(webhookDeliveries.id, deliveryId));
    await expectError(
      await call(`/api/sites/${owner.siteId}/webhooks/deliveries/${deliveryId}/redeliver`, { method: "POST", token: owner.token }),
      409,
      "delivery_in_progress",
    );
    await expectError(
      await call(`/api/sites/${owner.siteId}/webhooks/deliveries/whd_nothing/redeliver`, { method: "POST", token: owner.token }),
      404,
      "not_found",
    );

    const otherSite = await seedSite(owner.accountId, { platform: "custom", webhookUrl: WEBHOOK_URL });
    await expectError(
      await call(`/api/sites/${otherSite.id}/webhooks/deliveries/${deliveryId}/redeliver`, { method: "POST", token: owner.token }),
      404,
      "not_found",
    );
    const stranger = await seedAccount();
    await expectError(
      await call(`/api/sites/${owner.siteId}/webhooks/deliveries/${deliveryId}/redeliver`, { method: "POST", token: stranger.token }),
      404,
      "not_found",
    );
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "sending", attempts: 0 });
  });
});

describe("POST /api/sites/{siteId}/webhooks/test", () => {
  it("sends a signed ping and answers with the receiver's status", async () => {
    const receiver = fakeWebhookReceiver([202, 418]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const res = await call(`/api/sites/${owner.siteId}/webhooks/test`, { method: "POST", token: owner.token });
    expect(res.status).toBe(200);
    const result = (await res.json()) as {
      event: string;
      deliveryId: string;
      delivered: boolean;
      statusCode: number;
      error: string | null;
    };
    expect(result).toMatchObject({ event: "ping", delivered: true, statusCode: 202, error: null });
    const [ping] = receiver.received;
    expect(JSON.parse(ping!.body)).toMatchObject({ event: "ping", site: { id: owner.siteId } });
    expect(ping!.headers).toMatchObject({
      "x-service-event": "ping",
      "x-service-delivery": result.deliveryId,
      "x-service-signature": await independentHmac(owner.secret, ping!.body, "hex"),
    });

    const refused = (await (
      await call(`/api/sites/${owner.siteId}/webhooks/test`, { method: "POST", token: owner.token })
    ).json()) as typeof result;
    expect(refused).toMatchObject({ delivered: false, statusCode: 418, error: "The receiver answered HTTP 418: receiver says 418" });
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.siteId, owner.siteId))).toEqual([]);
  });

  it("is 409 for a custom site without a webhook URL and for a WordPress site, 404 for another account's", async () => {
    const owner = await seedAccount();
    const pulling = await seedSite(owner.accountId, { platform: "custom" });
    const body = await expectError(
      await call(`/api/sites/${pulling.id}/webhooks/test`, { method: "POST", token: owner.token }),
      409,
      "webhook_url_missing",
    );
    expect(body.message).toContain("has no webhook URL");
    const wordpress = await seedSite(owner.accountId, { platform: "blog" });
    await expectError(
      await call(`/api/sites/${wordpress.id}/webhooks/test`, { method: "POST", token: owner.token }),
      409,
      "wrong_platform",
    );
    const hooked = await hookedSite();
    await expectError(await call(`/api/sites/${hooked.siteId}/webhooks/test`, { method: "POST", token: owner.token }), 404, "not_found");
  });
});

describe("POST /api/platforms/custom/{siteId}/rotate-secret", () => {
  it("shows a new secret once (no-store) and signs every later attempt, retries included, with it, and with the old one for 24 hours", async () => {
    const receiver = fakeWebhookReceiver([500, 200]);
    useFakeFetch(receiver.fetch);
    const owner = await hookedSite();
    const { deliveryId } = await publishToSite(owner);
    await consumeWakeUps();
    expect(receiver.received[0]!.headers["x-service-signature"]).toBe(
      await independentHmac(owner.secret, receiver.received[0]!.body, "hex"),
    );

    const res = await call(`/api/platforms/custom/${owner.siteId}/rotate-secret`, { method: "POST", token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const { id, webhookSecret } = (await res.json()) as { id: string; webhookSecret: string };
    expect(id).toBe(owner.siteId);
    expect(webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(webhookSecret).not.toBe(owner.secret);
    const site = await (await call(`/api/sites/${owner.siteId}`, { token: owner.token })).text();
    expect(site).not.toContain(webhookSecret);

    await consumeWakeUps();
    const retry = receiver.received[1]!;
    expect(retry.headers["x-service-delivery"]).toBe(deliveryId);
    // The new signature first, then the replaced secret's (issue 18, item 11): receivers switch without losing a delivery.
    expect(retry.headers["x-service-signature"]).toBe(
      `${await independentHmac(webhookSecret, retry.body, "hex")} ${await independentHmac(owner.secret, retry.body, "hex")}`,
    );
    expect(retry.headers["webhook-signature"]!.split(" ")).toHaveLength(2);

    // 24 hours later only the new secret signs.
    await db().update(sites).set({ previousWebhookSecretUntil: "2000-01-01T00:00:00Z" }).where(eq(sites.id, owner.siteId));
    const ping = await call(`/api/sites/${owner.siteId}/webhooks/test`, { method: "POST", token: owner.token });
    expect(ping.status).toBe(200);
    const pinged = receiver.received.at(-1)!;
    expect(pinged.headers["x-service-signature"]).toBe(await independentHmac(webhookSecret, pinged.body, "hex"));
  });

  it("is 409 for a site that is not custom and 404 for another account's", async () => {
    const owner = await hookedSite();
    const wordpress = await seedSite(owner.accountId, { platform: "blog" });
    await expectError(
      await call(`/api/platforms/custom/${wordpress.id}/rotate-secret`, { method: "POST", token: owner.token }),
      409,
      "wrong_platform",
    );
    const stranger = await seedAccount();
    await expectError(
      await call(`/api/platforms/custom/${owner.siteId}/rotate-secret`, { method: "POST", token: stranger.token }),
      404,
      "not_found",
    );
  });
});

describe("PATCH /api/sites/{siteId} webhookUrl", () => {
  const patch = (token: string, siteId: string, json: unknown) => call(`/api/sites/${siteId}`, { method: "PATCH", token, json });

  it("sets a webhook URL on a pulling custom site, then clears it", async () => {
    const owner = await seedAccount();
    const site = await seedSite(owner.accountId, { platform: "custom" });
    const set = await patch(owner.token, site.id, { webhookUrl: "http://127.0.0.1:8999/hooks/new" });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ webhookUrl: "http://127.0.0.1:8999/hooks/new" });
    const cleared = await patch(owner.token, site.id, { webhookUrl: null });
    expect(await cleared.json()).toMatchObject({ webhookUrl: null });
  });

  it("checks the URL like connect does (400, nothing changed) and is 409 on a WordPress site", async () => {
    useVars({ ALLOW_PRIVATE_URLS: "false" });
    const owner = await seedAccount();
    const site = await seedSite(owner.accountId, { platform: "custom", webhookUrl: "https://hooks.example.invalid/in" });
    for (const webhookUrl of ["ftp://hooks.example.com/", "not a url", "http://localhost./hook", "http://169.254.169.254/latest", ""]) {
      // An empty string fails the body's shape (invalid_request); the others reach the outbound address check.
      const body = await expectError(
        await patch(owner.token, site.id, { webhookUrl }),
        400,
        webhookUrl === "" ? "invalid_request" : "invalid_address",
      );
      expect(body.message).toContain("webhookUrl");
    }
    const wordpress = await seedSite(owner.accountId, { platform: "blog" });
    await expectError(await patch(owner.token, wordpress.id, { webhookUrl: "https://hooks.example.invalid/x" }), 409, "wrong_platform");
    const after = (await (await call(`/api/sites/${site.id}`, { token: owner.token })).json()) as { webhookUrl: string };
    expect(after.webhookUrl).toBe("https://hooks.example.invalid/in");
  });
});
