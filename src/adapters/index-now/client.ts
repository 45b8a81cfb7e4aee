import type { IndexNow } from "./port";

// STUB: replaced by the real client.
export function createIndexNowClient(_deps: { endpoint: string; fetch: typeof fetch; timeoutMs: number }): IndexNow {
  throw new Error("not built yet");
}
