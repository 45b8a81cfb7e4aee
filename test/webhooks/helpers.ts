import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { webhookDeliveries } from "../../src/db/schema";
import { handleQueueBatch } from "../../src/jobs/queues";
import { call, db, seedAccount, seedArticle, testServices, webhookQueue } from "../harness";
import { WEBHOOK_URL } from "../fakes/webhook-receiver";

/** An account with a custom site connected through the API with a webhook URL (the fake receiver's by default). */
export async function hookedSite(webhookUrl: string = WEBHOOK_URL) {
  const owner = await seedAccount();
  const res = await call("/api/platforms/custom/connect", {
    method: "POST",
    token: owner.token,
    json: { url: "https://shop.example.invalid", webhookUrl },
  });
  expect(res.status).toBe(201);
  const { id, webhookSecret } = (await res.json()) as { id: string; webhookSecret: string };
  return { ...owner, siteId: id, secret: webhookSecret };
}

/** An article of the site in review, published with POST /autopilot/articles/{id}/publish: its delivery is recorded. */
export async function publishToSite(
  owner: { accountId: string; token: string; siteId: string },
  fields: { title?: string; tags?: string[] } = {},
) {
  const article = await seedArticle(owner.accountId, {
    siteId: owner.siteId,
    status: "pending",
    title: fields.title ?? "Ekşi maya ile ilk ekmek",
    html: "<h2>Başlarken</h2><p>Un, su ve sabır.</p>",
    excerpt: "Un, su ve sabır.",
    seoTitle: "Ekşi maya ile ilk ekmek: adım adım",
    seoDesc: "Ekşi mayalı ekmeğe başlamak için gereken her şey.",
    tags: fields.tags ?? ["ekmek", "ekşi maya"],
  });
  const res = await call(`/api/autopilot/articles/${article.id}/publish`, { method: "POST", token: owner.token });
  expect(res.status).toBe(200);
  return { article, deliveryId: `whd_a${article.id}` };
}

export async function deliveryRow(deliveryId: string) {
  return (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)))[0]!;
}

/**
 * Runs the webhook queue's consumer over the wake-ups recorded since the last call, as the
 * queue would deliver them (delays are not waited for). Returns what it consumed.
 */
export async function consumeWakeUps() {
  const pending = webhookQueue.sent.splice(0);
  const acked: string[] = [];
  const messages = pending.map((sent, i) => ({
    id: `m${i}`,
    timestamp: new Date(),
    attempts: 1,
    body: sent.body,
    ack: () => void acked.push(`m${i}`),
    retry: () => {
      throw new Error(`message m${i} asked for a retry`);
    },
  }));
  await handleQueueBatch(
    { queue: "content-autopilot-webhooks", messages, ackAll: () => {}, retryAll: () => {} } as unknown as MessageBatch<unknown>,
    testServices(),
  );
  expect(acked).toHaveLength(messages.length);
  return pending;
}

/**
 * HMAC-SHA256 computed here with Web Crypto, independently of the service's code, so a test
 * checks the signature rule itself: hex or base64 of the MAC of `message`'s UTF-8 bytes.
 */
export async function independentHmac(secret: string, message: string, encoding: "hex" | "base64"): Promise<string> {
  const utf8 = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", utf8.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8.encode(message)));
  if (encoding === "hex") return [...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return btoa(String.fromCharCode(...mac));
}

export const base64Bytes = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
