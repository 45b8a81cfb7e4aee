import { describe, expect, it } from "vitest";
import { call, seedAccount } from "../harness";
import { connect, tool, toolError } from "../mcp/client";
import { linkedSite, ORIGIN, publishArticle, RELATED_HTML, type Suggestion } from "./helpers";

// The MCP tools answer what the HTTP routes answer, and apply and revert the same way.

describe("the link tools of the MCP server", () => {
  it("lists the graph and the suggestions, applies and reverts one, and refuses another account's site", async () => {
    const ctx = await linkedSite();
    await publishArticle(ctx);
    const client = await connect(ctx.token);
    const api = async (path: string) => (await call(path, { token: ctx.token })).json();

    expect(await tool(client, "list_site_links", { siteId: ctx.site.id })).toEqual(await api(`/api/sites/${ctx.site.id}/links`));
    const { items } = await tool<{ items: Suggestion[] }>(client, "list_link_suggestions", { siteId: ctx.site.id });
    expect({ items }).toEqual(await api(`/api/sites/${ctx.site.id}/links/suggestions`));
    const suggestion = items.find((item) => item.fromUrl === `${ORIGIN}/post-2/`)!;

    const applied = await tool<Suggestion>(client, "apply_link_suggestion", { siteId: ctx.site.id, suggestionId: suggestion.id });
    expect(applied.state).toBe("applied");
    expect(ctx.post(101).content).toBe(RELATED_HTML.replace(suggestion.sentence, suggestion.linked));
    const reverted = await tool<Suggestion>(client, "revert_link_suggestion", { siteId: ctx.site.id, suggestionId: suggestion.id });
    expect(reverted.state).toBe("reverted");
    expect(ctx.post(101).content).toBe(RELATED_HTML);
    await client.close();

    const other = await connect((await seedAccount()).token);
    expect(await toolError(other, "list_site_links", { siteId: ctx.site.id })).toContain("not_found");
    expect(await toolError(other, "apply_link_suggestion", { siteId: ctx.site.id, suggestionId: suggestion.id })).toContain("not_found");
    await other.close();
  });
});
