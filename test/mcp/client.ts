import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { BASE, call } from "../harness";

/** The SDK client connected to the Worker's /mcp with a bearer token (requests go to the Worker, not the network). */
export async function connect(token: string | null, sent: { method: string; status: number }[] = []) {
  const client = new Client({ name: "content-autopilot-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    fetch: async (input, init) => {
      const response = await call(new URL(String(input instanceof Request ? input.url : input)).pathname, init);
      sent.push({ method: init?.method ?? "GET", status: response.status });
      return response;
    },
  });
  await client.connect(transport);
  return client;
}

/** Calls a tool that must succeed; its text content must be the JSON of its structuredContent. */
export async function tool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
  onprogress?: (progress: Progress) => void,
) {
  const result = (await client.callTool({ name, arguments: args }, undefined, onprogress ? { onprogress } : undefined)) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${(result.content[0] as { text: string }).text}`);
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

/** Calls a tool that must fail, and gives its error text. */
export async function toolError(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError).toBe(true);
  return (result.content[0] as { text: string }).text;
}
