import { bytesToBase64 } from "../../core/crypto";
import { ProviderError } from "../provider-error";
import { postJson, type ProviderTransport } from "../provider-http";
import { marketFor } from "./dataforseo-locations";
import { DATAFORSEO_OK, ideasFromTask, readDataForSeoEnvelope, taskFailure, unexpectedReply } from "./dataforseo-reply";
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
const ACTION = { endpoint: "the keyword ideas endpoint", doing: "research the keywords" };

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
      const envelope = readDataForSeoEnvelope(reply, ACTION);
      const first = envelope.tasks?.[0];
      if (!first) throw unexpectedReply(reply, "no task in the answer");
      if (first.status_code !== DATAFORSEO_OK)
        throw taskFailure(ACTION, first.status_code, first.status_message, first.cost ?? envelope.cost);
      return {
        ideas: ideasFromTask(first, limit),
        usage: { inputTokens: 0, outputTokens: 0, images: 0, costUsd: first.cost ?? envelope.cost ?? 0 },
      };
    },
  };
}
