import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, MAX_QUEUE_DELAY_SECONDS, RETRY_DELAYS_SECONDS, retryDelaySeconds } from "../../src/webhooks/schedule";
import { signatureHeaders } from "../../src/webhooks/signature";
import { independentHmac } from "./helpers";

describe("webhook signatures", () => {
  const secret = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  // Non-ASCII and escaped characters: the signature is over the UTF-8 bytes exactly as sent.
  const body = JSON.stringify({ event: "article.published", article: { id: "7", title: "Ekşi maya — «ilk» adım", html: "<p>a\nb</p>" } });

  it("signs the raw body with HMAC-SHA256 of the secret (lowercase hex), as node:crypto computes it independently", async () => {
    const headers = await signatureHeaders({
      secrets: [secret],
      body,
      deliveryId: "whd_abc",
      event: "article.published",
      timestamp: 1_790_000_000,
    });
    expect(headers["X-Service-Signature"]).toBe(await independentHmac(secret, body, "hex"));
    expect(headers["X-Service-Signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(headers).toMatchObject({
      "X-Service-Event": "article.published",
      "X-Service-Delivery": "whd_abc",
      "X-Service-Timestamp": "1790000000",
    });
  });

  it("matches the published HMAC-SHA256 test value", async () => {
    // HMAC_SHA256("key", "The quick brown fox jumps over the lazy dog"), the widely published example.
    const headers = await signatureHeaders({
      secrets: ["key"],
      body: "The quick brown fox jumps over the lazy dog",
      deliveryId: "d",
      event: "e",
      timestamp: 0,
    });
    expect(headers["X-Service-Signature"]).toBe("f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8");
  });

  it("adds the Standard Webhooks headers: v1,<base64 HMAC of id.timestamp.body>", async () => {
    const headers = await signatureHeaders({
      secrets: [secret],
      body,
      deliveryId: "whd_abc",
      event: "article.published",
      timestamp: 1_790_000_000,
    });
    const expected = await independentHmac(secret, `whd_abc.1790000000.${body}`, "base64");
    expect(headers).toMatchObject({ "webhook-id": "whd_abc", "webhook-timestamp": "1790000000", "webhook-signature": `v1,${expected}` });
  });

  it("changes with one byte of the body, and with the secret", async () => {
    const base = await signatureHeaders({ secrets: [secret], body, deliveryId: "d", event: "e", timestamp: 1 });
    const otherBody = await signatureHeaders({
      secrets: [secret],
      body: body.replace("7", "8"),
      deliveryId: "d",
      event: "e",
      timestamp: 1,
    });
    const otherSecret = await signatureHeaders({ secrets: [secret.replace("9", "8")], body, deliveryId: "d", event: "e", timestamp: 1 });
    expect(otherBody["X-Service-Signature"]).not.toBe(base["X-Service-Signature"]);
    expect(otherSecret["X-Service-Signature"]).not.toBe(base["X-Service-Signature"]);
  });

  it("with a previous secret (the 24 hours after a rotation), carries both signatures, the current one first, space-separated (issue 18, item 11)", async () => {
    const old = secret.replace("9", "8");
    const both = await signatureHeaders({ secrets: [secret, old], body, deliveryId: "d", event: "e", timestamp: 1 });
    const current = await signatureHeaders({ secrets: [secret], body, deliveryId: "d", event: "e", timestamp: 1 });
    const previous = await signatureHeaders({ secrets: [old], body, deliveryId: "d", event: "e", timestamp: 1 });
    expect(both["X-Service-Signature"]).toBe(`${current["X-Service-Signature"]} ${previous["X-Service-Signature"]}`);
    expect(both["webhook-signature"]).toBe(`${current["webhook-signature"]} ${previous["webhook-signature"]}`);
    expect(both["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
  });
});

describe("the retry schedule", () => {
  it("waits about 30 s, 2 min, 10 min, 1 h, 3 h, 6 h, 12 h and 12 h after attempts 1 to 8, then gives up", () => {
    expect(RETRY_DELAYS_SECONDS).toEqual([30, 120, 600, 3600, 10800, 21600, 43200, 43200]);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => retryDelaySeconds(attempt, 0))).toEqual([
      30, 120, 600, 3600, 10800, 21600, 43200, 43200,
    ]);
    expect(MAX_ATTEMPTS).toBe(9);
    expect(retryDelaySeconds(9, 0)).toBeNull();
    expect(retryDelaySeconds(10, 0.5)).toBeNull();
  });

  it("jitters each wait down by at most 20 %, and never past the queue's 12-hour cap", () => {
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const base = RETRY_DELAYS_SECONDS[attempt - 1]!;
      for (const random of [0, 0.25, 0.5, 0.999]) {
        const delay = retryDelaySeconds(attempt, random)!;
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(delay).toBeLessThanOrEqual(Math.min(base, MAX_QUEUE_DELAY_SECONDS));
      }
    }
    expect(retryDelaySeconds(1, 0.999)).toBe(24);
    // About a day and a half from the first attempt to the last.
    const total = RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);
    expect(total / 3600).toBeCloseTo(34.2, 1);
  });
});
