import { AppError, type ErrorCode } from "../../core/errors";

/**
 * Why a WordPress call failed, in terms a caller can act on:
 * - `credentials_rejected`: WordPress answered 401 (the application password or user name is refused);
 * - `not_wordpress`: no WordPress REST API answers there (HTML 404, `rest_no_route`, not JSON);
 * - `forbidden`: the user is known but lacks the capability (403);
 * - `not_found`: the item does not exist on the site (404 with a WordPress code);
 * - `term_exists`: a category or tag of that name exists (`data.term_id` tells which);
 * - `invalid_page`: a page past the end of a collection;
 * - `refused`: any other 4xx from WordPress (invalid parameter, upload refused…);
 * - `server_error`: a 5xx or a reply we cannot read; `unreachable`: network failure; `timeout`.
 */
export type WordPressFailure =
  | "credentials_rejected"
  | "not_wordpress"
  | "forbidden"
  | "not_found"
  | "term_exists"
  | "invalid_page"
  | "refused"
  | "server_error"
  | "unreachable"
  | "timeout";

const CODE_BY_FAILURE: Record<WordPressFailure, ErrorCode> = {
  credentials_rejected: "wordpress_credentials_rejected",
  not_wordpress: "site_unavailable",
  forbidden: "wordpress_refused",
  not_found: "not_found",
  term_exists: "term_exists",
  invalid_page: "unprocessable",
  refused: "wordpress_refused",
  server_error: "site_unavailable",
  unreachable: "site_unavailable",
  timeout: "site_timeout",
};

/** A failed WordPress call: an AppError (so unhandled it still renders as our 4xx/502/504) with the reason kept. */
export class WordPressError extends AppError {
  constructor(
    readonly failure: WordPressFailure,
    message: string,
    /** WordPress's own error code (`rest_forbidden`, `term_exists`…) when it sent one. */
    readonly wordpressCode: string | null = null,
    /** For `term_exists`: the id of the existing term. */
    readonly existingTermId: number | null = null,
  ) {
    super(CODE_BY_FAILURE[failure], message);
    this.name = "WordPressError";
  }
}

export function isWordPressFailure(error: unknown, failure: WordPressFailure): error is WordPressError {
  return error instanceof WordPressError && error.failure === failure;
}

/** WordPress error codes are short identifiers; anything else is not echoed to our callers. */
export function safeWordPressCode(code: unknown): string | null {
  return typeof code === "string" && /^[a-z0-9_]{1,64}$/i.test(code) ? code : null;
}
