import { describe, expect, it } from "vitest";
import { createFakeAnthropic } from "../../fakes/anthropic";
import { createFakeOpenAiChat } from "../../fakes/openai-chat";

// The fakes answer requests the adapters never send wrong, so their contract checks are pinned here.

const post = (fetcher: typeof fetch, url: string, headers: Record<string, string>, body: unknown) =>
  fetcher(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });

describe("fake OpenAI chat completions", () => {
  const auth = { Authorization: "Bearer sk-test-key" };

  it("rejects a request without a model with 400 and the error object", async () => {
    const openai = createFakeOpenAiChat();
    const res = await post(openai.fetch, `${openai.baseUrl}/chat/completions`, auth, { messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { message: expect.any(String), type: "invalid_request_error", param: null, code: null } });
  });

  it("rejects a strict schema with an open object or a property missing from required", async () => {
    const openai = createFakeOpenAiChat();
    const ask = (schema: unknown) =>
      post(openai.fetch, `${openai.baseUrl}/chat/completions`, auth, {
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: "hi" }],
        response_format: { type: "json_schema", json_schema: { name: "x", strict: true, schema } },
      });
    const open = await ask({ type: "object", properties: { a: { type: "string" } }, required: ["a"] });
    expect(open.status).toBe(400);
    const partial = await ask({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string" } },
      required: ["a"],
      additionalProperties: false,
    });
    expect(((await partial.json()) as any).error.message).toMatch(/Missing 'b'/);
  });
});

describe("fake Anthropic messages", () => {
  const headers = { "x-api-key": "sk-ant-test-key", "anthropic-version": "2023-06-01" };
  const body = { model: "claude-sonnet-4-5", max_tokens: 100, messages: [{ role: "user", content: "hi" }] };

  it("requires max_tokens and the anthropic-version header", async () => {
    const anthropic = createFakeAnthropic();
    const { max_tokens: _, ...withoutMaxTokens } = body;
    const missing = await post(anthropic.fetch, `${anthropic.baseUrl}/messages`, headers, withoutMaxTokens);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as any).error.type).toBe("invalid_request_error");
    const noVersion = await post(anthropic.fetch, `${anthropic.baseUrl}/messages`, { "x-api-key": "sk-ant-test-key" }, body);
    expect(noVersion.status).toBe(400);
  });

  it("rejects an output_config schema with an open object", async () => {
    const anthropic = createFakeAnthropic();
    const res = await post(anthropic.fetch, `${anthropic.baseUrl}/messages`, headers, {
      ...body,
      output_config: { format: { type: "json_schema", schema: { type: "object", properties: { a: { type: "string" } } } } },
    });
    expect(res.status).toBe(400);
  });
});
