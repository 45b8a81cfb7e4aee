import { bytesToBase64 } from "../../core/crypto";
import type { DataForSeoOptions } from "../keyword-research/dataforseo";
import { marketFor } from "../keyword-research/dataforseo-locations";
import { DATAFORSEO_OK, readDataForSeoEnvelope, taskFailure, unexpectedReply } from "../keyword-research/dataforseo-reply";
import { ProviderError } from "../provider-error";
import { postJson } from "../provider-http";
import { SERP_RESULTS, type SerpRequest, type SerpResearch, type SerpResearcher } from "./port";
import { OrganicItemSchema, PeopleAlsoAskItemSchema, RelatedSearchesItemSchema, SerpPageSchema, type SerpPage } from "./schemas";

const PROVIDER = "DataForSEO";
const ACTION = { endpoint: "the Google organic SERP endpoint", doing: "read the search results" };
/** DataForSEO's limit on `keyword` (EXTERNAL_APIS-2 §1.1). */
const MAX_KEYWORD_LENGTH = 700;

/** DataForSEO SERP API, Google Organic live/advanced (`POST /serp/google/organic/live/advanced`): the first page of one keyword. */
export function createDataForSeoSerpResearch(options: DataForSeoOptions): SerpResearcher {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/serp/google/organic/live/advanced`;
  const authorization = `Basic ${bytesToBase64(new TextEncoder().encode(`${options.login}:${options.password}`))}`;
  return {
    provider: "dataforseo",
    offline: false,
    async research(request: SerpRequest): Promise<SerpResearch> {
      const market = marketFor(request.language);
      if (!market)
        throw new ProviderError("bad_request", PROVIDER, `Search research does not cover the language '${request.language}' yet`);
      const keyword = request.keyword.trim().replace(/\s+/g, " ");
      if (!keyword) throw new ProviderError("bad_request", PROVIDER, "Search research needs a keyword");
      if (keyword.length > MAX_KEYWORD_LENGTH)
        throw new ProviderError("bad_request", PROVIDER, `Search research takes keywords of at most ${MAX_KEYWORD_LENGTH} characters`);
      // One task per live call. Page 1 only (depth 10, the base price); one PAA click adds
      // $0.00015 and is refunded when Google shows no questions.
      const task = {
        keyword: escapeKeyword(keyword),
        location_code: market.locationCode,
        language_code: market.languageCode,
        device: "desktop",
        depth: SERP_RESULTS,
        people_also_ask_click_depth: 1,
      };
      const reply = await postJson(options.transport, PROVIDER, url, { Authorization: authorization }, [task]);
      const envelope = readDataForSeoEnvelope(reply, ACTION);
      const first = envelope.tasks?.[0];
      if (!first) throw unexpectedReply(reply, "no task in the answer");
      const costUsd = first.cost ?? envelope.cost ?? 0;
      if (first.status_code !== DATAFORSEO_OK) throw taskFailure(ACTION, first.status_code, first.status_message, costUsd);
      // No result, `items: null` or `items_count: 0` is an empty SERP, not a failure (§1.4).
      const page = SerpPageSchema.safeParse(first.result?.[0] ?? {});
      if (!page.success) throw unexpectedReply(reply, "the result is not a SERP page");
      return { query: page.data.keyword?.trim() || keyword, ...readItems(page.data), costUsd, provider: "dataforseo" };
    },
  };
}

/** DataForSEO URL-decodes `%##` and turns `+` into a space in keywords, so both are sent escaped (§1.1). */
export function escapeKeyword(keyword: string): string {
  return keyword.replace(/%/g, "%25").replace(/\+/g, "%2B");
}

/** The organic results, questions and related searches of a page; every other item type is ignored. */
function readItems(page: SerpPage): Pick<SerpResearch, "results" | "questions" | "relatedSearches"> {
  const results: SerpResearch["results"] = [];
  const questions = new Set<string>();
  const related = new Set<string>();
  const seenUrls = new Set<string>();
  for (const raw of page.items ?? []) {
    const organic = OrganicItemSchema.safeParse(raw);
    if (organic.success) {
      const { url, title, rank_group } = organic.data;
      if (!url || !/^https?:\/\//i.test(url) || seenUrls.has(url) || results.length >= SERP_RESULTS) continue;
      seenUrls.add(url);
      results.push({
        url,
        title: title?.trim() ?? "",
        description: organic.data.description?.trim() ?? "",
        rank: typeof rank_group === "number" && rank_group > 0 ? rank_group : results.length + 1,
      });
      continue;
    }
    const asked = PeopleAlsoAskItemSchema.safeParse(raw);
    if (asked.success) {
      for (const element of asked.data.items ?? []) if (element.title?.trim()) questions.add(element.title.trim());
      continue;
    }
    const searches = RelatedSearchesItemSchema.safeParse(raw);
    if (searches.success) {
      for (const search of searches.data.items ?? []) if (typeof search === "string" && search.trim()) related.add(search.trim());
    }
  }
  results.sort((a, b) => a.rank - b.rank);
  return { results, questions: [...questions], relatedSearches: [...related] };
}
