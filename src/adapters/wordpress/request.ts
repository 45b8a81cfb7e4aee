import type { z } from "zod";
import { log } from "../../core/logger";
import { safeWordPressCode, WordPressError } from "./errors";
import { WpErrorSchema } from "./schemas";
import type { Exchange } from "./transport";

/** What an answer of WordPress means for us: the parsed body, or the WordPressError to throw. */
export function readWordPressAnswer<S extends z.ZodType>(
  schema: S,
  exchange: Exchange,
  label: { method: string; route: string; notFound?: string; optionalRoute?: boolean },
): z.infer<S> {
  const { response, text } = exchange;
  if (response.ok) {
    const json = parseJson(text);
    if (json === undefined) {
      logUpstream("wordpress_not_json", exchange, label);
      throw new WordPressError("not_wordpress", "The site answered, but not with the JSON of a WordPress REST API");
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      logUpstream("wordpress_unexpected_shape", exchange, label, { issues: parsed.error.issues.slice(0, 5) });
      throw new WordPressError("server_error", "WordPress answered in a shape we do not understand");
    }
    return parsed.data;
  }
  throw wordPressFailure(exchange, label);
}

function wordPressFailure(
  exchange: Exchange,
  label: { method: string; route: string; notFound?: string; optionalRoute?: boolean },
): WordPressError {
  const { response, text } = exchange;
  const status = response.status;
  const body = WpErrorSchema.safeParse(parseJson(text));
  const code = body.success ? safeWordPressCode(body.data.code) : null;
  if (!(label.optionalRoute && status === 404 && code === "rest_no_route"))
    logUpstream("wordpress_error", exchange, label, { wordpressCode: code });
  const suffix = code ? ` (WordPress code ${code})` : "";

  if (status === 401)
    return new WordPressError("credentials_rejected", `WordPress rejected the user name or application password${suffix}`, code);
  if (
    status === 400 &&
    code === "rest_invalid_param" &&
    treatedAsAnonymous(exchange.url, body.success ? body.data.data?.params : undefined)
  ) {
    return new WordPressError(
      "credentials_rejected",
      `WordPress answered as to an anonymous visitor (drafts are forbidden to it): it rejected the user name or application password${suffix}`,
      code,
    );
  }
  if (status === 403) return new WordPressError("forbidden", `The WordPress user is not allowed to do this${suffix}`, code);
  if (status === 404) {
    if (code && code !== "rest_no_route")
      return new WordPressError("not_found", `${label.notFound ?? "The item"} was not found on the WordPress site${suffix}`, code);
    return new WordPressError("not_wordpress", `No WordPress REST API answers at this address${suffix}`, code);
  }
  if (status === 400 && code === "term_exists") {
    const termId = body.success ? Number(body.data.data?.term_id) : NaN;
    return new WordPressError(
      "term_exists",
      "A term with this name already exists on the WordPress site",
      code,
      Number.isInteger(termId) ? termId : null,
    );
  }
  if (status === 400 && code?.endsWith("_invalid_page_number"))
    return new WordPressError("invalid_page", "The page is past the end of the list", code);
  if (status === 429) return new WordPressError("server_error", "The WordPress site is limiting requests (429); retry later", code);
  if (status >= 400 && status < 500)
    return new WordPressError("refused", `WordPress refused the request with HTTP ${status}${suffix}`, code);
  return new WordPressError("server_error", `The WordPress site failed with HTTP ${status}`, code);
}

/**
 * WordPress ignores an application password it does not accept on some servers and answers as to
 * an anonymous visitor: a request for drafts (`status=draft,…`) is then a 400 "Status is
 * forbidden", not a 401. Only our authenticated lookups ask for such statuses, so that answer
 * means the credentials were rejected.
 */
function treatedAsAnonymous(url: string, params: Record<string, unknown> | undefined): boolean {
  const statuses = new URL(url).searchParams.get("status");
  if (!statuses || statuses.split(",").every((status) => status === "publish")) return false;
  const reason = params?.status;
  return reason === undefined || (typeof reason === "string" && /forbidden/i.test(reason));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return undefined;
  }
}

/** Upstream bodies go to the log only, trimmed; the URL is logged without its query. */
function logUpstream(
  event: string,
  exchange: Exchange,
  label: { method: string; route: string },
  extra: Record<string, unknown> = {},
): void {
  const url = new URL(exchange.url);
  log("warn", event, {
    method: label.method,
    route: label.route,
    host: url.host,
    status: exchange.response.status,
    contentType: exchange.response.headers.get("Content-Type"),
    body: exchange.text.slice(0, 1000),
    ...extra,
  });
}
