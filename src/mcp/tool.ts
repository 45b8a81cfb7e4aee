import type { Caller } from "../http/context";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallToolResult, ServerNotification, ServerRequest, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "@hono/zod-openapi";
import { AppError, codeToStatus } from "../core/errors";
import type { Services } from "../services/container";

// One MCP tool: zod input and output, honest annotations, and a body that calls the same area
// function as the HTTP route (same tenancy, billing and errors). What it answers is the route's
// JSON as structuredContent, with the same JSON as text for clients that read only text.

export interface ToolContext {
  services: Services;
  accountId: string;
  /** The sites the caller is limited to; null for all (lists show only these). */
  siteIds: string[] | null;
  /** Who calls (a tool whose effect depends on the role reads it: a writer's edit of a live article waits for an editor). */
  caller: Caller;
  /** Tells the client how long work is going (a no-op when it asked for no progress). */
  progress(message: string, progress: number, total?: number): Promise<void>;
}

export interface Tool<Input extends z.ZodRawShape = z.ZodRawShape, Output extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: Output;
  annotations: ToolAnnotations;
  run(input: z.infer<z.ZodObject<Input>>, context: ToolContext): Promise<z.input<Output>>;
}

/** A tool, typed from its schemas. */
export function defineTool<Input extends z.ZodRawShape, Output extends z.ZodObject>(tool: Tool<Input, Output>): Tool {
  return tool as unknown as Tool;
}

/**
 * The fields of a schema shared with the HTTP API, each with what a model reads about it: the
 * MCP input schema carries zod's own descriptions, never the `.openapi()` ones of the OpenAPI
 * document. Every field needs one; the compiler names a field added without it.
 */
export function describeFields<Shape extends z.ZodRawShape>(shape: Shape, descriptions: { [K in keyof Shape]: string }): Shape {
  return Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => [name, (schema as z.ZodType).describe(descriptions[name]!)]),
  ) as unknown as Shape;
}

/**
 * An article id as either API gives it: the public API's number (42) or the management API's
 * string ("42"); the tools get the string. Text that is no id is a 404 later, as on the routes.
 */
export const articleIdInput = z
  .union([z.number().int().positive(), z.string().min(1).max(20)])
  .transform(String)
  .describe('An article id from list_articles ("1042") or the public API (1042): a number or a string');

/** A paged list tool's answer: the REST list's page of `item`, and whether another page follows. */
export function pagedOutput<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    hasMore: z.boolean(),
  });
}

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The tool's answer: its value as structuredContent and as JSON text. */
export function toolResult(value: unknown): CallToolResult {
  return { structuredContent: value as Record<string, unknown>, content: [{ type: "text", text: JSON.stringify(value) }] };
}

/**
 * A failure as the model sees it: the API's message, with its error code and HTTP status, so the
 * assistant can act on it (top up, fix a field, wait). Anything unexpected is logged by the caller
 * and answered without internals.
 */
export function toolError(error: unknown): CallToolResult {
  if (error instanceof AppError) {
    const statusCode = codeToStatus(error.code);
    const issues = error.issues?.length ? ` (${error.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")})` : "";
    return { isError: true, content: [{ type: "text", text: `${error.message}${issues} [${error.code}, HTTP ${statusCode}]` }] };
  }
  return {
    isError: true,
    content: [{ type: "text", text: "Internal error: the request could not be completed; try again [internal_error, HTTP 500]" }],
  };
}
