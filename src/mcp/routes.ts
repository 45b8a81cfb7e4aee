import { Hono } from "hono";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AppError } from "../core/errors";
import { requireScope, requireToken } from "../http/auth";
import type { AppEnv } from "../http/context";
import { countManagementRequest } from "../http/management-auth";
import { createMcpServer } from "./server";

/**
 * The remote MCP server at /mcp: the Streamable HTTP transport, stateless (a server and a
 * transport per request, no session id), with a `manage` API token as the bearer. Every request
 * counts against the account's management limit like a route does.
 */
export const mcpRoutes = new Hono<AppEnv>();

mcpRoutes.use("/mcp", async (c, next) => {
  try {
    await requireToken(c, async () => {
      await requireScope("manage")(c, () => countManagementRequest(c, next));
    });
  } catch (error) {
    // MCP clients look for the challenge on a 401 (the authorization part of the specification).
    if (error instanceof AppError && error.code === "unauthorized") throw new AppError("unauthorized", error.message, undefined, { "WWW-Authenticate": `Bearer realm="content-autopilot", error="invalid_token"` });
    throw error;
  }
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
  const response = await transport.handleRequest(c.req.raw);
  c.executionCtx.waitUntil(closeWhenDone(response, () => server.close()));
  return response;
});

/** Closes the per-request server once its answer has been read (a streamed answer ends with the call). */
async function closeWhenDone(response: Response, close: () => Promise<void>) {
  if (response.body && response.headers.get("Content-Type")?.includes("text/event-stream")) return;
  await close().catch(() => {});
}
