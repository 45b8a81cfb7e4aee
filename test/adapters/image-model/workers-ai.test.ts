import { describe, expect, it } from "vitest";
import { createWorkersAiImageModel } from "../../../src/adapters/image-model/workers-ai";
import { createFluxFake, FLUX_SCHNELL } from "../../fakes/workers-ai-flux";
import { encodeJpeg } from "../../media/images";
import { failureOf } from "../provider-support";

const image = encodeJpeg(64, 48);

function setup(options: { maxRetries?: number; steps?: number; timeoutMs?: number } = {}) {
  const fake = createFluxFake({ image });
  const waits: number[] = [];
  const model = createWorkersAiImageModel({
    ai: fake.ai,
    model: FLUX_SCHNELL,
    timeoutMs: options.timeoutMs ?? 5_000,
    maxRetries: options.maxRetries ?? 2,
    sleep: async (ms) => void waits.push(ms),
    steps: options.steps,
  });
  return { fake, waits, model };
}

describe("Workers AI image model (FLUX.1 schnell)", () => {
  it("sends only prompt and steps to the model and returns the decoded bytes", async () => {
    const { fake, model } = setup();
    const result = await model.generate({ prompt: "  A red bicycle by a canal  " });
    expect(fake.calls).toEqual([{ model: FLUX_SCHNELL, inputs: { prompt: "A red bicycle by a canal", steps: 4 } }]);
    expect(result.bytes).toEqual(image);
    expect(result.declaredType).toBeNull();
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0, images: 1, costUsd: 0 });
    expect(model).toMatchObject({ provider: "workers-ai", model: FLUX_SCHNELL, offline: false });
  });

  it("cuts the prompt to the model's 2048 characters and keeps steps within 1–8", async () => {
    const { fake, model } = setup({ steps: 20 });
    await model.generate({ prompt: "x".repeat(3000) });
    expect(fake.calls[0]!.inputs).toEqual({ prompt: "x".repeat(2048), steps: 8 });

    const low = setup({ steps: 0 });
    await low.model.generate({ prompt: "a cat" });
    expect(low.fake.calls[0]!.inputs.steps).toBe(1);
  });

  it("does not split a surrogate pair when cutting the prompt", async () => {
    const { fake, model } = setup();
    await model.generate({ prompt: `${"x".repeat(2047)}😀 and more` });
    expect(fake.calls[0]!.inputs.prompt).toBe("x".repeat(2047));
  });

  it("refuses an empty prompt without calling the model", async () => {
    const { fake, model } = setup();
    expect((await failureOf(model.generate({ prompt: "   " }))).failure).toBe("bad_request");
    expect(fake.calls).toHaveLength(0);
  });

  it("retries 'out of capacity' (3040) with backoff and succeeds", async () => {
    const { fake, waits, model } = setup({ maxRetries: 2 });
    fake.failWith(3040, "Capacity temporarily exceeded, please try again.", 2);
    const result = await model.generate({ prompt: "a lighthouse" });
    expect(result.bytes).toEqual(image);
    expect(fake.calls).toHaveLength(3);
    expect(waits).toHaveLength(2);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(0);
  });

  it("gives up after maxRetries: a retryable rate_limited error", async () => {
    const { fake, waits, model } = setup({ maxRetries: 1 });
    fake.failWith(3040, "Capacity temporarily exceeded", 5);
    const error = await failureOf(model.generate({ prompt: "a lighthouse" }));
    expect(error).toMatchObject({ failure: "rate_limited", retryable: true, code: "upstream_error", provider: "Workers AI" });
    expect(error.message).toContain("3040");
    expect(fake.calls).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it.each([
    [3007, "timeout"],
    [3008, "unavailable"],
  ] as const)("retries %i and reports %s once the retries are spent", async (code, failure) => {
    const { fake, waits, model } = setup({ maxRetries: 1 });
    fake.failWith(code, "scripted", 2);
    expect((await failureOf(model.generate({ prompt: "a lighthouse" }))).failure).toBe(failure);
    expect(fake.calls).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it.each([
    [3036, "quota_exhausted"],
    [5007, "bad_request"],
    [3042, "bad_request"],
    [5004, "bad_request"],
    [3003, "bad_request"],
    [3006, "bad_request"],
    [5016, "refused"],
    [3023, "refused"],
  ] as const)("code %i is %s and not retried", async (code, failure) => {
    const { fake, waits, model } = setup({ maxRetries: 3 });
    fake.failWith(code, "scripted", 5);
    const error = await failureOf(model.generate({ prompt: "a lighthouse" }));
    expect(error).toMatchObject({ failure, retryable: false });
    expect(error.message).toContain(String(code));
    expect(error.message).not.toContain("scripted");
    expect(fake.calls).toHaveLength(1);
    expect(waits).toHaveLength(0);
  });

  it("an error without a known code is unavailable and not retried within the call", async () => {
    const { fake, waits, model } = setup();
    fake.ai.run = async () => {
      throw new Error("network connection lost");
    };
    expect(await failureOf(model.generate({ prompt: "a lighthouse" }))).toMatchObject({ failure: "unavailable", retryable: true });
    expect(waits).toHaveLength(0);
  });

  it("a model that never answers ends in a timeout ProviderError", async () => {
    const { fake, waits, model } = setup({ timeoutMs: 30 });
    fake.hang();
    const error = await failureOf(model.generate({ prompt: "a lighthouse" }));
    expect(error).toMatchObject({ failure: "timeout", retryable: true, code: "upstream_timeout" });
    expect(fake.calls).toHaveLength(1);
    expect(waits).toHaveLength(0);
  });

  it.each([
    ["no image field", {}],
    ["an empty image", { image: "" }],
    ["an image that is not base64", { image: "not base64 at all!" }],
    ["no output at all", null],
  ])("%s is invalid_output", async (_, output) => {
    const { fake, model } = setup();
    fake.answer(output);
    expect((await failureOf(model.generate({ prompt: "a lighthouse" }))).failure).toBe("invalid_output");
  });

  it("the fake holds the model to its schema (what the real model would reject)", async () => {
    const fake = createFluxFake({ image });
    await expect(fake.ai.run(FLUX_SCHNELL, { prompt: "a", steps: 4, width: 1536 })).rejects.toThrow(/5004/);
    await expect(fake.ai.run(FLUX_SCHNELL, { prompt: "a", steps: 9 })).rejects.toThrow(/5004/);
    await expect(fake.ai.run("@cf/unknown/model", { prompt: "a" })).rejects.toThrow(/5007/);
  });
});
