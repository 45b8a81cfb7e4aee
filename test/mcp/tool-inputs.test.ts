import { describe, expect, it } from "vitest";
import { call, seedAccount, seedArticle } from "../harness";
import { connect, tool, toolError } from "./client";

// Issue 28: what a model reads about each tool's input is all it has to go on, and an article id
// comes as a number from the public API (42) and as a string from the management API ("42").

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  type?: string;
}

describe("the MCP tools' inputs", () => {
  it("describes every input field of every tool", async () => {
    const { token } = await seedAccount();
    const client = await connect(token);
    const { tools } = await client.listTools();
    const undescribed = tools.flatMap((t) =>
      Object.entries((t.inputSchema.properties ?? {}) as Record<string, JsonSchema>)
        .filter(([, schema]) => !(schema.description && schema.description.trim().length >= 10))
        .map(([name]) => `${t.name}.${name}`),
    );
    expect(undescribed).toEqual([]);
    await client.close();
  });

  it("declares article ids as an integer or a string", async () => {
    const { token } = await seedAccount();
    const client = await connect(token);
    const { tools } = await client.listTools();
    for (const name of ["get_article", "update_article", "publish_article"]) {
      const articleId = (tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, JsonSchema>).articleId!;
      expect(articleId.anyOf?.map((schema) => schema.type).sort(), name).toEqual(["integer", "string"]);
    }
    await client.close();
  });

  it('takes articleId 42 and "42" alike, and refuses an id that is not a whole number', async () => {
    const { accountId, token } = await seedAccount();
    const article = await seedArticle(accountId, { title: "Numbers and strings" });
    const client = await connect(token);
    const byNumber = await tool(client, "get_article", { articleId: article.id });
    const byString = await tool(client, "get_article", { articleId: String(article.id) });
    expect(byNumber).toEqual(byString);
    expect(byNumber).toEqual(await (await call(`/api/autopilot/articles/${article.id}`, { token })).json());
    expect(await tool(client, "update_article", { articleId: article.id, seoTitle: "Numbers and strings, both taken" })).toMatchObject({
      id: String(article.id),
      seoTitle: "Numbers and strings, both taken",
    });

    // Another account's article is not found whichever way its id is written.
    const other = await seedAccount();
    const theirs = await seedArticle(other.accountId);
    expect(await toolError(client, "get_article", { articleId: theirs.id })).toBe("Article not found [not_found, HTTP 404]");
    expect(await toolError(client, "get_article", { articleId: String(theirs.id) })).toBe("Article not found [not_found, HTTP 404]");
    for (const articleId of [0, -1, 1.5, true, null, {}])
      expect(await toolError(client, "get_article", { articleId }), JSON.stringify(articleId)).toMatch(/articleId/);
    await client.close();
  });
});
