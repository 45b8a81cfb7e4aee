/** The fetch the Worker uses to reach user sites (WordPress, XenForo, webhooks). */
export type OutboundFetch = typeof fetch;

let testOverride: OutboundFetch | null = null;

/**
 * Tests only: routes every outbound call of the Worker to `fetch` (a fake's `app.fetch`)
 * until called again with null. Tests and the Worker share one isolate, so this is seen by
 * the next request.
 */
export function useOutboundFetchForTests(fetch: OutboundFetch | null): void {
  testOverride = fetch;
}

/** The fetch for this request: the test override when set, else the runtime's own. */
export function currentOutboundFetch(): OutboundFetch {
  return testOverride ?? ((input, init) => globalThis.fetch(input, init));
}
