import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOpenAiTextModel, type OpenAiTextModelOptions } from "../../../src/adapters/text-model/openai";
import { generateStructured } from "../../../src/adapters/text-model/structured";
import { createFakeOpenAiChat, type FakeOpenAiChat } from "../../fakes/openai-chat";
import { failureOf, outlineTask, transportFor, validOutline } from "../provider-support";

let openai: FakeOpenAiChat;
beforeEach(() => {
  openai = createFakeOpenAiChat();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function modelWith(overrides: Partial<OpenAiTextModelOptions> = {}, transport = transportFor(openai.fetch)) {
  const model = createOpenAiTextModel({
    transport,
    baseUrl: openai.baseUrl,
    apiKey: "sk-test-key",
    model: "gpt-4o-mini",
    maxTokensField: "max_completion_tokens",
    ...overrides,
  });
  return { model, waits: transport.waits };
}

const ask = (model: ReturnType<typeof modelWith>["model"]) => generateStructured(model, outlineTask, { topic: "bread" });

describe("OpenAI text model: the request", () => {
  it("posts a strict json_schema chat completion with the key as a Bearer token", async () => {
    openai.script({ answer: validOutline });
    const { value, usage } = await ask(modelWith().model);

    expect(value).toEqual(validOutline);
    expect(usage).toEqual({ inputTokens: 120, outputTokens: 45, images: 0, costUsd: 0 });
    const [sent] = openai.requests;
    expect(sent!.path).toBe("/v1/chat/completions");
    expect(sent!.headers.authorization).toBe("Bearer sk-test-key");
    expect(sent!.headers["content-type"]).toBe("application/json");
    expect(sent!.body).toMatchObject({
      model: "gpt-4o-mini",
      messages: [
        { role: "system", content: "You plan blog articles about bread." },
        { role: "user", content: "Plan an article about bread." },
      ],
      max_completion_tokens: 1200,
      temperature: 0.4,
    });
    expect(sent!.body.max_tokens).toBeUndefined();
    const format = sent!.body.response_format;
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.name).toBe("article_outline");
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema).toMatchObject({
      type: "object",
      additionalProperties: false,
      required: ["title", "sections", "summary"],
      properties: { summary: { anyOf: [{ type: "string" }, { type: "null" }] } },
    });
  });

  it("uses max_tokens and the given base URL for an OpenAI-compatible server", async () => {
    const compatible = createFakeOpenAiChat({ host: "llm.example.net", keys: ["other-key"] });
    compatible.script({ answer: validOutline });
    const model = createOpenAiTextModel({
      transport: transportFor(compatible.fetch),
      baseUrl: "https://llm.example.net/v1/",
      apiKey: "other-key",
      model: "llama-3.1-70b",
      maxTokensField: "max_tokens",
    });
    await ask(model);
    const [sent] = compatible.requests;
    expect(sent!.path).toBe("/v1/chat/completions");
    expect(sent!.body.max_tokens).toBe(1200);
    expect(sent!.body.max_completion_tokens).toBeUndefined();
  });

  it("reads the null strict mode puts in an optional property as absent", async () => {
    openai.script({ answer: { ...validOutline, summary: null } });
    const { value } = await ask(modelWith().model);
    expect(value).toEqual(validOutline);
    expect("summary" in value).toBe(false);
  });

  it("answers from the requested schema when nothing is scripted, and the strict schema passes the fake's checks", async () => {
    const { model } = modelWith();
    const reply = await model.completeJson({
      name: "tags",
      system: "s",
      messages: [{ role: "user", content: "u" }],
      jsonSchema: {
        type: "object",
        properties: { tags: { type: "array", items: { type: "string" } }, note: { type: "string" } },
        required: ["tags"],
      },
      maxTokens: 50,
      offlineAnswer: () => null,
    });
    expect(reply.json).toEqual({ tags: ["sample"], note: "sample" });
    expect(openai.requests[0]!.body.response_format.json_schema.schema.required).toEqual(["tags", "note"]);
  });
});

describe("OpenAI text model: failures", () => {
  it("honours Retry-After on a 429 and succeeds on the next attempt", async () => {
    openai.script({ status: 429, type: "requests", code: "rate_limit_exceeded", retryAfter: "3" }, { answer: validOutline });
    const { model, waits } = modelWith();
    const { value } = await ask(model);
    expect(value).toEqual(validOutline);
    expect(waits).toEqual([3000]);
    expect(openai.requests).toHaveLength(2);
  });

  it("retries a 5xx up to maxRetries, then gives up as unavailable (retryable)", async () => {
    openai.script({ status: 500 }, { status: 503 }, { status: 500 });
    const { model, waits } = modelWith();
    const error = await failureOf(ask(model));
    expect([error.failure, error.retryable, error.code]).toEqual(["unavailable", true, "upstream_error"]);
    expect(error.message).toBe("OpenAI failed (HTTP 500, server_error); retry later");
    expect(openai.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("reports a 429 that outlasts the retries as rate_limited", async () => {
    openai.script(
      { status: 429, code: "rate_limit_exceeded", retryAfter: "1" },
      { status: 429, retryAfter: "1" },
      { status: 429, code: "rate_limit_exceeded", retryAfter: "1" },
    );
    const { model, waits } = modelWith();
    const error = await failureOf(ask(model));
    expect([error.failure, error.retryable]).toEqual(["rate_limited", true]);
    expect(waits).toEqual([1000, 1000]);
  });

  it("reports a rejected key as credentials_rejected without retrying", async () => {
    const { model, waits } = modelWith({ apiKey: "sk-revoked" });
    const error = await failureOf(ask(model));
    expect([error.failure, error.retryable, error.message]).toEqual([
      "credentials_rejected",
      false,
      "OpenAI rejected the API key (HTTP 401, invalid_api_key)",
    ]);
    expect(openai.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it.each([
    [402, "quota_exhausted", undefined],
    [403, "refused", "unsupported_country_region_territory"],
    [404, "bad_request", "model_not_found"],
    [400, "bad_request", "context_length_exceeded"],
  ] as const)("classifies HTTP %i as %s, without retrying", async (status, failure, code) => {
    openai.script({ status, code, type: "invalid_request_error" });
    const error = await failureOf(ask(modelWith().model));
    expect([error.failure, error.retryable]).toEqual([failure, false]);
    expect(openai.requests).toHaveLength(1);
  });

  it("tells an exhausted quota (429 insufficient_quota) from a rate limit", async () => {
    const quota = {
      status: 429,
      type: "insufficient_quota",
      code: "insufficient_quota",
      message: "You exceeded your current quota",
    } as const;
    openai.script(quota, quota, quota);
    const error = await failureOf(ask(modelWith().model));
    expect([error.failure, error.retryable]).toEqual(["quota_exhausted", false]);
    expect(error.message).toBe("OpenAI refuses to serve the key: its account has no credit or quota left (HTTP 429, insufficient_quota)");
    // Waiting does not refill an empty account: asked once, not retried.
    expect(openai.requests).toHaveLength(1);
  });

  it("turns a refusal into refused and a length cut into invalid_output", async () => {
    openai.script({ refusal: "I can't help with that." });
    expect((await failureOf(ask(modelWith().model))).failure).toBe("refused");
    openai.script({ truncated: '{"title": "Sourdough at ho' });
    const truncated = await failureOf(ask(modelWith().model));
    expect([truncated.failure, truncated.message]).toEqual([
      "invalid_output",
      "The OpenAI model gpt-4o-mini stopped at the 1200-token limit before finishing its JSON for 'article_outline'",
    ]);
  });

  it("gives up an attempt that takes longer than timeoutMs as a timeout (504)", async () => {
    openai.script({ hang: true });
    const { model } = modelWith({}, transportFor(openai.fetch, { timeoutMs: 50 }));
    const error = await failureOf(ask(model));
    expect([error.failure, error.code, error.retryable]).toEqual(["timeout", "upstream_timeout", true]);
  });

  it("reports an unreachable server as unavailable", async () => {
    const { model } = modelWith({ baseUrl: "https://nowhere.example/v1" });
    expect((await failureOf(ask(model))).failure).toBe("unavailable");
  });

  it("keeps the upstream body out of the message, and logs it cut short without the key", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    openai.script({ status: 400, code: "invalid_value", message: `The key sk-test-key cannot ${"do this ".repeat(80)}` });
    const error = await failureOf(ask(modelWith().model));
    expect(error.message).toBe("OpenAI refused the request for model gpt-4o-mini (HTTP 400, invalid_value)");
    const line = warn.mock.calls.map(([text]) => JSON.parse(String(text))).find((entry) => entry.event === "text_model_error");
    expect(line).toMatchObject({ provider: "openai", model: "gpt-4o-mini", status: 400, code: "invalid_value" });
    expect(line.body).toContain("[redacted]");
    expect(line.body).not.toContain("sk-test-key");
    expect(line.body.length).toBe(300);
  });
});
