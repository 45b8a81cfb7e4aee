import { Hono } from "hono";
import { abortablePeer } from "./abortable-peer";

// Fakes of the two calls that check a BYOK key (as OpenAI and Anthropic document them):
// OpenAI chat completions and Anthropic messages, answering with each provider's error bodies.

export interface ModelProviderFakeOptions {
  validKeys: string[];
  models: string[];
  /** Keys whose provider account has no money left (OpenAI 429 insufficient_quota, Anthropic 402 billing_error). */
  brokeKeys?: string[];
}

const openAiError = (message: string, type: string, code: string | null) => ({ error: { message, type, param: null, code } });
const anthropicError = (type: string, message: string) => ({ type: "error", error: { type, message }, request_id: "req_fake" });

export function createModelProviderFake(options: ModelProviderFakeOptions) {
  const calls: { provider: "openai" | "anthropic"; headers: Record<string, string>; body: any }[] = [];
  let scriptedStatus: number | null = null;
  const broke = new Set(options.brokeKeys ?? []);

  const openai = new Hono();
  openai.post("/v1/chat/completions", async (c) => {
    const body = await c.req.json();
    calls.push({ provider: "openai", headers: Object.fromEntries(c.req.raw.headers), body });
    if (scriptedStatus) return c.json(openAiError("scripted", "server_error", null), scriptedStatus as 500);
    const key = /^Bearer (.+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!key || !(options.validKeys.includes(key) || broke.has(key)))
      return c.json(openAiError("Incorrect API key provided", "invalid_request_error", "invalid_api_key"), 401);
    if (!body.model || !Array.isArray(body.messages) || body.messages.length === 0)
      return c.json(openAiError("model and messages are required", "invalid_request_error", null), 400);
    if (broke.has(key)) return c.json(openAiError("You exceeded your current quota", "insufficient_quota", "insufficient_quota"), 429);
    if (!options.models.includes(body.model))
      return c.json(openAiError(`The model '${body.model}' does not exist`, "invalid_request_error", "model_not_found"), 404);
    return c.json({
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: 1741570283,
      model: body.model,
      choices: [{ index: 0, finish_reason: "length", message: { role: "assistant", content: "OK", refusal: null } }],
      usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
    });
  });

  const anthropic = new Hono();
  anthropic.post("/v1/messages", async (c) => {
    const body = await c.req.json();
    calls.push({ provider: "anthropic", headers: Object.fromEntries(c.req.raw.headers), body });
    if (scriptedStatus) return c.json(anthropicError("overloaded_error", "Overloaded"), scriptedStatus as 500);
    const key = c.req.header("x-api-key");
    if (!key || !(options.validKeys.includes(key) || broke.has(key)))
      return c.json(anthropicError("authentication_error", "invalid x-api-key"), 401);
    if (!c.req.header("anthropic-version"))
      return c.json(anthropicError("invalid_request_error", "anthropic-version header is required"), 400);
    if (typeof body.max_tokens !== "number") return c.json(anthropicError("invalid_request_error", "max_tokens: Field required"), 400);
    if (broke.has(key)) return c.json(anthropicError("billing_error", "Your credit balance is too low"), 402);
    if (!options.models.includes(body.model)) return c.json(anthropicError("not_found_error", `model: ${body.model}`), 404);
    return c.json({
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model: body.model,
      content: [{ type: "text", text: "OK" }],
      stop_reason: "max_tokens",
      stop_sequence: null,
      usage: { input_tokens: 5, output_tokens: 1 },
    });
  });

  return {
    openai,
    anthropic,
    /** For fakeNetwork(...): api.openai.com and api.anthropic.com. */
    peers: [abortablePeer("api.openai.com", openai), abortablePeer("api.anthropic.com", anthropic)],
    calls,
    /** Every call answers with this status (e.g. 500, 529) until `scriptStatus(null)`. */
    scriptStatus(status: number | null) {
      scriptedStatus = status;
    },
  };
}
