import { describe, expect, it } from "vitest";
import { call, seedAccount, seedSite } from "../harness";
import { seedMember } from "../members/helpers";
import { connect, tool, toolError } from "../mcp/client";
import { pageWithQueries, publishedArticle } from "./helpers";

// The site-health MCP tools answer what the routes answer, and hold to the same roles.

describe("site-health MCP tools", () => {
  it("list_cannibalization and list_traction answer as the HTTP API; a viewer may read but not act", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, {
      platform: "blog",
      url: "https://blog.example.invalid",
      searchSyncedAt: "2026-11-24T06:00:00Z",
    });
    await pageWithQueries(site.id, "https://blog.example.invalid/a/", { clicks: 10, impressions: 100 }, [
      { query: "rye", impressions: 50 },
    ]);
    await pageWithQueries(site.id, "https://blog.example.invalid/b/", { clicks: 1, impressions: 60 }, [{ query: "rye", impressions: 40 }]);
    await publishedArticle(accountId, site.id, { title: "Quiet", url: "https://blog.example.invalid/q/", ageDays: 30 });

    const client = await connect(token);
    const cannibal = await tool(client, "list_cannibalization", { siteId: site.id });
    expect(cannibal).toEqual(await (await call(`/api/sites/${site.id}/cannibalization`, { token })).json());
    expect((cannibal as { items: unknown[] }).items).toHaveLength(1);
    const traction = await tool(client, "list_traction", { siteId: site.id });
    expect(traction).toEqual(await (await call(`/api/sites/${site.id}/traction`, { token })).json());
    await client.close();

    const viewer = await seedMember(accountId, "viewer");
    const asViewer = await connect(viewer.token);
    await tool(asViewer, "list_traction", { siteId: site.id });
    expect(await toolError(asViewer, "start_cannibalization_action", { siteId: site.id, query: "rye", action: "merge" })).toContain(
      "insufficient_role",
    );
    await asViewer.close();

    const other = await seedAccount();
    const stranger = await connect(other.token);
    expect(await toolError(stranger, "list_cannibalization", { siteId: site.id })).toContain("not_found");
    await stranger.close();
  });
});
