import { expect } from "vitest";
import { SEARCH_SYNC_MESSAGE, SearchSyncStep } from "../../src/core/queue-messages";
import { runSearchSyncStep } from "../../src/search-console/sync";
import type { Services } from "../../src/services/container";
import type { ConsentDecision } from "../fakes/google-oauth";
import { createGoogleFake, type GoogleFake, googleVars } from "../fakes/search-console";
import { call, recordingQueue, type SentMessage, testServices, useFakeFetch, useServices, useVars } from "../harness";

/**
 * Google's fakes behind the service's Google integration, with the search queue recording (a
 * sync step runs only when the test drains it), until the end of the test.
 */
export function useGoogle(): { google: GoogleFake; sent: SentMessage[] } {
  const google = createGoogleFake();
  useVars(googleVars(google));
  useFakeFetch(google.fetch);
  return { google, sent: useRecordedSearch() };
}

/** A fresh recording search queue for the rest of the test: what is sent, never consumed. */
export function useRecordedSearch(): SentMessage[] {
  const search = recordingQueue();
  useServices({ queues: { search: search.queue } });
  return search.sent;
}

/** The owner's round trip: POST the connection, decide on Google's consent page, follow Google's redirect to the callback. */
export async function connectGoogle(token: string, google: GoogleFake, decision: ConsentDecision = {}, returnTo = "/settings") {
  const started = await call("/api/integrations/google", { method: "POST", token, json: { returnTo } });
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const callbackUrl = new URL(await google.oauth.consent(url, decision));
  const response = await call(callbackUrl.pathname + callbackUrl.search);
  return { url, callbackPath: callbackUrl.pathname + callbackUrl.search, response, location: response.headers.get("Location") };
}

/** The sync steps recorded so far for these sites (all when none is named), taken out of `sent`. */
export function takeSyncSteps(sent: SentMessage[], siteIds?: string[]): SearchSyncStep[] {
  const steps: SearchSyncStep[] = [];
  for (let i = 0; i < sent.length; ) {
    const body = sent[i]!.body;
    if (body.type === SEARCH_SYNC_MESSAGE && (!siteIds || siteIds.includes(String(body.siteId)))) {
      steps.push(SearchSyncStep.parse(body));
      sent.splice(i, 1);
    } else i += 1;
  }
  return steps;
}

/** Runs the sync steps as the queue would, each next step as it is sent, until none is left. Returns the phases run. */
export async function drainSyncs(sent: SentMessage[], options: { siteIds?: string[]; now?: Date; services?: Services } = {}) {
  const services = options.services ?? testServices();
  const ran: string[] = [];
  for (let steps = takeSyncSteps(sent, options.siteIds); steps.length > 0; steps = takeSyncSteps(sent, options.siteIds)) {
    for (const step of steps) {
      ran.push(step.startRow ? `${step.phase}@${step.startRow}` : step.phase);
      await runSearchSyncStep(services, step, options.now);
    }
  }
  return ran;
}
