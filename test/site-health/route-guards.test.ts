import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { siteHealthActions } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedSite, seedToken } from "../harness";
import { seedMember } from "../members/helpers";
import { publishedArticle } from "./helpers";

// Every site-health route: no token 401, a public:read token 403, another account's site 404,
// a viewer reads but may not act (403), bad input 400, and none of them changes anything.

interface Route {
  method: "GET" | "POST";
  path: (siteId: string) => string;
  body?: unknown;
  bad?: unknown[];
}

const ROUTES: Route[] = [
  { method: "GET", path: (s) => `/api/sites/${s}/cannibalization` },
  {
    method: "POST",
    path: (s) => `/api/sites/${s}/cannibalization/actions`,
    body: { query: "sourdough starter", action: "merge" },
    bad: [
      {},
      { query: "x", action: "delete" },
      { query: "", action: "merge" },
      { query: "x", action: "merge", extra: true },
      { query: "x\u0000y", action: "merge" },
      { query: "x", action: "differentiate", targetQuery: "a".repeat(201) },
    ],
  },
  { method: "GET", path: (s) => `/api/sites/${s}/traction` },
  {
    method: "POST",
    path: (s) => `/api/sites/${s}/traction/actions`,
    body: { articleId: "1", action: "noindex" },
    bad: [
      { articleId: "abc", action: "noindex" },
      { articleId: "1", action: "wait" },
      { articleId: "1", action: "merge", intoUrl: "javascript:alert(1)" },
      { action: "noindex" },
      "not an object",
    ],
  },
  { method: "GET", path: (s) => `/api/sites/${s}/health-actions` },
  { method: "POST", path: (s) => `/api/sites/${s}/health-actions/sha_unknown/apply` },
  { method: "POST", path: (s) => `/api/sites/${s}/health-actions/sha_unknown/revert` },
];

const send = (route: Route, siteId: string, token?: string, body = route.body) =>
  call(route.path(siteId), { method: route.method, ...(token ? { token } : {}), ...(body === undefined ? {} : { json: body }) });

async function blog() {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, { platform: "blog", url: "https://blog.example.invalid" });
  return { accountId, token, site };
}

describe("site-health routes: who may call them", () => {
  it("401 without a token, 403 with a public:read token, 404 for another account's site", async () => {
    const { accountId, site } = await blog();
    const { token: publicToken } = await seedToken(accountId, "public:read");
    const other = await seedAccount();
    for (const route of ROUTES) {
      await expectError(await send(route, site.id), 401);
      await expectError(await send(route, site.id, publicToken), 403);
      await expectError(await send(route, site.id, other.token), 404, "not_found");
    }
  });

  it("a viewer reads the lists but may not act; a member limited to another site gets nothing", async () => {
    const { accountId, site } = await blog();
    const other = await seedSite(accountId, { platform: "blog", url: "https://other.example.invalid" });
    const viewer = await seedMember(accountId, "viewer");
    const limited = await seedMember(accountId, "editor", { siteIds: [other.id] });
    for (const route of ROUTES) {
      const res = await send(route, site.id, viewer.token);
      if (route.method === "GET") expect(res.status).toBe(200);
      else await expectError(res, 403, "insufficient_role");
      expect((await send(route, site.id, limited.token)).status).toBe(403);
    }
    expect(await db().select().from(siteHealthActions).where(eq(siteHealthActions.siteId, site.id))).toEqual([]);
  });
});

describe("site-health routes: bad input", () => {
  it("400 with the field named for each bad body, and nothing stored", async () => {
    const { token, site } = await blog();
    for (const route of ROUTES.filter((r) => r.bad))
      for (const body of route.bad!) {
        const error = await expectError(await send(route, site.id, token, body), 400, "invalid_request");
        expect(error.message.length).toBeGreaterThan(0);
      }
    expect(await db().select().from(siteHealthActions).where(eq(siteHealthActions.siteId, site.id))).toEqual([]);
  });

  it("404 for an unknown action, an article of another site, a query nobody shares; 409 on a site that is not a blog", async () => {
    const { accountId, token, site } = await blog();
    const forum = await seedSite(accountId, { platform: "forum", url: "https://forum.example.invalid" });
    const elsewhere = await seedSite(accountId, { platform: "blog", url: "https://elsewhere.example.invalid" });
    const article = await publishedArticle(accountId, elsewhere.id, {
      title: "Elsewhere",
      url: "https://elsewhere.example.invalid/a/",
      ageDays: 60,
      remoteId: 5,
    });
    await expectError(await call(`/api/sites/${site.id}/health-actions/sha_unknown/apply`, { method: "POST", token }), 404, "not_found");
    await expectError(
      await call(`/api/sites/${site.id}/traction/actions`, {
        method: "POST",
        token,
        json: { articleId: String(article.id), action: "noindex" },
      }),
      404,
      "not_found",
    );
    await expectError(
      await call(`/api/sites/${site.id}/cannibalization/actions`, { method: "POST", token, json: { query: "nobody", action: "merge" } }),
      404,
      "not_found",
    );
    await expectError(
      await call(`/api/sites/${forum.id}/traction/actions`, {
        method: "POST",
        token,
        json: { articleId: String(article.id), action: "noindex" },
      }),
      409,
      "wrong_platform",
    );
    // Lists answer for any site, empty before a sync.
    expect(await (await call(`/api/sites/${forum.id}/cannibalization`, { token })).json()).toEqual({ items: [], syncedAt: null });
    expect(await db().select().from(siteHealthActions)).toEqual([]);
  });

  it("409 post_not_scanned for an article whose post the site's sync has not seen", async () => {
    const { accountId, token, site } = await blog();
    const article = await publishedArticle(accountId, site.id, { title: "No remote", url: "https://blog.example.invalid/n/", ageDays: 60 });
    await expectError(
      await call(`/api/sites/${site.id}/traction/actions`, {
        method: "POST",
        token,
        json: { articleId: String(article.id), action: "unpublish" },
      }),
      409,
      "post_not_scanned",
    );
  });
});
