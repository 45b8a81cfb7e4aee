import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount, seedSite } from "../harness";
import { connect, tool, toolError } from "../mcp/client";
import { seedMember } from "../members/helpers";

// Issue 42's lists and the health view hold to a member's site limits, on the routes and as MCP
// tools, and answer bad input with a 4xx.

const LISTS = ["health", "cannibalization", "traction", "links", "links/suggestions", "health-actions"];
const TOOLS = ["get_site_health", "list_cannibalization", "list_traction", "list_site_links", "list_link_suggestions"];

describe("a member limited to one site", () => {
  it("reads its own site's lists and health, and is refused another's (403 site_not_allowed), on the API and MCP", async () => {
    const { accountId } = await seedAccount();
    const mine = await seedSite(accountId, { platform: "blog" });
    const other = await seedSite(accountId, { platform: "blog" });
    const viewer = await seedMember(accountId, "viewer", { siteIds: [mine.id] });
    for (const list of LISTS) {
      expect((await call(`/api/sites/${mine.id}/${list}`, { token: viewer.token })).status, list).toBe(200);
      await expectError(await call(`/api/sites/${other.id}/${list}`, { token: viewer.token }), 403, "site_not_allowed");
    }
    const client = await connect(viewer.token);
    expect(await tool(client, "get_site_health", { siteId: mine.id })).toMatchObject({ score: 100 });
    for (const name of TOOLS) expect(await toolError(client, name, { siteId: other.id }), name).toMatch(/site_not_allowed, HTTP 403/);
  });
});

describe("bad input on the health view", () => {
  it("an over-long or unknown site id is a 4xx JSON error", async () => {
    const { token } = await seedAccount();
    await expectError(await call(`/api/sites/${"s".repeat(65)}/health`, { token }), 400);
    await expectError(await call("/api/sites/site_unknown000000000/health", { token }), 404);
    await expectError(await call("/api/sites/site_unknown000000000/health", { method: "POST", token, json: {} }), 404);
  });
});
