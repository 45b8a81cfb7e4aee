import type { SearchRefresh } from "../core/queue-messages";
import type { Services } from "../services/container";

// STUB: replaced by the automatic refresh of a decaying post.
export async function refreshDecayingPost(_services: Services, _message: SearchRefresh): Promise<void> {}
