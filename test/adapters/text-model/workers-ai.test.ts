import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { generateStructured } from "../../../src/adapters/text-model/structured";
import { createWorkersAiTextModel, type WorkersAiTextModelOptions } from "../../../src/adapters/text-model/workers-ai";
import { createFakeWorkersAi, FAKE_TEXT_MODEL, type FakeWorkersAi } from "../../fakes/workers-ai";
import { failureOf, OutlineSchema, outlineTask, recordedSleep, validOutline } from "../provider-support";

let ai: FakeWorkersAi;
beforeEach(() => {
  ai = createFakeWorkersAi();
});

function modelWith(overrides: Partial<WorkersAiTextModelOptions> = {}) {
  const { waits, sleep } = recordedSleep();
  const model = createWorkersAiTextModel({ ai: ai.binding, model: FAKE_TEXT_MODEL, timeoutMs: 5_000, maxRetries: 2, sleep, ...overrides });
  return { model, waits };
}

const ask = (model: ReturnType<typeof modelWith>["model"]) => generateStructured(model, outlineTask, { topic: "bread" });

describe("Workers AI text model: the run", () => {
  it("runs the model in JSON mode with the system message first and the plain JSON Schema", async () => {
    ai.script({ response: validOutline });
    const { value, usage } = await ask(modelWith().model);

    expect(value).toEqual(validOutline);
    expect(usage).toEqual({ inputTokens: 300, outputTokens: 80, images: 0, costUsd: 0 });
    const [call] = ai.calls;
    expect(call!.model).toBe(FAKE_TEXT_MODEL);
    expect(call!.inputs).toEqual({
      messages: [
        { role: "system", content: "You plan blog articles about bread." },
        { role: "user", content: "Plan an article about bread." },
      ],
      max_tokens: 1200,
      temperature: 0.4,
      response_format: { type: "json_schema", json_schema: expect.any(Object) },
    });
    const { $schema: _, ...zodSchema } = z.toJSONSchema(OutlineSchema, { io: "input" });
    expect(call!.inputs.response_format.json_schema).toEqual(zodSchema);
    expect(call!.options?.signal).toBeInstanceOf(AbortSignal);
  });

  it("accepts the answer as a JSON string as well as an object", async () => {
    ai.script({ response: JSON.stringify(validOutline), usage: { prompt_tokens: 11, completion_tokens: 22 } });
    const { value, usage } = await ask(modelWith().model);
    expect(value).toEqual(validOutline);
    expect([usage.inputTokens, usage.outputTokens]).toEqual([11, 22]);
  });

  it("keeps a string answer that is not JSON as text, for the repair request to show back", async () => {
    ai.script({ response: "Sure! Here is the outline you asked for." });
    const reply = await modelWith().model.completeJson({
      name: "x",
      system: "s",
      messages: [{ role: "user", content: "u" }],
      jsonSchema: {},
      maxTokens: 10,
      offlineAnswer: () => null,
    });
    expect(reply.json).toBeUndefined();
    expect(reply.text).toBe("Sure! Here is the outline you asked for.");
  });

  it("turns 'JSON Mode couldn't be met' into a missing answer, and the repair request asks again without an empty assistant turn", async () => {
    ai.script({ error: "InferenceUpstreamError: JSON Mode couldn't be met" }, { response: validOutline });
    const { value, usage } = await ask(modelWith().model);
    expect(value).toEqual(validOutline);
    expect(usage.inputTokens).toBe(300);
    expect(ai.calls).toHaveLength(2);
    const roles = ai.calls[1]!.inputs.messages.map((message: { role: string }) => message.role);
    expect(roles).toEqual(["system", "user", "user"]);
    expect(ai.calls[1]!.inputs.messages[2].content).toMatch(/^Your previous attempt produced no JSON/);
  });
});

describe("Workers AI text model: failures", () => {
  it("retries when Workers AI is out of capacity (3040), with backoff, and succeeds", async () => {
    ai.script({ error: "3040: Capacity temporarily exceeded, please try again." }, { response: validOutline });
    const { model, waits } = modelWith();
    expect((await ask(model)).value).toEqual(validOutline);
    expect(ai.calls).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(0);
    expect(waits[0]).toBeLessThanOrEqual(1000);
  });

  it("gives up after maxRetries and reports the last retryable failure", async () => {
    ai.script({ error: "3040: Capacity temporarily exceeded" }, { error: "AiError: 3008: aborted" }, { error: "3007: Request timeout" });
    const { model, waits } = modelWith();
    const error = await failureOf(ask(model));
    expect([error.failure, error.retryable, error.message]).toEqual([
      "timeout",
      true,
      `Workers AI timed out running ${FAKE_TEXT_MODEL} (code 3007)`,
    ]);
    expect(ai.calls).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it.each([
    ["3036: You have used up your daily free allocation of 10,000 neurons", "quota_exhausted"],
    ["5007: No such model @cf/nope or task", "bad_request"],
    ["3042: Invalid model ID", "bad_request"],
    ["5004: Invalid data", "bad_request"],
    ["3006: Request is too large", "bad_request"],
    ["5016: Prior to using this model, you must agree to its terms", "refused"],
    ["3023: Account blocked", "credentials_rejected"],
  ])("classifies %j as %s without retrying", async (message, failure) => {
    ai.script({ error: message });
    const { model, waits } = modelWith();
    const error = await failureOf(ask(model));
    expect([error.failure, error.retryable]).toEqual([failure, false]);
    expect(error.message).not.toContain(message);
    expect(ai.calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("reports an error without a known code as unavailable, not retried within the call", async () => {
    ai.script({ error: "Network connection lost." });
    const error = await failureOf(ask(modelWith().model));
    expect([error.failure, error.retryable, error.message]).toEqual(["unavailable", true, `Workers AI failed to run ${FAKE_TEXT_MODEL}`]);
    expect(ai.calls).toHaveLength(1);
  });

  it("gives up a run that takes longer than timeoutMs, even when the binding ignores the abort", async () => {
    ai.script({ hang: true });
    const error = await failureOf(ask(modelWith({ timeoutMs: 50 }).model));
    expect([error.failure, error.code, error.retryable]).toEqual(["timeout", "upstream_timeout", true]);
    expect(ai.calls).toHaveLength(1);
    expect(ai.calls[0]!.options?.signal?.aborted).toBe(true);
  });

  it("answers other model ids through handlers, and unknown ids like the binding does", async () => {
    ai.handle("@cf/black-forest-labs/flux-1-schnell", () => ({ image: "aGVsbG8=" }));
    expect(await ai.binding.run("@cf/black-forest-labs/flux-1-schnell", { prompt: "bread" })).toEqual({ image: "aGVsbG8=" });
    const error = await failureOf(ask(modelWith({ model: "@cf/nope/unknown" }).model));
    expect(error.failure).toBe("bad_request");
  });
});
