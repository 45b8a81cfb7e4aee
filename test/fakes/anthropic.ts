import { Hono } from "hono";
import { abortablePeer } from "./abortable-peer";
import { fakeNetwork } from "./network";
import { sampleFromSchema } from "./openai-chat";

// A fake Anthropic Messages API (as Anthropic documents it): x-api-key and
// anthropic-version, the error envelope, structured outputs in output_config.format (objects must
// be closed) and the forced-tool form, scripted answers and failures.

/** What the next call answers; unscripted calls answer a value built from the requested schema. */
export type AnthropicStep =
  /** The answer: JSON text (a string as is) with output_config, the tool's input with a forced tool. */
  | { answer: unknown }
  | { refusal: true }
  /** `stop_reason: "max_tokens"` with this (cut) text. */
  | { truncated: string }
  | { status: number; type?: string; message?: string; retryAfter?: string }
  | { hang: true };

export interface AnthropicRequest {
  path: string;
  headers: Record<string, string>;
  body: any;
}

const anthropicError = (type: string, message: string) => ({ type: "error", error: { type, message }, request_id: "req_fake" });

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  402: "billing_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

export function createFakeAnthropic(options: { keys?: string[] } = {}) {
  const host = "api.anthropic.com";
  const keys = new Set(options.keys ?? ["sk-ant-test-key"]);
  const requests: AnthropicRequest[] = [];
  const steps: AnthropicStep[] = [];
  const usage = { input_tokens: 210, output_tokens: 64, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

  const app = new Hono();
  app.post("/v1/messages", async (c) => {
    const body = await c.req.json().catch(() => null);
    requests.push({ path: c.req.path, headers: Object.fromEntries(c.req.raw.headers), body });
    const key = c.req.header("x-api-key");
    if (!key || !keys.has(key)) return c.json(anthropicError("authentication_error", "invalid x-api-key"), 401);
    if (!c.req.header("anthropic-version"))
      return c.json(anthropicError("invalid_request_error", "anthropic-version: header is required"), 400);
    const problem = requestProblem(body);
    if (problem) return c.json(anthropicError("invalid_request_error", problem), 400);

    const step = steps.shift();
    if (step && "hang" in step) return new Promise<Response>(() => {});
    if (step && "status" in step) {
      if (step.retryAfter) c.header("retry-after", step.retryAfter);
      return c.json(
        anthropicError(step.type ?? ERROR_TYPES[step.status] ?? "api_error", step.message ?? "scripted failure"),
        step.status as 500,
      );
    }
    const tool =
      body.tool_choice?.type === "tool" ? (body.tools as any[]).find((candidate) => candidate.name === body.tool_choice.name) : null;
    const message = (stopReason: string, content: unknown[]) =>
      c.json({
        id: "msg_fake",
        type: "message",
        role: "assistant",
        model: body.model,
        content,
        stop_reason: stopReason,
        stop_sequence: null,
        usage,
      });
    if (step && "refusal" in step) return message("refusal", [{ type: "text", text: "I can't help with that." }]);
    if (step && "truncated" in step) return message("max_tokens", [{ type: "text", text: step.truncated }]);
    const answer = step && "answer" in step ? step.answer : sampleFromSchema(tool ? tool.input_schema : body.output_config?.format?.schema);
    if (tool) {
      // A string answer stands for a model that wrote text instead of calling the tool.
      if (typeof answer === "string") return message("end_turn", [{ type: "text", text: answer }]);
      return message("tool_use", [{ type: "tool_use", id: "toolu_fake", name: tool.name, input: answer }]);
    }
    return message("end_turn", [{ type: "text", text: typeof answer === "string" ? answer : JSON.stringify(answer) }]);
  });

  const peer = abortablePeer(host, app);
  return {
    host,
    baseUrl: `https://${host}/v1`,
    peer,
    fetch: fakeNetwork(peer),
    requests,
    usage,
    /** Queues what the next calls answer, in order. */
    script(...next: AnthropicStep[]) {
      steps.push(...next);
    },
  };
}

export type FakeAnthropic = ReturnType<typeof createFakeAnthropic>;

function requestProblem(body: any): string | null {
  if (!body || typeof body.model !== "string") return "model: Field required";
  if (typeof body.max_tokens !== "number") return "max_tokens: Field required";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "messages: at least one message is required";
  if (body.messages.some((message: any) => message.role === "system"))
    return 'messages: Unexpected role "system"; use the top-level system parameter';
  const format = body.output_config?.format;
  if (format) {
    if (format.type !== "json_schema" || typeof format.schema !== "object")
      return 'output_config.format: expected {type: "json_schema", schema}';
    const open = openObject(format.schema);
    if (open) return `output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly set to false (at ${open})`;
  }
  if (body.tool_choice?.type === "tool") {
    const tool = Array.isArray(body.tools) ? body.tools.find((candidate: any) => candidate.name === body.tool_choice.name) : null;
    if (!tool) return `tool_choice: no tool named ${body.tool_choice.name}`;
    if (tool.input_schema?.type !== "object") return "tools.0.input_schema.type: Input should be 'object'";
  }
  return null;
}

/** Where the schema has an object that is not closed, or null. */
function openObject(node: any, where = "(root)"): string | null {
  if (typeof node !== "object" || node === null) return null;
  if ((node.type === "object" || node.properties) && node.additionalProperties !== false) return where;
  const children: [string, any][] = [
    ...Object.entries(node.properties ?? {}).map(([key, child]): [string, any] => [`${where}.${key}`, child]),
    ...(node.items ? [[`${where}[]`, node.items] as [string, any]] : []),
    ...["anyOf", "oneOf", "allOf"].flatMap((key) =>
      (node[key] ?? []).map((child: any, index: number): [string, any] => [`${where}.${key}[${index}]`, child]),
    ),
  ];
  for (const [path, child] of children) {
    const found = openObject(child, path);
    if (found) return found;
  }
  return null;
}
