import type { SearchConsole } from "./port";

// STUB: replaced by the real client.
export function createSearchConsoleClient(_deps: { baseUrl: string; fetch: typeof fetch; timeoutMs: number }): SearchConsole {
  throw new Error("not built yet");
}
