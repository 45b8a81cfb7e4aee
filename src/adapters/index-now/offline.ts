import { log } from "../../core/logger";
import type { IndexNow } from "./port";

/** For local runs: every submission counts as received, is logged, and no request leaves the machine. */
export function createOfflineIndexNow(): IndexNow {
  return {
    offline: true,
    async submit(submission) {
      log("info", "indexnow_offline", { host: submission.host, urls: submission.urls });
      return { outcome: "submitted", httpStatus: null, offline: true };
    },
  };
}
