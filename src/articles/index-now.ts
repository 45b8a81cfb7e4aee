import type { IndexNowSubmit } from "../core/queue-messages";
import type { Services } from "../services/container";

// STUB: replaced by the IndexNow submission (queued after publish and content updates).
export async function submitToIndexNow(_services: Services, _message: IndexNowSubmit): Promise<void> {}
