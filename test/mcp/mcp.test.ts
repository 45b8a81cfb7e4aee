import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, searchQueue, seedAccount, seedExistingPosts, seedSite, seedToken, useVars } from "../harness";
import { drainSyncs } from "../search-console/google-connection";
import { connect, tool, toolError } from "./client";

// Issue 21: the MCP server at /mcp, driven by the SDK's own client over Streamable HTTP, inside
// workerd. Every tool calls the same area functions as the routes, so the answers are compared
// with what the HTTP API says.

const TOOLS = [
  "list_site_links",
  "list_link_suggestions",
  "apply_link_suggestion",
  "revert_link_suggestion",
  "list_sites",
  "get_site",
  "get_brief",
  "update_brief",
  "sync_existing_posts",
  "chat_with_site_agent",
  "create_plan",
  "get_plan",
  "get_item_research",
  "update_plan_item",
  "delete_plan_item",
  "approve_plan",
  "pause_plan",
  "run_item",
  "list_articles",
  "get_article",
  "update_article",
  "publish_article",
  "improve_post",
  "apply_improvement",
  "revert_improvement",
  "get_report",
  "get_balance",
  "get_search_performance",
  "list_decaying_pages",
  "list_opportunities",
  "add_plan_item",
  "estimate_plan",
  "rename_plan",
  "list_plans",
  // Site health (src/mcp/tools/site-health.ts)
  ...[
    "get_site_health",
    "list_cannibalization",
    "list_traction",
    "start_cannibalization_action",
    "start_traction_action",
    "apply_health_action",
    "revert_health_action",
  ],
];

const api = async (path: string, token: string) => (await call(path, { token })).json();

describe("the MCP server at /mcp", () => {
  it("lists every tool, each with an input and output schema and honest annotations", async () => {
    const { token } = await seedAccount();
    const client = await connect(token);
    expect(client.getServerVersion()).toMatchObject({ name: "content-autopilot" });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const t of tools) {
      expect(t.inputSchema.type).toBe("object");
      expect(t.outputSchema?.type, t.name).toBe("object");
      expect(t.description!.length, t.name).toBeGreaterThan(30);
      expect(typeof t.annotations?.readOnlyHint, t.name).toBe("boolean");
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of [
      "list_sites",
      "get_site",
      "get_brief",
      "get_plan",
      "list_articles",
      "get_article",
      "get_report",
      "get_balance",
      "get_search_performance",
      "list_decaying_pages",
      "list_opportunities",
    ])
      expect(byName.get(name)!.annotations!.readOnlyHint, name).toBe(true);
    for (const name of ["delete_plan_item", "apply_improvement", "revert_improvement"])
      expect(byName.get(name)!.annotations!.destructiveHint, name).toBe(true);
    for (const name of ["create_plan", "run_item", "publish_article", "improve_post"])
      expect(byName.get(name)!.annotations!.idempotentHint, name).toBe(false);
    expect(byName.get("create_plan")!.inputSchema.required).toEqual(expect.arrayContaining(["siteId", "articleCount", "cadencePerWeek"]));
    await client.close();
  });

  it("plans, curates, approves, runs with progress and reads back: the same answers as the HTTP API", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", language: "en", businessContext: "Sourdough baking at home" });
    const client = await connect(token);

    const { sites } = await tool<{ sites: { id: string }[] }>(client, "list_sites");
    expect(sites).toEqual(await api("/api/sites", token));
    expect(await tool(client, "get_site", { siteId: site.id })).toEqual(await api(`/api/sites/${site.id}`, token));

    // update_brief changes what it is given and keeps the rest.
    const brief = await tool(client, "update_brief", { siteId: site.id, tone: "Warm and practical", authorName: "Ayşe Yılmaz" });
    expect(brief).toMatchObject({ business: "Sourdough baking at home", tone: "Warm and practical", authorName: "Ayşe Yılmaz", faq: true });
    expect(await tool(client, "get_brief", { siteId: site.id })).toEqual(await api(`/api/sites/${site.id}/brief`, token));

    const planProgress: Progress[] = [];
    const plan = await tool<{ id: string; status: string; items: { id: string; title: string; status: string }[] }>(
      client,
      "create_plan",
      { siteId: site.id, articleCount: 3, cadencePerWeek: 2 },
      (p) => planProgress.push(p),
    );
    expect(plan).toMatchObject({ status: "DRAFT" });
    expect(plan.items).toHaveLength(3);
    expect(planProgress.length).toBeGreaterThanOrEqual(1);
    expect(planProgress[0]!.message).toMatch(/Researching keywords/);

    const renamed = await tool(client, "update_plan_item", { itemId: plan.items[0]!.id, title: "Sourdough bread at home: the first loaf" });
    expect(renamed).toMatchObject({ id: plan.items[0]!.id, title: "Sourdough bread at home: the first loaf" });
    expect(await tool(client, "delete_plan_item", { itemId: plan.items[2]!.id })).toEqual({ deleted: true, itemId: plan.items[2]!.id });
    const [deleted] = ((await api("/api/audit?action=item.deleted", token)) as { items: unknown[] }).items;
    expect(deleted).toMatchObject({ targetId: plan.items[2]!.id, targetLabel: plan.items[2]!.title, siteId: site.id });
    expect(await tool(client, "approve_plan", { planId: plan.id })).toMatchObject({ status: "ACTIVE" });
    expect(await tool(client, "pause_plan", { planId: plan.id })).toMatchObject({ status: "PAUSED" });
    expect(await tool(client, "get_plan", { planId: plan.id })).toEqual(await api(`/api/autopilot/plans/${plan.id}`, token));

    const runProgress: Progress[] = [];
    const run = await tool<{ articleId: string; url: string }>(client, "run_item", { itemId: plan.items[0]!.id }, (p) =>
      runProgress.push(p),
    );
    expect(run.url).toContain(`/api/v1/public/articles/`);
    expect(runProgress.length).toBeGreaterThanOrEqual(1);
    expect(runProgress.map((p) => p.progress)).toEqual(runProgress.map((_, i) => i + 1));

    const article = await tool<{ id: string; title: string; structuredData: { "@graph": { "@type": string }[] } }>(client, "get_article", {
      articleId: run.articleId,
    });
    expect(article).toEqual(await api(`/api/autopilot/articles/${run.articleId}`, token));
    expect(article.structuredData["@graph"][0]!["@type"]).toBe("Article");
    const list = await tool<{ items: { id: string }[]; hasMore: boolean; total: number }>(client, "list_articles", {
      siteId: site.id,
      perPage: 1,
    });
    expect(list).toMatchObject({ total: 1, hasMore: false, items: [{ id: run.articleId }] });
    const edited = await tool(client, "update_article", {
      articleId: run.articleId,
      seoTitle: "Sourdough bread at home: a first loaf, step by step",
    });
    expect(edited).toMatchObject({ seoTitle: "Sourdough bread at home: a first loaf, step by step", blogUpdated: false });

    const balance = await tool<{ creditBalance: string }>(client, "get_balance");
    expect(balance).toEqual(await api("/api/billing/balance", token));
    const report = await tool<{ summary: { generated: number } }>(client, "get_report", { siteId: site.id });
    expect(report.summary.generated).toBe(1);
    const chat = await tool<{ reply: string; briefUpdated: boolean }>(client, "chat_with_site_agent", {
      siteId: site.id,
      message: "Which articles are planned?",
    });
    expect(chat.briefUpdated).toBe(false);
    await client.close();
  });

  it("reads what pages earn in search, what decays and what could rank, and plans an opportunity: the same answers as the HTTP API", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "blog", url: "https://bakery.example.com", language: "en" });
    await seedExistingPosts(
      accountId,
      site.id,
      ["sourdough-starter", "rye-bread-basics", "focaccia-at-home", "why-dough-not-rise", "bread-storage-tips", "baguette-shaping"].map(
        (slug) => ({ title: slug.replaceAll("-", " "), url: `https://bakery.example.com/${slug}/` }),
      ),
    );
    // The offline Search Console invents the figures of the site's pages; a sync reads them.
    expect((await call(`/api/sites/${site.id}/search-console/sync`, { method: "POST", token })).status).toBe(202);
    await drainSyncs(searchQueue.sent, { siteIds: [site.id] });
    const client = await connect(token);

    const sitePerformance = await tool<{ site: { totals: { impressions: number } }; page: null }>(client, "get_search_performance", {
      siteId: site.id,
    });
    expect(sitePerformance).toEqual({ site: await api(`/api/sites/${site.id}/performance?per_page=20`, token), page: null });
    expect(sitePerformance.site.totals.impressions).toBeGreaterThan(0);
    const postId = ((await api(`/api/sites/${site.id}/posts`, token)) as { items: { id: string }[] }).items[0]!.id;
    expect(await tool(client, "get_search_performance", { postId, days: 7 })).toEqual({
      site: null,
      page: await api(`/api/sites/posts/${postId}/performance?days=7`, token),
    });
    expect(await tool(client, "list_decaying_pages", { siteId: site.id })).toEqual(
      await api(`/api/sites/${site.id}/decay?per_page=20`, token),
    );
    const opportunities = await tool<{ items: { query: string }[] }>(client, "list_opportunities", { siteId: site.id, minImpressions: 1 });
    expect(opportunities).toEqual(await api(`/api/sites/${site.id}/opportunities?per_page=20&min_impressions=1`, token));
    expect(opportunities.items.length).toBeGreaterThan(0);

    const customSite = await seedSite(accountId, { platform: "custom", language: "en", businessContext: "Baking" });
    const plan = await tool<{ id: string; items: unknown[] }>(client, "create_plan", {
      siteId: customSite.id,
      articleCount: 1,
      cadencePerWeek: 2,
    });
    const keyword = opportunities.items[0]!.query;
    const item = await tool<{ targetKeyword: string; status: string }>(client, "add_plan_item", { planId: plan.id, keyword });
    expect(item).toMatchObject({ targetKeyword: keyword, status: "PLANNED" });
    expect(((await api(`/api/autopilot/plans/${plan.id}`, token)) as { items: unknown[] }).items).toHaveLength(plan.items.length + 1);
    expect(await toolError(client, "add_plan_item", { planId: plan.id, keyword })).toMatch(/keyword_already_planned, HTTP 409/);
    expect(await toolError(client, "get_search_performance", { siteId: site.id, postId })).toMatch(/exactly one of siteId/);
    await client.close();
  });

  it("publishes an article waiting in review", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", language: "en", businessContext: "Sourdough baking" });
    const client = await connect(token);
    const plan = await tool<{ items: { id: string }[] }>(client, "create_plan", {
      siteId: site.id,
      articleCount: 1,
      cadencePerWeek: 1,
      publishMode: "review",
    });
    const run = await tool<{ articleId: string }>(client, "run_item", { itemId: plan.items[0]!.id });
    expect(await tool(client, "get_article", { articleId: run.articleId })).toMatchObject({ status: "pending" });
    expect(await tool(client, "publish_article", { articleId: run.articleId })).toMatchObject({ status: "published" });
    expect(await toolError(client, "publish_article", { articleId: run.articleId })).toMatch(
      /already published.*\[article_already_published, HTTP 409\]$/,
    );
    await client.close();
  });

  it("syncs a WordPress site's existing posts, improves a post, applies and reverts it", async () => {
    const wp = installFakeWordPress({ postCount: 3 });
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const client = await connect(token);
    expect(await tool(client, "sync_existing_posts", { siteId: site.id })).toEqual({ synced: 3 });
    const posts = (await api(`/api/sites/${site.id}/posts`, token)) as { items: { id: string; remoteId: number }[] };
    const postId = posts.items[0]!.id;
    const improved = await tool<{ status: string; credits: string; suggestion: { title: string } }>(client, "improve_post", { postId });
    expect(improved).toMatchObject({ status: "SUGGESTED", credits: "5.00" });
    expect(await tool(client, "apply_improvement", { postId })).toMatchObject({ status: "APPLIED" });
    const remote = wp.content.posts.find((p) => p.id === posts.items[0]!.remoteId)!;
    expect(remote.title).toContain(improved.suggestion.title.slice(0, 10));
    expect(await tool(client, "revert_improvement", { postId })).toMatchObject({ status: "REVERTED" });
    await client.close();
  });

  it("answers the API's errors as tool errors: another account's ids are not found, bad input and short credit say why", async () => {
    const other = await seedAccount();
    const otherSite = await seedSite(other.accountId, { platform: "custom" });
    const { accountId, token } = await seedAccount({ creditKurus: 100 });
    const site = await seedSite(accountId, { platform: "custom", language: "en", businessContext: "Bread" });
    const client = await connect(token);

    expect(await toolError(client, "get_site", { siteId: otherSite.id })).toBe("Site not found [not_found, HTTP 404]");
    expect(await toolError(client, "get_brief", { siteId: otherSite.id })).toMatch(/not found \[not_found, HTTP 404\]$/);
    expect(await toolError(client, "get_article", { articleId: "999999" })).toBe("Article not found [not_found, HTTP 404]");
    expect(await toolError(client, "create_plan", { siteId: otherSite.id, articleCount: 1, cadencePerWeek: 1 })).toMatch(
      /\[not_found, HTTP 404\]$/,
    );
    // Input the schema refuses never reaches the area functions.
    expect(await toolError(client, "create_plan", { siteId: site.id, articleCount: 0, cadencePerWeek: 1 })).toMatch(/articleCount/);
    expect(await toolError(client, "update_plan_item", { itemId: "item_x" })).toMatch(
      /Send title, targetKeyword, suggestion or several of them|not found/,
    );

    const plan = await tool<{ items: { id: string }[] }>(client, "create_plan", { siteId: site.id, articleCount: 1, cadencePerWeek: 1 });
    expect(await toolError(client, "run_item", { itemId: plan.items[0]!.id })).toMatch(/\[insufficient_credit, HTTP 402\]$/);
    expect(await tool(client, "get_balance")).toMatchObject({ creditBalance: "1.00" });
    await client.close();
  });

  it("plan tools show the cluster, overlaps and pace, and switch an item's suggestion", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", language: "en", businessContext: "Bread", maxNewPerWeek: 1 });
    const client = await connect(token);
    const plan = await tool<{ id: string; cluster: { pillarKeyword: string }; items: { id: string; cluster: { role: string } }[] }>(
      client,
      "create_plan",
      { siteId: site.id, articleCount: 2, cadencePerWeek: 3, cluster: { pillarKeyword: "rye bread" } },
    );
    expect(plan.cluster).toMatchObject({ pillarKeyword: "rye bread" });
    expect(plan.items.map((item) => item.cluster.role)).toEqual(["pillar", "spoke"]);
    expect(await tool(client, "approve_plan", { planId: plan.id })).toMatchObject({
      pace: { maxNewPerWeek: 1, planned: 2, exceeds: true },
    });
    expect(await toolError(client, "update_plan_item", { itemId: plan.items[0]!.id, suggestion: "improve" })).toMatch(
      /item_not_improvable/,
    );
    expect(await tool(client, "update_plan_item", { itemId: plan.items[0]!.id, suggestion: "new" })).toMatchObject({ suggestion: "new" });
    await client.close();
  });

  it("answers bad input with a 4xx and changes nothing: malformed JSON, wrong types, an oversize body", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", language: "en" });
    const post = (body: string) =>
      call("/mcp", {
        method: "POST",
        token,
        body,
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      });

    const malformed = await post("{not json");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });

    const oversize = await post(
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { padding: "x".repeat(3 * 1024 * 1024) } }),
    );
    expect(oversize.status).toBe(413);
    expect(await oversize.json()).toMatchObject({ success: false, code: "payload_too_large" });

    const client = await connect(token);
    expect(await toolError(client, "create_plan", { siteId: site.id, articleCount: "three", cadencePerWeek: 1 })).toMatch(/articleCount/);
    expect(await toolError(client, "update_brief", { siteId: site.id, logoUrl: "javascript:alert(1)" })).toMatch(/logoUrl/);
    expect(await toolError(client, "get_site", { siteId: "x".repeat(65) })).toMatch(/siteId/);
    expect(await toolError(client, "no_such_tool")).toMatch(/no_such_tool/);
    expect(await api(`/api/sites/${site.id}/brief`, token)).toMatchObject({ logoUrl: "" });
    expect(await api("/api/autopilot/plans", token)).toMatchObject({ total: 0 });
    await client.close();
  });

  it("takes a manage token: none or a bad one is 401, public:read is 403, and counts against the management limit", async () => {
    await expect(connect(null)).rejects.toMatchObject({ code: 401 });
    await expect(connect("sap_0000000000000000000000000000000000000000")).rejects.toMatchObject({ code: 401 });
    const { accountId, token } = await seedAccount();
    const reader = await seedToken(accountId, "public:read");
    await expect(connect(reader.token)).rejects.toMatchObject({ code: 403, message: expect.stringContaining("public:read") });

    const other = await seedAccount();
    for (const method of ["GET", "DELETE"]) {
      const stream = await call("/mcp", { method, token: other.token, headers: { Accept: "text/event-stream" } });
      expect(stream.status, method).toBe(405);
      expect(stream.headers.get("Allow")).toBe("POST");
    }

    const unauthenticated = await call("/mcp", {
      method: "POST",
      json: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      headers: { Accept: "application/json, text/event-stream" },
    });
    expect(unauthenticated.status).toBe(401);
    // The OAuth challenge (src/oauth/provider.ts): where a connector finds how to get a token.
    expect(unauthenticated.headers.get("WWW-Authenticate")).toMatch(
      /^Bearer .*resource_metadata="https:\/\/api\.test\/\.well-known\/oauth-protected-resource\/mcp"/,
    );
    // No credentials, no error code (RFC 6750 §3.1): only the challenge.
    expect(unauthenticated.headers.get("WWW-Authenticate")).not.toContain("error=");

    useVars({ MANAGEMENT_RATE_LIMIT_PER_MINUTE: "5" });
    const sent: { method: string; status: number }[] = [];
    const client = await connect(token, sent);
    let refused: unknown;
    for (let i = 0; i < 10 && !refused; i += 1) await client.listTools().catch((error: unknown) => (refused = error));
    expect(String(refused)).toMatch(/429.*rate_limited/);
    // Every HTTP request of the client counted, and the sixth was refused.
    expect(sent.filter((request) => request.status !== 429)).toHaveLength(5);
    expect(sent.at(-1)!.status).toBe(429);
  });
});
