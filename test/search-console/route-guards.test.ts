import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { existingPosts, sites } from "../../src/db/schema";
import { call, db, expectError, searchQueue, seedAccount, seedArticle, seedExistingPosts, seedSite, seedToken } from "../harness";
import { offlinePlan } from "../pipeline/helpers";

// Every route the search loop added, in one table: no token is 401, a public:read token 403,
// another account's site, article, post or plan 404, and a bad input 400 that changes nothing.

interface Ids {
  siteId: string;
  articleId: string;
  postId: string;
  planId: string;
}

interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: (ids: Ids) => string;
  body?: unknown;
  /** A request this route refuses with 400 (a path with a bad query, or a bad body). */
  bad: { path?: (ids: Ids) => string; body?: unknown };
  /** The route names a resource of the account (404 for another's). */
  owned: boolean;
}

const ROUTES: Route[] = [
  { method: "POST", path: () => "/api/integrations/google", body: {}, bad: { body: { returnTo: "//evil.example/" } }, owned: false },
  { method: "GET", path: () => "/api/integrations/google", bad: {}, owned: false },
  { method: "DELETE", path: () => "/api/integrations/google", bad: {}, owned: false },
  {
    method: "PUT",
    path: (ids) => `/api/sites/${ids.siteId}/search-console`,
    body: { refreshDecaying: true },
    bad: { body: { maxRefreshesPerWeek: 0 } },
    owned: true,
  },
  { method: "POST", path: (ids) => `/api/sites/${ids.siteId}/search-console/sync`, bad: {}, owned: true },
  {
    method: "GET",
    path: (ids) => `/api/sites/${ids.siteId}/performance`,
    bad: { path: (ids) => `/api/sites/${ids.siteId}/performance?days=6` },
    owned: true,
  },
  {
    method: "GET",
    path: (ids) => `/api/autopilot/articles/${ids.articleId}/performance`,
    bad: { path: (ids) => `/api/autopilot/articles/${ids.articleId}/performance?days=abc` },
    owned: true,
  },
  {
    method: "GET",
    path: (ids) => `/api/sites/posts/${ids.postId}/performance`,
    bad: { path: (ids) => `/api/sites/posts/${ids.postId}/performance?days=91` },
    owned: true,
  },
  {
    method: "GET",
    path: (ids) => `/api/sites/${ids.siteId}/decay`,
    bad: { path: (ids) => `/api/sites/${ids.siteId}/decay?per_page=0` },
    owned: true,
  },
  {
    method: "GET",
    path: (ids) => `/api/sites/${ids.siteId}/opportunities`,
    bad: { path: (ids) => `/api/sites/${ids.siteId}/opportunities?min_impressions=0` },
    owned: true,
  },
  {
    method: "POST",
    path: (ids) => `/api/autopilot/plans/${ids.planId}/items`,
    body: { keyword: "rye starter", title: "Rye starter" },
    bad: { body: { keyword: "" } },
    owned: true,
  },
];

async function tenant(): Promise<{ accountId: string; token: string; ids: Ids }> {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, { platform: "blog", url: `https://${accountId.toLowerCase()}.example.com` });
  const article = await seedArticle(accountId, { siteId: site.id, status: "published", publicationUrl: `${site.url}/a/` });
  await seedExistingPosts(accountId, site.id, [{ title: "A post", url: `${site.url}/post/` }]);
  const [post] = await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id));
  const custom = await seedSite(accountId, { platform: "custom", language: "en", businessContext: "Baking" });
  const plan = await offlinePlan(token, custom.id, { articleCount: 1 });
  return { accountId, token, ids: { siteId: site.id, articleId: String(article.id), postId: post!.id, planId: plan.id } };
}

const send = (route: Route, path: string, token?: string, body = route.body) =>
  call(path, { method: route.method, token, ...(body === undefined ? {} : { json: body }) });

describe("the search loop's routes", () => {
  it.each(
    ROUTES.map(
      (route) =>
        [
          `${route.method} ${route.path({ siteId: "{siteId}", articleId: "{articleId}", postId: "{postId}", planId: "{planId}" })}`,
          route,
        ] as const,
    ),
  )("%s: 401 without a token, 403 with a public:read token, 404 for another account's, 400 for bad input", async (_, route) => {
    const owner = await tenant();
    const stranger = await tenant();
    const readOnly = (await seedToken(owner.accountId, "public:read")).token;
    const path = route.path(owner.ids);

    await expectError(await send(route, path), 401, "unauthorized");
    await expectError(await send(route, path, readOnly), 403, "insufficient_scope");
    if (route.owned) await expectError(await send(route, route.path(stranger.ids), owner.token), 404, "not_found");
    if (route.bad.path || route.bad.body !== undefined) {
      const before = await db().select().from(sites).where(eq(sites.id, owner.ids.siteId));
      await expectError(
        await send(route, (route.bad.path ?? route.path)(owner.ids), owner.token, route.bad.body ?? route.body),
        400,
        "invalid_request",
      );
      expect(await db().select().from(sites).where(eq(sites.id, owner.ids.siteId))).toEqual(before);
    }
    expect(searchQueue.sent).toEqual([]);
  });

  it("Google's callback needs no token, and a forged or missing state returns to the panel with state_invalid", async () => {
    for (const query of ["?state=forged&code=x", "?code=x", ""]) {
      const res = await call(`/api/integrations/google/callback${query}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/google=error&reason=state_invalid$/);
    }
  });
});
