// `node test/e2e-dev/mcp.mjs <origin> <token>`: the MCP SDK's own client against `npm run dev`'s
// /mcp with the demo account's manage token (scripts/dev-smoke.sh runs it). Lists the tools,
// calls two read-only ones and checks their structured answers against the HTTP API.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [origin, token] = process.argv.slice(2);
if (!origin || !token) throw new Error("usage: node test/e2e-dev/mcp.mjs <origin> <token>");
const fail = (message, detail) => {
  console.error(`mcp-smoke: ${message}`, detail ?? "");
  process.exit(1);
};

const client = new Client({ name: "dev-smoke", version: "1.0.0" });
await client.connect(
  new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
);
const { tools } = await client.listTools();
// The whole list is checked by test/mcp/mcp.test.ts; here, that the dev server serves the tools at all.
const absent = ["list_sites", "list_plans", "get_plan", "list_articles", "get_balance"].filter(
  (name) => !tools.some((tool) => tool.name === name),
);
if (tools.length < 41 || absent.length > 0)
  fail(
    `expected at least 41 tools with ${absent.join(", ")}, got ${tools.length}`,
    tools.map((tool) => tool.name),
  );

const balance = await client.callTool({ name: "get_balance", arguments: {} });
const overHttp = await (await fetch(`${origin}/api/billing/balance`, { headers: { Authorization: `Bearer ${token}` } })).json();
if (balance.isError || JSON.stringify(balance.structuredContent) !== JSON.stringify(overHttp))
  fail("get_balance differs from GET /api/billing/balance", { mcp: balance, http: overHttp });

const articles = await client.callTool({ name: "list_articles", arguments: { perPage: 3 } });
if (articles.isError || articles.structuredContent.items.length !== 3 || articles.structuredContent.total < 8)
  fail("list_articles did not list the demo articles", articles);

const missing = await client.callTool({ name: "get_site", arguments: { siteId: "site_doesnotexist00" } });
if (!missing.isError || !/\[not_found, HTTP 404\]$/.test(missing.content[0].text))
  fail("an unknown site is not a not_found tool error", missing);
await client.close();
console.log(
  `mcp-smoke: ${origin}/mcp listed ${tools.length} tools; get_balance and list_articles answered as the HTTP API does; an unknown site is a not_found tool error`,
);

// One JSON-RPC message per request (issue 27): a batch is refused whole, so no tool call escapes the management limit.
const batch = await fetch(`${origin}/mcp`, {
  method: "POST",
  headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
  body: JSON.stringify(
    [1, 2, 3].map((id) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "get_balance", arguments: {} } })),
  ),
});
const batchBody = await batch.json();
if (batch.status !== 400 || batchBody.error?.code !== -32600)
  fail("a JSON-RPC batch was not refused with -32600", { status: batch.status, body: batchBody });
console.log("mcp-smoke: a JSON-RPC batch is refused with -32600");
