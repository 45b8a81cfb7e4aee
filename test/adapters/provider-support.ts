import { z } from "zod";
import { ProviderError } from "../../src/adapters/provider-error";
import type { ProviderTransport } from "../../src/adapters/provider-http";
import type { StructuredTask } from "../../src/adapters/text-model/port";

/** The ProviderError a promise rejects with; fails the test when it resolves or throws something else. */
export async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

/** A sleep that only records how long it was asked to wait. */
export function recordedSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

export function transportFor(fetcher: typeof fetch, overrides: Partial<ProviderTransport> = {}): ProviderTransport & { waits: number[] } {
  const { waits, sleep } = recordedSleep();
  return { fetch: fetcher, timeoutMs: 5_000, maxRetries: 2, sleep, waits, ...overrides };
}

export const OutlineSchema = z.object({
  title: z.string().min(10).max(70),
  sections: z.array(z.object({ heading: z.string().min(3), words: z.number().int().min(50) })).min(2),
  summary: z.string().optional(),
});
export type Outline = z.infer<typeof OutlineSchema>;

export const validOutline: Outline = {
  title: "Sourdough at home, step by step",
  sections: [
    { heading: "The starter", words: 300 },
    { heading: "Baking day", words: 450 },
  ],
};

export const outlineTask: StructuredTask<{ topic: string }, Outline> = {
  name: "article_outline",
  schema: OutlineSchema,
  system: ({ topic }) => `You plan blog articles about ${topic}.`,
  prompt: ({ topic }) => `Plan an article about ${topic}.`,
  offline: ({ topic }) => ({
    title: `Offline draft: a guide to ${topic}`,
    sections: [
      { heading: `What ${topic} is`, words: 200 },
      { heading: `Getting started with ${topic}`, words: 300 },
    ],
  }),
  maxTokens: 1200,
  temperature: 0.4,
};
