import { bytesToBase64 } from "../../core/crypto";
import { log } from "../../core/logger";
import { ProviderError } from "../provider-error";
import { postJson, type ProviderReply, type ProviderTransport } from "../provider-http";
import { marketFor } from "./dataforseo-locations";
import { DATAFORSEO_OK, EnvelopeSchema, failureForStatusCode, ideasFromTask, type Envelope } from "./dataforseo-reply";
import type { KeywordIdeas, KeywordIdeasRequest, KeywordResearch } from "./port";
import { normaliseSeeds } from "./seeds";

export interface DataForSeoOptions {
  transport: ProviderTransport;
  /** `https://api.dataforseo.com/v3` (or the sandbox, `https://sandbox.dataforseo.com/v3`). */
  baseUrl: string;
  /** The API login and API password of the dashboard (not the website password). */
  login: string;
  password: string;
}

const PROVIDER = "DataForSEO";
const MAX_LIMIT = 1000;

/** DataForSEO Labs keyword ideas (`POST /dataforseo_labs/google/keyword_ideas/live`). */
export function createDataForSeoResearch(options: DataForSeoOptions): KeywordResearch {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/dataforseo_labs/google/keyword_ideas/live`;
  const authorization = `Basic ${bytesToBase64(new TextEncoder().encode(`${options.login}:${options.password}`))}`;
  return {
    provider: "dataforseo",
    offline: false,
    async keywordIdeas(request: KeywordIdeasRequest): Promise<KeywordIdeas> {
      const market = marketFor(request.language);
      if (!market)
        throw new ProviderError("bad_request", PROVIDER, `Keyword research does not cover the language '${request.language}' yet`);
      const keywords = normaliseSeeds(request.seeds, market.languageCode);
      if (keywords.length === 0) throw new ProviderError("bad_request", PROVIDER, "Keyword research needs at least one seed keyword");
      const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(request.limit)));
      // A live endpoint takes exactly one task per call, in a JSON array.
      const task = {
        keywords,
        location_code: market.locationCode,
        language_code: market.languageCode,
        limit,
        filters: [["keyword_info.search_volume", ">", 0]],
        order_by: ["keyword_info.search_volume,desc"],
      };
      const reply = await postJson(options.transport, PROVIDER, url, { Authorization: authorization }, [task]);
      const envelope = readEnvelope(reply);
      const first = envelope.tasks?.[0];
      if (!first) throw unexpected(reply, "no task in the answer");
      if (first.status_code !== DATAFORSEO_OK) throw statusError(first.status_code, first.status_message, first.cost ?? envelope.cost);
      return {
        ideas: ideasFromTask(first, limit),
        usage: { inputTokens: 0, outputTokens: 0, images: 0, costUsd: first.cost ?? envelope.cost ?? 0 },
      };
    },
  };
}

function readEnvelope(reply: ProviderReply): Envelope {
  if (reply.status === 401) return fail("credentials_rejected", "rejected the API login and password (HTTP 401)", reply);
  if (reply.status === 402) return fail("quota_exhausted", "refused to bill the account: check its balance (HTTP 402)", reply);
  if (reply.status === 429) return fail("rate_limited", "is rate limiting the requests; retry later (HTTP 429)", reply);
  if (reply.status >= 500) return fail("unavailable", `failed with HTTP ${reply.status}`, reply);
  if (reply.status === 404)
    return fail("bad_request", "does not know the keyword ideas endpoint: check DATAFORSEO_BASE_URL (HTTP 404)", reply);
  if (reply.status !== 200) return fail("bad_request", `refused the request (HTTP ${reply.status})`, reply);
  const parsed = EnvelopeSchema.safeParse(reply.json);
  if (!parsed.success) throw unexpected(reply, "the answer is not the DataForSEO envelope");
  if (parsed.data.status_code !== DATAFORSEO_OK) throw statusError(parsed.data.status_code, parsed.data.status_message, parsed.data.cost);
  return parsed.data;
}

function fail(failure: ProviderError["failure"], says: string, reply: ProviderReply): never {
  log("warn", "dataforseo_http_error", { status: reply.status, body: reply.text.slice(0, 300) });
  throw new ProviderError(failure, PROVIDER, `${PROVIDER} ${says}`);
}

/** DataForSEO's status message is an explanation meant for the user of the API, not a secret: it goes in our message. */
function statusError(code: number | null | undefined, message: string | null | undefined, cost: number | null | undefined): ProviderError {
  const said = (message ?? "no message").slice(0, 200);
  log("warn", "dataforseo_task_failed", { statusCode: code ?? null, statusMessage: said, costUsd: cost ?? null });
  const failure = typeof code === "number" ? failureForStatusCode(code, said) : "invalid_output";
  return new ProviderError(failure, PROVIDER, `${PROVIDER} could not research the keywords: ${said} (status ${code ?? "missing"})`);
}

function unexpected(reply: ProviderReply, what: string): ProviderError {
  log("warn", "dataforseo_unexpected_reply", { status: reply.status, body: reply.text.slice(0, 300) });
  return new ProviderError("invalid_output", PROVIDER, `${PROVIDER} answered in an unexpected form: ${what}`);
}
