import type { IndexNow } from "./port";

// STUB: replaced by the offline recorder.
export function createOfflineIndexNow(): IndexNow {
  throw new Error("not built yet");
}
