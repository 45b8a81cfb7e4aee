/** The part of the Workers AI binding (`env.AI.run`) the model adapters use; the real binding and test stand-ins fit it. */
export interface WorkersAiBinding {
  run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<unknown>;
}
