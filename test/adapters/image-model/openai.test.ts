import { describe, expect, it } from "vitest";
import { createOpenAiImageModel, type OpenAiImageOptions } from "../../../src/adapters/image-model/openai";
import { readDeclaredSize } from "../../../src/media/image-dimensions";
import { fakeNetwork } from "../../fakes/network";
import { createOpenAiImagesFake, REFUSED_WORD } from "../../fakes/openai-images";
import { failureOf } from "../provider-support";

const KEY = "sk-test-images-0123456789abcdef";
const BROKE_KEY = "sk-test-broke-0123456789abcdef";
const BASE_URL = "https://api.openai.com/v1";

function setup(options: Partial<OpenAiImageOptions> & { maxRetries?: number; timeoutMs?: number } = {}) {
  const fake = createOpenAiImagesFake({ validKeys: [KEY], brokeKeys: [BROKE_KEY] });
  const waits: number[] = [];
  const { maxRetries = 2, timeoutMs = 5_000, ...rest } = options;
  const model = createOpenAiImageModel({
    transport: { fetch: fakeNetwork(fake.peer), timeoutMs, maxRetries, sleep: async (ms) => void waits.push(ms) },
    baseUrl: BASE_URL,
    apiKey: KEY,
    model: "gpt-image-1",
    ...rest,
  });
  return { fake, waits, model };
}

describe("OpenAI image model", () => {
  it("gpt-image-1: posts model, prompt, 1536x1024 and output_format jpeg with the Bearer key; no response_format", async () => {
    const { fake, model } = setup();
    const result = await model.generate({ prompt: "A lighthouse at dawn" });
    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0]!;
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.body).toEqual({ model: "gpt-image-1", prompt: "A lighthouse at dawn", n: 1, size: "1536x1024", output_format: "jpeg" });
    expect([...result.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(readDeclaredSize(result.bytes, "image/jpeg")).toMatchObject({ width: 1536, height: 1024 });
    expect(result.declaredType).toBe("image/jpeg");
    expect(result.usage).toEqual({ inputTokens: 5, outputTokens: 1056, images: 1, costUsd: 0 });
  });

  it("honours a configured size and PNG output", async () => {
    const { fake, model } = setup({ size: "1024x1536", outputFormat: "png" });
    const result = await model.generate({ prompt: "A tall tower" });
    expect(fake.calls[0]!.body).toMatchObject({ size: "1024x1536", output_format: "png" });
    expect(readDeclaredSize(result.bytes, "image/png")).toMatchObject({ width: 1024, height: 1536 });
    expect(result.declaredType).toBe("image/png");
  });

  it("dall-e-3: asks for b64_json, sends no output_format, uses 1792x1024", async () => {
    const { fake, model } = setup({ model: "dall-e-3" });
    const result = await model.generate({ prompt: "A lighthouse at dawn" });
    expect(fake.calls[0]!.body).toEqual({
      model: "dall-e-3",
      prompt: "A lighthouse at dawn",
      n: 1,
      size: "1792x1024",
      response_format: "b64_json",
    });
    expect(readDeclaredSize(result.bytes, "image/png")).toMatchObject({ width: 1792, height: 1024 });
    expect(result.declaredType).toBeNull();
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0, images: 1, costUsd: 0 });
  });

  it("dall-e-2: a square size and the prompt cut to 1000 characters", async () => {
    const { fake, model } = setup({ model: "dall-e-2" });
    await model.generate({ prompt: "y".repeat(1500) });
    expect(fake.calls[0]!.body).toMatchObject({ size: "1024x1024", prompt: "y".repeat(1000), response_format: "b64_json" });
  });

  it("a base URL with a trailing slash reaches the same endpoint", async () => {
    const { fake, model } = setup({ baseUrl: `${BASE_URL}/` });
    await model.generate({ prompt: "A lighthouse" });
    expect(fake.calls).toHaveLength(1);
  });

  it("401: credentials_rejected; neither the key nor OpenAI's text is in our message", async () => {
    const { fake, waits, model } = setup({ apiKey: "sk-wrong-0123456789abcdef" });
    const error = await failureOf(model.generate({ prompt: "A lighthouse" }));
    expect(error).toMatchObject({ failure: "credentials_rejected", retryable: false, code: "upstream_error", provider: "OpenAI" });
    expect(error.message).not.toContain("sk-wrong");
    expect(error.message).not.toContain("Incorrect API key");
    expect(fake.calls).toHaveLength(1);
    expect(waits).toHaveLength(0);
  });

  it("429 insufficient_quota: quota_exhausted", async () => {
    const { model } = setup({ apiKey: BROKE_KEY, maxRetries: 0 });
    expect(await failureOf(model.generate({ prompt: "A lighthouse" }))).toMatchObject({ failure: "quota_exhausted", retryable: false });
  });

  it("402: quota_exhausted", async () => {
    const { fake, model } = setup();
    fake.failWith(402, { code: "billing_error" });
    expect((await failureOf(model.generate({ prompt: "A lighthouse" }))).failure).toBe("quota_exhausted");
  });

  it("429 with Retry-After: waits what OpenAI asks, then succeeds", async () => {
    const { fake, waits, model } = setup();
    fake.failWith(429, { code: "rate_limit_exceeded", type: "requests", retryAfter: "1" });
    const result = await model.generate({ prompt: "A lighthouse" });
    expect(result.bytes.length).toBeGreaterThan(0);
    expect(waits).toEqual([1000]);
    expect(fake.calls).toHaveLength(2);
  });

  it("429 that persists: rate_limited once the retries are spent", async () => {
    const { fake, waits, model } = setup({ maxRetries: 2 });
    fake.failWith(429, { code: "rate_limit_exceeded", retryAfter: "2", times: 10 });
    expect(await failureOf(model.generate({ prompt: "A lighthouse" }))).toMatchObject({ failure: "rate_limited", retryable: true });
    expect(waits).toEqual([2000, 2000]);
    expect(fake.calls).toHaveLength(3);
  });

  it("500 once is retried; 500 that persists is unavailable", async () => {
    const once = setup();
    once.fake.failWith(500);
    await once.model.generate({ prompt: "A lighthouse" });
    expect(once.fake.calls).toHaveLength(2);
    expect(once.waits).toHaveLength(1);

    const always = setup({ maxRetries: 1 });
    always.fake.failWith(503, { times: 10 });
    expect(await failureOf(always.model.generate({ prompt: "A lighthouse" }))).toMatchObject({ failure: "unavailable", retryable: true });
    expect(always.fake.calls).toHaveLength(2);
  });

  it("403: refused", async () => {
    const { fake, model } = setup();
    fake.failWith(403, { code: "unsupported_country_region_territory" });
    expect((await failureOf(model.generate({ prompt: "A lighthouse" }))).failure).toBe("refused");
  });

  it.each(["gpt-image-1", "dall-e-3"])("%s: a content-policy 400 is refused, not a bad request", async (name) => {
    const { model } = setup({ model: name });
    const error = await failureOf(model.generate({ prompt: `A picture of ${REFUSED_WORD}` }));
    expect(error).toMatchObject({ failure: "refused", retryable: false });
    expect(error.message).toMatch(/content policy/);
  });

  it("any other 400 or 404 is bad_request", async () => {
    const { fake, model } = setup();
    fake.failWith(400, { code: "invalid_value", type: "invalid_request_error", message: "Invalid value" });
    expect((await failureOf(model.generate({ prompt: "A lighthouse" }))).failure).toBe("bad_request");

    const unknown = setup({ model: "gpt-image-0" });
    expect((await failureOf(unknown.model.generate({ prompt: "A lighthouse" }))).failure).toBe("bad_request");
  });

  it("an API that never answers: timeout", async () => {
    const { fake, waits, model } = setup({ timeoutMs: 30 });
    fake.hang();
    expect(await failureOf(model.generate({ prompt: "A lighthouse" }))).toMatchObject({ failure: "timeout", code: "upstream_timeout" });
    expect(waits).toHaveLength(0);
  });

  it.each([
    ["no data", { created: 1 }],
    ["a URL instead of base64", { created: 1, data: [{ url: "https://images.example/x.png" }] }],
    ["an empty b64_json", { created: 1, data: [{ b64_json: "" }] }],
  ])("a 200 with %s is invalid_output", async (_, body) => {
    const model = createOpenAiImageModel({
      transport: { fetch: async () => Response.json(body), timeoutMs: 1000, maxRetries: 0 },
      baseUrl: BASE_URL,
      apiKey: KEY,
      model: "gpt-image-1",
    });
    expect((await failureOf(model.generate({ prompt: "A lighthouse" }))).failure).toBe("invalid_output");
  });

  it("an empty prompt is refused without a call", async () => {
    const { fake, model } = setup();
    expect((await failureOf(model.generate({ prompt: "" }))).failure).toBe("bad_request");
    expect(fake.calls).toHaveLength(0);
  });
});
