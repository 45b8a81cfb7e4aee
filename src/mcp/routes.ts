import { Hono } from "hono";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AppError } from "../core/errors";
import type { AppEnv } from "../http/context";
import { countManagementRequest } from "../http/management-auth";
import type { McpProps } from "../oauth/provider";
import { createMcpServer } from "./server";

/**
 * The remote MCP server at /mcp: the Streamable HTTP transport, stateless (a server and a
 * transport per request, no session id). Every request counts against the account's management
 * limit like a route does.
 */
export const mcpRoutes = new Hono<AppEnv>();

mcpRoutes.use("/mcp", async (c, next) => {
  // In front of the app, the OAuth provider (src/oauth/provider.ts) has checked the token: an
  // OAuth grant of the account, or one of its `manage` API tokens.
  const props = (c.executionCtx as ExecutionContext & { props?: Partial<McpProps> }).props;
  if (!props?.caller) throw new AppError("unauthorized", "Send 'Authorization: Bearer <token>': an OAuth access token or a manage API token", undefined, { "WWW-Authenticate": `Bearer realm="content-autopilot"` });
  c.set("caller", props.caller);
  await countManagementRequest(c, next);
});

// Stateless: no stream of server-initiated messages to open (GET) and no session to end (DELETE).
const notAllowed = () =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed: this MCP server is stateless; send JSON-RPC with POST" }, id: null }), {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "application/json" },
  });
mcpRoutes.get("/mcp", notAllowed);
mcpRoutes.delete("/mcp", notAllowed);

mcpRoutes.post("/mcp", async (c) => {
  const server = createMcpServer(c.get("services"), c.get("caller").accountId);
  // JSON answers unless the call sends progress: then its notifications stream before the result.
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  // The server and its transport live as long as this request's answer; nothing outlives it.
  return transport.handleRequest(c.req.raw);
});
