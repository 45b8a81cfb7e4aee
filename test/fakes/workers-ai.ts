import { sampleFromSchema } from "./openai-chat";

// A stand-in for the Workers AI binding (as Cloudflare documents it): `run(model, inputs)`
// answers text models in JSON mode, rejects like the binding does ("3040: Capacity temporarily
// exceeded"), and records every call. Other kinds of model (an image model…) plug in per model id
// with `handle`.

export const FAKE_TEXT_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/** What the next `run` does, whatever the model. */
export type WorkersAiStep =
  /** `response` as given: an object (documented JSON mode) or a string. */
  | { response: unknown; usage?: { prompt_tokens: number; completion_tokens: number } }
  /** Rejects with an Error carrying this message, e.g. "3040: Capacity temporarily exceeded". */
  | { error: string }
  /** Never settles, and ignores the abort signal: the caller's own timeout must fire. */
  | { hang: true };

export interface WorkersAiCall {
  model: string;
  inputs: Record<string, any>;
  options?: { signal?: AbortSignal };
}

export type WorkersAiModelHandler = (inputs: Record<string, any>) => unknown | Promise<unknown>;

export function createFakeWorkersAi(options: { textModels?: string[] } = {}) {
  const calls: WorkersAiCall[] = [];
  const steps: WorkersAiStep[] = [];
  const usage = { prompt_tokens: 300, completion_tokens: 80 };
  const handlers = new Map<string, WorkersAiModelHandler>();
  for (const model of options.textModels ?? [FAKE_TEXT_MODEL]) handlers.set(model, answerText);

  function answerText(inputs: Record<string, any>): unknown {
    if (!Array.isArray(inputs.messages) && typeof inputs.prompt !== "string")
      throw new Error("5004: Invalid data: messages or prompt is required");
    const format = inputs.response_format;
    const response = format?.type === "json_schema" ? sampleFromSchema(format.json_schema) : "OK";
    return { response, usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } };
  }

  const binding = {
    async run(model: string, inputs: Record<string, any>, runOptions?: { signal?: AbortSignal }): Promise<unknown> {
      calls.push({ model, inputs, options: runOptions });
      const step = steps.shift();
      if (step && "hang" in step) return new Promise(() => {});
      if (step && "error" in step) throw new Error(step.error);
      if (step && "response" in step) {
        const stepUsage = step.usage ?? usage;
        return { response: step.response, usage: { ...stepUsage, total_tokens: stepUsage.prompt_tokens + stepUsage.completion_tokens } };
      }
      const handler = handlers.get(model);
      if (!handler) throw new Error(`5007: No such model ${model} or task`);
      return handler(inputs);
    },
  };

  return {
    binding,
    calls,
    usage,
    /** Queues what the next runs do, in order. */
    script(...next: WorkersAiStep[]) {
      steps.push(...next);
    },
    /** Answers runs of `model` with `handler` (e.g. an image model's `{ image }`). */
    handle(model: string, handler: WorkersAiModelHandler) {
      handlers.set(model, handler);
    },
  };
}

export type FakeWorkersAi = ReturnType<typeof createFakeWorkersAi>;
