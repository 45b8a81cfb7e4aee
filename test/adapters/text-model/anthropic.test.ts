import { beforeEach, describe, expect, it } from "vitest";
import { createAnthropicTextModel, type AnthropicTextModelOptions } from "../../../src/adapters/text-model/anthropic";
import { generateStructured } from "../../../src/adapters/text-model/structured";
import { createFakeAnthropic, type FakeAnthropic } from "../../fakes/anthropic";
import { failureOf, outlineTask, transportFor, validOutline } from "../provider-support";

let anthropic: FakeAnthropic;
beforeEach(() => {
  anthropic = createFakeAnthropic();
});

function modelWith(overrides: Partial<AnthropicTextModelOptions> = {}, transport = transportFor(anthropic.fetch)) {
  const model = createAnthropicTextModel({
    transport,
    baseUrl: anthropic.baseUrl,
    apiKey: "sk-ant-test-key",
    model: "claude-sonnet-4-5",
    structuredOutput: "output_config",
    ...overrides,
  });
  return { model, waits: transport.waits };
}

const ask = (model: ReturnType<typeof modelWith>["model"]) => generateStructured(model, outlineTask, { topic: "bread" });

describe("Anthropic text model: structured outputs in output_config", () => {
  it("posts the messages with the key, the API version, a top-level system prompt and a closed schema", async () => {
    anthropic.script({ answer: validOutline });
    const { value, usage } = await ask(modelWith().model);

    expect(value).toEqual(validOutline);
    expect(usage).toEqual({ inputTokens: 210, outputTokens: 64, images: 0, costUsd: 0 });
    const [sent] = anthropic.requests;
    expect(sent!.path).toBe("/v1/messages");
    expect(sent!.headers["x-api-key"]).toBe("sk-ant-test-key");
    expect(sent!.headers["anthropic-version"]).toBe("2023-06-01");
    expect(sent!.headers["anthropic-beta"]).toBeUndefined();
    expect(sent!.body).toMatchObject({
      model: "claude-sonnet-4-5",
      system: "You plan blog articles about bread.",
      messages: [{ role: "user", content: "Plan an article about bread." }],
      max_tokens: 1200,
      temperature: 0.4,
    });
    expect(sent!.body.tools).toBeUndefined();
    const format = sent!.body.output_config.format;
    expect(format.type).toBe("json_schema");
    expect(format.schema).toMatchObject({
      type: "object",
      additionalProperties: false,
      required: ["title", "sections"],
      properties: { title: { type: "string", description: "(minLength 10, maxLength 70)" } },
    });
    expect(format.schema.properties.sections.items.additionalProperties).toBe(false);
  });

  it("caps a temperature above Anthropic's range at 1", async () => {
    anthropic.script({ answer: validOutline });
    await generateStructured(modelWith().model, { ...outlineTask, temperature: 1.4 }, { topic: "bread" });
    expect(anthropic.requests[0]!.body.temperature).toBe(1);
  });

  it("counts cache reads and writes as input tokens", async () => {
    Object.assign(anthropic.usage, { cache_creation_input_tokens: 30, cache_read_input_tokens: 5 });
    anthropic.script({ answer: validOutline });
    expect((await ask(modelWith().model)).usage.inputTokens).toBe(245);
  });

  it("reads a text answer that is not JSON as missing JSON, so the repair request can follow", async () => {
    anthropic.script({ answer: "Here is your outline: title…" }, { answer: validOutline });
    const { value, usage } = await ask(modelWith().model);
    expect(value).toEqual(validOutline);
    expect(usage.outputTokens).toBe(128);
    expect(anthropic.requests[1]!.body.messages.map((message: { role: string }) => message.role)).toEqual(["user", "assistant", "user"]);
  });
});

describe("Anthropic text model: a forced tool", () => {
  it("sends the schema as the tool's input_schema, forces the tool and reads its input", async () => {
    anthropic.script({ answer: validOutline });
    const { value } = await ask(modelWith({ structuredOutput: "tool" }).model);

    expect(value).toEqual(validOutline);
    const { body } = anthropic.requests[0]!;
    expect(body.output_config).toBeUndefined();
    expect(body.tool_choice).toEqual({ type: "tool", name: "article_outline" });
    expect(body.tools).toHaveLength(1);
    expect(body.tools[0]).toMatchObject({ name: "article_outline", input_schema: { type: "object", required: ["title", "sections"] } });
    expect(body.tools[0].input_schema.$schema).toBeUndefined();
    expect(typeof body.tools[0].description).toBe("string");
  });

  it("asks again when the model wrote text instead of calling the tool", async () => {
    anthropic.script({ answer: "I would suggest a title like…" }, { answer: validOutline });
    expect((await ask(modelWith({ structuredOutput: "tool" }).model)).value).toEqual(validOutline);
    expect(anthropic.requests).toHaveLength(2);
  });
});

describe("Anthropic text model: failures", () => {
  it("honours retry-after on a 429 and succeeds on the next attempt", async () => {
    anthropic.script({ status: 429, retryAfter: "7" }, { answer: validOutline });
    const { model, waits } = modelWith();
    expect((await ask(model)).value).toEqual(validOutline);
    expect(waits).toEqual([7000]);
    expect(anthropic.requests).toHaveLength(2);
  });

  it("retries 529 overloaded up to maxRetries, then gives up as unavailable", async () => {
    anthropic.script({ status: 529 }, { status: 500 }, { status: 529 });
    const { model, waits } = modelWith();
    const error = await failureOf(ask(model));
    expect([error.failure, error.retryable, error.message]).toEqual([
      "unavailable",
      true,
      "Anthropic failed or is overloaded (HTTP 529, overloaded_error); retry later",
    ]);
    expect(anthropic.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("reports a rejected key as credentials_rejected without retrying", async () => {
    const error = await failureOf(ask(modelWith({ apiKey: "sk-ant-revoked" }).model));
    expect([error.failure, error.retryable, error.message]).toEqual([
      "credentials_rejected",
      false,
      "Anthropic rejected the API key (HTTP 401, authentication_error)",
    ]);
    expect(anthropic.requests).toHaveLength(1);
  });

  it.each([
    [{ status: 402 }, "quota_exhausted"],
    [{ status: 400, message: "Your credit balance is too low to access the Anthropic API." }, "quota_exhausted"],
    [{ status: 403 }, "refused"],
    [{ status: 404 }, "bad_request"],
    [{ status: 413, type: "request_too_large" }, "bad_request"],
  ] as const)("classifies %o as %s, without retrying", async (step, failure) => {
    anthropic.script(step);
    const error = await failureOf(ask(modelWith().model));
    expect([error.failure, error.retryable]).toEqual([failure, false]);
    expect(error.message).not.toContain("credit balance");
    expect(anthropic.requests).toHaveLength(1);
  });

  it("turns a refusal into refused and a max_tokens stop into invalid_output", async () => {
    anthropic.script({ refusal: true });
    expect((await failureOf(ask(modelWith().model))).failure).toBe("refused");
    anthropic.script({ truncated: '{"title": "Sourdough' });
    const truncated = await failureOf(ask(modelWith().model));
    expect([truncated.failure, truncated.retryable]).toEqual(["invalid_output", false]);
    expect(truncated.message).toMatch(/1200-token limit/);
  });

  it("gives up an attempt that takes longer than timeoutMs as a timeout", async () => {
    anthropic.script({ hang: true });
    const { model } = modelWith({}, transportFor(anthropic.fetch, { timeoutMs: 50 }));
    const error = await failureOf(ask(model));
    expect([error.failure, error.code]).toEqual(["timeout", "upstream_timeout"]);
  });
});
