import { Hono } from "hono";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AppError } from "../core/errors";
import type { AppEnv } from "../http/context";
import { countManagementRequest } from "../auth/management-auth";
import { currentMember } from "../members/service";
import type { McpProps } from "../oauth/provider";
import { createMcpServer, MCP_TOOLS } from "./server";
import { TOOL_PERMISSIONS } from "./permissions";
import { toolError } from "./tool";
import { assertRoleMay } from "../auth/role-gate";
import type { Caller } from "../http/context";

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
  if (!props?.caller)
    throw new AppError("unauthorized", "Send 'Authorization: Bearer <token>': an OAuth access token or a manage API token", undefined, {
      "WWW-Authenticate": `Bearer realm="content-autopilot"`,
    });
  // The grant (or token) carries the member; their role is read as it is now, and a removed
  // member's grant stops here at once.
  const caller = props.caller;
  if (caller.memberId && props.via === "oauth") {
    const member = await currentMember(c.get("db"), caller.accountId, caller.memberId);
    if (!member)
      throw new AppError("unauthorized", "The member this grant belongs to was removed from the account", undefined, {
        "WWW-Authenticate": `Bearer realm="content-autopilot", error="invalid_token"`,
      });
    c.set("caller", { ...caller, role: member.role, siteIds: member.siteIds ?? null });
  } else c.set("caller", { ...caller, memberId: caller.memberId ?? null, role: caller.role ?? "owner", siteIds: caller.siteIds ?? null });
  await countManagementRequest(c, next);
});

const jsonRpcError = (status: number, code: number, message: string, id: unknown = null, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });

// Stateless: no stream of server-initiated messages to open (GET) and no session to end (DELETE).
const notAllowed = () =>
  jsonRpcError(405, -32000, "Method not allowed: this MCP server is stateless; send JSON-RPC with POST", null, { Allow: "POST" });
mcpRoutes.get("/mcp", notAllowed);
mcpRoutes.delete("/mcp", notAllowed);

mcpRoutes.post("/mcp", async (c) => {
  let message: unknown;
  try {
    message = JSON.parse(await c.req.text());
  } catch {
    return jsonRpcError(400, -32700, "Parse error: the body is not JSON");
  }
  // One message per request, so every tool call is one request of the management limit. MCP
  // removed JSON-RPC batching in its 2025-06-18 revision.
  if (Array.isArray(message))
    return jsonRpcError(400, -32600, "Invalid request: batches are not supported; send one JSON-RPC message per request");
  const invalidArguments = toolArgumentsProblem(message);
  if (invalidArguments) return jsonRpcError(200, -32602, invalidArguments, (message as { id?: unknown }).id ?? null);
  // The role is checked before the arguments are: a tool the role may not use says so, whatever it was sent.
  const refused = toolRoleRefusal(message, c.get("caller"));
  if (refused) return refused;

  const server = createMcpServer(c.get("services"), c.get("caller"));
  // JSON answers unless the call sends progress: then its notifications stream before the result.
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  // The server and its transport live as long as this request's answer; nothing outlives it.
  return transport.handleRequest(c.req.raw, { parsedBody: message });
});

/** A tools/call of a tool the caller's role may not use: the tool's error result, as the tool itself would answer it. */
function toolRoleRefusal(message: unknown, caller: Caller): Response | null {
  const { method, params, id } = message as { method?: unknown; params?: { name?: unknown }; id?: unknown };
  if (method !== "tools/call" || typeof params?.name !== "string") return null;
  const rule = TOOL_PERMISSIONS[params.name];
  if (!rule && !MCP_TOOLS.some((tool) => tool.name === params.name)) return null;
  try {
    assertRoleMay(caller, typeof rule === "string" ? rule : (rule?.[0] ?? "billing"));
    return null;
  } catch (error) {
    return new Response(JSON.stringify({ jsonrpc: "2.0", id: id ?? null, result: toolError(error) }), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  }
}

/** A tools/call whose `arguments` is not an object of named arguments: a readable -32602 instead of the SDK's schema dump. */
function toolArgumentsProblem(message: unknown): string | null {
  if (typeof message !== "object" || message === null || (message as { method?: unknown }).method !== "tools/call") return null;
  const params = (message as { params?: unknown }).params;
  if (typeof params !== "object" || params === null || Array.isArray(params))
    return "Invalid params: tools/call needs params with the tool's name and its arguments";
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== "string") return "Invalid params: 'name' must be the tool's name, a string";
  if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args)))
    return `Invalid params: 'arguments' of ${name.slice(0, 100)} must be an object of named arguments`;
  return null;
}
