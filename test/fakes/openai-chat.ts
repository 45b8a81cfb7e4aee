import { Hono } from "hono";
import { abortablePeer } from "./abortable-peer";
import { fakeNetwork } from "./network";

// A fake OpenAI-compatible Chat Completions API (as OpenAI documents it): Bearer
// keys, the error object, strict json_schema checks, scripted answers and failures.

/** What the next call answers; unscripted calls answer a value built from the requested schema. */
export type OpenAiChatStep =
  /** `message.content`: a string as is, anything else JSON-encoded. */
  | { answer: unknown }
  | { refusal: string }
  /** `finish_reason: "length"` with this (cut) content. */
  | { truncated: string }
  | { status: number; code?: string | null; type?: string; message?: string; retryAfter?: string }
  /** Never answers: the caller's timeout must fire. */
  | { hang: true };

export interface OpenAiChatRequest {
  path: string;
  headers: Record<string, string>;
  body: any;
}

const openAiError = (message: string, type: string, code: string | null, param: string | null = null) => ({
  error: { message, type, param, code },
});

export function createFakeOpenAiChat(options: { host?: string; keys?: string[] } = {}) {
  const host = options.host ?? "api.openai.com";
  const keys = new Set(options.keys ?? ["sk-test-key"]);
  const requests: OpenAiChatRequest[] = [];
  const steps: OpenAiChatStep[] = [];
  const usage = { prompt_tokens: 120, completion_tokens: 45 };

  const app = new Hono();
  app.post("/v1/chat/completions", async (c) => {
    const body = await c.req.json().catch(() => null);
    requests.push({ path: c.req.path, headers: Object.fromEntries(c.req.raw.headers), body });
    const key = /^Bearer (.+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!key || !keys.has(key))
      return c.json(openAiError("Incorrect API key provided: sk-te****", "invalid_request_error", "invalid_api_key"), 401);
    if (!body?.model || !Array.isArray(body.messages) || body.messages.length === 0) {
      return c.json(openAiError("you must provide a model parameter and at least one message", "invalid_request_error", null), 400);
    }
    const format = body.response_format;
    const schemaProblem = format?.type === "json_schema" ? jsonSchemaProblem(format.json_schema) : null;
    if (schemaProblem)
      return c.json(
        openAiError(`Invalid schema for response_format: ${schemaProblem}`, "invalid_request_error", null, "response_format"),
        400,
      );

    const step = steps.shift();
    if (step && "hang" in step) return new Promise<Response>(() => {});
    if (step && "status" in step) {
      if (step.retryAfter) c.header("Retry-After", step.retryAfter);
      return c.json(openAiError(step.message ?? "scripted failure", step.type ?? "server_error", step.code ?? null), step.status as 500);
    }
    const completion = (finishReason: string, content: string | null, refusal: string | null = null) =>
      c.json({
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: 1741570283,
        model: body.model,
        choices: [
          { index: 0, finish_reason: finishReason, logprobs: null, message: { role: "assistant", content, refusal, annotations: [] } },
        ],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    if (step && "refusal" in step) return completion("stop", null, step.refusal);
    if (step && "truncated" in step) return completion("length", step.truncated);
    if (step && "answer" in step) return completion("stop", typeof step.answer === "string" ? step.answer : JSON.stringify(step.answer));
    const content = format?.type === "json_schema" ? JSON.stringify(sampleFromSchema(format.json_schema.schema)) : "OK";
    return completion("stop", content);
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
    script(...next: OpenAiChatStep[]) {
      steps.push(...next);
    },
  };
}

export type FakeOpenAiChat = ReturnType<typeof createFakeOpenAiChat>;

/** OpenAI's strict-mode rules a fake can check: a valid name, every object closed and fully required. */
function jsonSchemaProblem(jsonSchema: any): string | null {
  if (typeof jsonSchema?.name !== "string" || !/^[a-zA-Z0-9_-]{1,64}$/.test(jsonSchema.name))
    return "json_schema.name must be 1-64 of a-zA-Z0-9_-";
  if (typeof jsonSchema.schema !== "object" || jsonSchema.schema === null) return "json_schema.schema is required";
  return jsonSchema.strict === true ? strictProblem(jsonSchema.schema, "(root)") : null;
}

function strictProblem(node: any, where: string): string | null {
  if (typeof node !== "object" || node === null) return null;
  if (node.properties) {
    if (node.additionalProperties !== false)
      return `In context=${where}, 'additionalProperties' is required to be supplied and to be false`;
    const missing = Object.keys(node.properties).filter((key) => !(node.required ?? []).includes(key));
    if (missing.length > 0) return `In context=${where}, 'required' must include every key in properties. Missing '${missing[0]}'`;
  }
  const children: [string, any][] = [
    ...Object.entries(node.properties ?? {}).map(([key, child]): [string, any] => [`${where}.${key}`, child]),
    ...Object.entries(node.$defs ?? {}).map(([key, child]): [string, any] => [`$defs.${key}`, child]),
    ...(node.items ? [[`${where}[]`, node.items] as [string, any]] : []),
    ...["anyOf", "oneOf", "allOf"].flatMap((key) =>
      (node[key] ?? []).map((child: any, index: number): [string, any] => [`${where}.${key}[${index}]`, child]),
    ),
  ];
  for (const [path, child] of children) {
    const problem = strictProblem(child, path);
    if (problem) return problem;
  }
  return null;
}

/** A small value that fits `schema` (types, required properties, enums, minimum sizes). */
export function sampleFromSchema(schema: any, root: any = schema): unknown {
  if (typeof schema !== "object" || schema === null) return null;
  if (typeof schema.$ref === "string") {
    const target = schema.$ref
      .slice(2)
      .split("/")
      .reduce((node: any, part: string) => node?.[part], root);
    return sampleFromSchema(target, root);
  }
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return sampleFromSchema(branches.find((branch: any) => branch.type !== "null") ?? branches[0], root);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const required: string[] = schema.required ?? [];
      return Object.fromEntries(required.map((key) => [key, sampleFromSchema(schema.properties?.[key], root)]));
    }
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sampleFromSchema(schema.items, root));
    case "string":
      return "sample".padEnd(schema.minLength ?? 0, "x");
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? 1);
    case "boolean":
      return true;
    default:
      return null;
  }
}
