import type { SearchSyncStep } from "../core/queue-messages";
import type { Services } from "../services/container";

// STUB: replaced by the Search Console sync.
export async function runSearchSyncStep(_services: Services, _step: SearchSyncStep): Promise<void> {}
