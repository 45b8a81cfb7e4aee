import type { SearchConsole } from "./port";

// STUB: replaced by the offline stand-in.
export function createOfflineSearchConsole(_deps: { pagesOf: (property: string) => Promise<string[]> }): SearchConsole {
  throw new Error("not built yet");
}
