import { z } from "zod";
import { log } from "../../core/logger";
import { ProviderError, type ProviderFailure } from "../provider-error";
import type { ProviderReply } from "../provider-http";
import { COMPETITION_LEVELS, type CompetitionLevel, type KeywordIdea } from "./port";

// Every field optional or null (providers add and drop fields over time).
const KeywordItemSchema = z
  .object({
    keyword: z.string().nullish(),
    keyword_info: z
      .object({ search_volume: z.number().nullish(), competition: z.number().nullish(), competition_level: z.string().nullish() })
      .loose()
      .nullish(),
  })
  .loose();

const TaskSchema = z
  .object({
    status_code: z.number().nullish(),
    status_message: z.string().nullish(),
    cost: z.number().nullish(),
    result: z
      .array(
        z
          .object({ items: z.array(z.unknown()).nullish() })
          .loose()
          .nullish(),
      )
      .nullish(),
  })
  .loose();

/** The envelope of every DataForSEO answer: a request status and one status per task. */
export const EnvelopeSchema = z
  .object({
    status_code: z.number().nullish(),
    status_message: z.string().nullish(),
    cost: z.number().nullish(),
    tasks: z.array(TaskSchema).nullish(),
  })
  .loose();

export type Envelope = z.infer<typeof EnvelopeSchema>;
export type Task = z.infer<typeof TaskSchema>;

export const DATAFORSEO_OK = 20000;

/**
 * What a DataForSEO status code (request or task level) means for us. Only 20000 is success;
 * the documented codes are named, the rest classed by their family.
 */
export function failureForStatusCode(code: number, message: string): ProviderFailure {
  if (code === 40203 || code === 40204) return "quota_exhausted"; // daily spend cap reached; API not active on the account
  if (code === 40202 || /rate[ -]?limit|too many requests/i.test(message)) return "rate_limited";
  if (code === 40100) return "credentials_rejected";
  if (code === 40101) return "unavailable"; // the search engine failed behind DataForSEO
  if (code >= 40200 && code < 40300) return "refused"; // the account may not make this call
  if (code >= 50000) return "unavailable";
  if (code >= 40000) return "bad_request"; // 40000 more than one task, 404xx not found, 405xx invalid field…
  return "unavailable"; // not a documented error range: treat as a passing fault
}

const PROVIDER = "DataForSEO";

/** What a call to one DataForSEO endpoint was for, as our messages name it. */
export interface DataForSeoAction {
  /** "the keyword ideas endpoint" */
  endpoint: string;
  /** "research the keywords" */
  doing: string;
}

/**
 * The envelope of a reply, or the ProviderError its HTTP status or request-level status means.
 * Task statuses are the caller's: it knows which task it sent.
 */
export function readDataForSeoEnvelope(reply: ProviderReply, action: DataForSeoAction): Envelope {
  if (reply.status === 401) return httpFailure("credentials_rejected", "rejected the API login and password (HTTP 401)", reply);
  if (reply.status === 402) return httpFailure("quota_exhausted", "refused to bill the account: check its balance (HTTP 402)", reply);
  if (reply.status === 429) return httpFailure("rate_limited", "is rate limiting the requests; retry later (HTTP 429)", reply);
  if (reply.status >= 500) return httpFailure("unavailable", `failed with HTTP ${reply.status}`, reply);
  if (reply.status === 404)
    return httpFailure("bad_request", `does not know ${action.endpoint}: check DATAFORSEO_BASE_URL (HTTP 404)`, reply);
  if (reply.status !== 200) return httpFailure("bad_request", `refused the request (HTTP ${reply.status})`, reply);
  const parsed = EnvelopeSchema.safeParse(reply.json);
  if (!parsed.success) throw unexpectedReply(reply, "the answer is not the DataForSEO envelope");
  if (parsed.data.status_code !== DATAFORSEO_OK)
    throw taskFailure(action, parsed.data.status_code, parsed.data.status_message, parsed.data.cost);
  return parsed.data;
}

function httpFailure(failure: ProviderFailure, says: string, reply: ProviderReply): never {
  log("warn", "dataforseo_http_error", { status: reply.status, body: reply.text.slice(0, 300) });
  throw new ProviderError(failure, PROVIDER, `${PROVIDER} ${says}`);
}

/** DataForSEO's status message is an explanation meant for the user of the API, not a secret: it goes in our message. */
export function taskFailure(
  action: DataForSeoAction,
  code: number | null | undefined,
  message: string | null | undefined,
  cost: number | null | undefined,
): ProviderError {
  const said = (message ?? "no message").slice(0, 200);
  log("warn", "dataforseo_task_failed", { statusCode: code ?? null, statusMessage: said, costUsd: cost ?? null });
  const failure = typeof code === "number" ? failureForStatusCode(code, said) : "invalid_output";
  return new ProviderError(failure, PROVIDER, `${PROVIDER} could not ${action.doing}: ${said} (status ${code ?? "missing"})`);
}

/** A reply that is not what DataForSEO documents; its body goes to the log only. */
export function unexpectedReply(reply: ProviderReply, what: string): ProviderError {
  log("warn", "dataforseo_unexpected_reply", { status: reply.status, body: reply.text.slice(0, 300) });
  return new ProviderError("invalid_output", PROVIDER, `${PROVIDER} answered in an unexpected form: ${what}`);
}

/** Labs' `competition` (0–1) in the three levels of `competition_level`, for items that lack the level. */
export function competitionFromIndex(competition: number): CompetitionLevel {
  if (competition < 0.34) return "LOW";
  if (competition < 0.67) return "MEDIUM";
  return "HIGH";
}

/**
 * The ideas of one task, in the order received. Items without a keyword, without a positive
 * volume or without any competition figure are dropped: volumes are never invented.
 */
export function ideasFromTask(task: Task, limit: number): KeywordIdea[] {
  const ideas: KeywordIdea[] = [];
  const seen = new Set<string>();
  for (const raw of task.result?.[0]?.items ?? []) {
    const item = KeywordItemSchema.safeParse(raw);
    if (!item.success) continue;
    const keyword = item.data.keyword?.trim();
    const info = item.data.keyword_info;
    const volume = info?.search_volume;
    if (!keyword || seen.has(keyword) || typeof volume !== "number" || !(volume > 0)) continue;
    const level = info?.competition_level?.toUpperCase();
    const competition =
      COMPETITION_LEVELS.find((known) => known === level) ??
      (typeof info?.competition === "number" ? competitionFromIndex(info.competition) : null);
    if (!competition) continue;
    seen.add(keyword);
    ideas.push({ keyword, monthlyVolume: Math.round(volume), competition });
    if (ideas.length >= limit) break;
  }
  return ideas;
}
