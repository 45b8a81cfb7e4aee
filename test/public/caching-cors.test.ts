import { describe, expect, it } from "vitest";
import { call, seedAccount, seedArticle } from "../harness";

const ORIGIN = "https://static-blog.example.com";
const LIST = "/api/v1/public/articles";

function expectRateLimitHeaders(res: Response) {
  expect(res.headers.get("X-RateLimit-Limit")).toBe("100");
  expect(res.headers.get("X-RateLimit-Remaining")).toMatch(/^\d+$/);
  expect(res.headers.get("X-RateLimit-Reset")).toMatch(/^\d+$/);
}

describe("ETag and If-None-Match", () => {
  it("gives 304 with no body, the same ETag and the rate-limit headers when the ETag matches", async () => {
    const { token, accountId } = await seedAccount();
    const article = await seedArticle(accountId, { images: [{ url: "/api/media/a.webp", altText: "A", isFeatured: true }] });
    for (const path of [LIST, `${LIST}?status=draft&sort=title`, `${LIST}/${article.id}`, `${LIST}/${article.id}/images`]) {
      const first = await call(path, { token });
      expect(first.status, path).toBe(200);
      const etag = first.headers.get("ETag");
      expect(etag, path).toMatch(/^(W\/)?"[^"]+"$/);
      const again = await call(path, { token, headers: { "If-None-Match": etag!, Origin: ORIGIN } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe("");
      expect(again.headers.get("ETag"), path).toBe(etag);
      expect(again.headers.get("Content-Type"), path).toBeNull();
      expectRateLimitHeaders(again);
      expect(Number(again.headers.get("X-RateLimit-Remaining"))).toBeLessThan(Number(first.headers.get("X-RateLimit-Remaining")));
      // A client that sent If-None-Match itself sees the 304 directly: it must pass CORS too.
      expect(again.headers.get("Access-Control-Allow-Origin"), path).toBe("*");
      expect(again.headers.get("Access-Control-Expose-Headers"), path).toMatch(/X-RateLimit-Remaining/i);
    }
  });

  it("matches any ETag of a list in If-None-Match and * ", async () => {
    const { token } = await seedAccount();
    const etag = (await call(LIST, { token })).headers.get("ETag")!;
    expect((await call(LIST, { token, headers: { "If-None-Match": `"other", ${etag}` } })).status).toBe(304);
    expect((await call(LIST, { token, headers: { "If-None-Match": "*" } })).status).toBe(304);
    expect((await call(LIST, { token, headers: { "If-None-Match": '"stale"' } })).status).toBe(200);
  });

  it("changes the ETag when the data changes, and the old ETag then gives the full answer", async () => {
    const { token, accountId } = await seedAccount();
    await seedArticle(accountId, { title: "First" });
    const before = (await call(LIST, { token })).headers.get("ETag")!;
    await seedArticle(accountId, { title: "Second" });
    const res = await call(LIST, { token, headers: { "If-None-Match": before } });
    expect(res.status).toBe(200);
    const after = res.headers.get("ETag")!;
    expect(after).not.toBe(before);
    expect(((await res.json()) as { meta: { total: number } }).meta.total).toBe(2);
  });

  it("gives different ETags to different queries and to different accounts' empty lists", async () => {
    const one = await seedAccount();
    await seedArticle(one.accountId);
    const all = (await call(LIST, { token: one.token })).headers.get("ETag");
    const filtered = (await call(`${LIST}?status=published`, { token: one.token })).headers.get("ETag");
    expect(all).not.toBe(filtered);
  });

  it("marks answers as private to the token (Cache-Control private, Vary Authorization)", async () => {
    const { token } = await seedAccount();
    const res = await call(LIST, { token });
    expect(res.headers.get("Cache-Control")).toMatch(/private/);
    expect(res.headers.get("Vary")).toMatch(/Authorization/i);
  });
});

describe("CORS on the public API", () => {
  it("answers a preflight from another origin allowing GET with the Authorization header, without a token", async () => {
    const res = await call(LIST, {
      method: "OPTIONS",
      headers: { Origin: ORIGIN, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization, if-none-match" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(
      res.headers
        .get("Access-Control-Allow-Methods")
        ?.split(",")
        .map((m) => m.trim()),
    ).toContain("GET");
    expect(
      res.headers
        .get("Access-Control-Allow-Headers")
        ?.toLowerCase()
        .split(",")
        .map((h) => h.trim()),
    ).toEqual(expect.arrayContaining(["authorization", "if-none-match"]));
    expect(res.headers.get("X-RateLimit-Remaining")).toBeNull();
  });

  it("answers preflights for the detail and images routes too", async () => {
    for (const path of [`${LIST}/1`, `${LIST}/1/images`]) {
      const res = await call(path, {
        method: "OPTIONS",
        headers: { Origin: ORIGIN, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization" },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get("Access-Control-Allow-Origin"), path).toBe("*");
    }
  });

  it("does not count preflights against the account's budget", async () => {
    const { token } = await seedAccount();
    for (let i = 0; i < 3; i++) {
      await call(LIST, {
        method: "OPTIONS",
        headers: { Origin: ORIGIN, "Access-Control-Request-Method": "GET", Authorization: `Bearer ${token}` },
      });
    }
    expect((await call(LIST, { token })).headers.get("X-RateLimit-Remaining")).toBe("99");
  });

  it("lets the browser read the answer and the rate-limit headers on 200, 400 and 404", async () => {
    const { token } = await seedAccount();
    for (const [path, status] of [
      [LIST, 200],
      [`${LIST}?per_page=0`, 400],
      [`${LIST}/0`, 404],
    ] as const) {
      const res = await call(path, { token, headers: { Origin: ORIGIN } });
      expect(res.status, path).toBe(status);
      expect(res.headers.get("Access-Control-Allow-Origin"), path).toBe("*");
      const exposed =
        res.headers
          .get("Access-Control-Expose-Headers")
          ?.toLowerCase()
          .split(",")
          .map((h) => h.trim()) ?? [];
      expect(exposed, path).toEqual(expect.arrayContaining(["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "etag"]));
    }
  });
});
