import { NO_USAGE } from "../provider-usage";
import type { JsonReply, JsonRequest, TextModel } from "./port";

/**
 * The deterministic writer of local runs: it answers each request with the task's own offline
 * answer (labelled as an offline draft by the task), calls nothing and costs nothing.
 */
export function createOfflineTextModel(): TextModel {
  return {
    provider: "offline",
    model: "offline-draft",
    offline: true,
    async completeJson(request: JsonRequest): Promise<JsonReply> {
      const json = request.offlineAnswer();
      return { json, text: JSON.stringify(json) ?? "", usage: NO_USAGE };
    },
  };
}
