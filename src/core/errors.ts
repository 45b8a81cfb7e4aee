import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The fixed list of machine-readable error codes, each with its one HTTP status. The generic
 * codes come first; the specific ones say what an owner met, so a client (the panel) can explain
 * it in the owner's language without reading the English message. docs/errors.md lists them all.
 */
const STATUS_BY_CODE = {
  // Generic: any route may answer these.
  invalid_request: 400,
  unauthorized: 401,
  insufficient_credit: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
  upstream_error: 502,
  upstream_timeout: 504,

  // 400: the request itself is wrong in a way a field issue alone does not say.
  invalid_address: 400,
  wrong_password: 400,
  invitation_invalid: 400,
  invitation_other_email: 400,
  sign_in_link_invalid: 400,
  sign_up_link_invalid: 400,
  empty_file: 400,
  unsubscribe_link_invalid: 400,

  // 403: the account may not do this (yet).
  insufficient_scope: 403,
  insufficient_role: 403,
  site_not_allowed: 403,
  signup_closed: 403,
  byok_licence_missing: 403,
  byok_licence_expired: 403,
  byok_key_missing: 403,
  byok_quota_used: 403,

  // 404/410: a link that leads nowhere (any more).
  approval_link_unknown: 404,
  approval_link_expired: 410,
  export_link_unknown: 404,
  export_expired: 410,

  // 409: the thing is in a state that does not allow it.
  email_taken: 409,
  site_already_connected: 409,
  site_in_error: 409,
  site_credentials_missing: 409,
  wrong_platform: 409,
  forum_not_chosen: 409,
  webhook_url_missing: 409,
  plan_completed: 409,
  plan_has_no_items: 409,
  plan_not_active: 409,
  plan_item_not_editable: 409,
  item_already_published: 409,
  item_in_review: 409,
  item_busy: 409,
  item_not_run: 409,
  article_already_published: 409,
  article_archived: 409,
  article_busy: 409,
  slug_taken: 409,
  brief_changed: 409,
  improvement_missing: 409,
  improvement_already_applied: 409,
  improvement_superseded: 409,
  improvement_busy: 409,
  post_changed_on_site: 409,
  nothing_to_revert: 409,
  health_action_busy: 409,
  connector_outdated: 409,
  post_not_scanned: 409,
  last_manage_token: 409,
  last_owner: 409,
  already_member: 409,
  sign_in_to_accept: 409,
  article_not_in_review: 409,
  article_changed: 409,
  approval_answered: 409,
  term_exists: 409,
  delivery_in_progress: 409,
  google_not_configured: 409,
  google_not_connected: 409,
  keyword_already_planned: 409,
  keyword_same_topic: 409,
  item_not_improvable: 409,
  account_closing: 409,
  account_not_closing: 409,
  password_not_set: 409,
  export_not_ready: 409,
  link_suggestion_stale: 409,
  link_suggestion_busy: 409,
  link_not_applied: 409,

  // 422: understood, but the site, the platform or the content says no.
  site_unreachable: 422,
  not_wordpress: 422,
  wordpress_credentials_rejected: 422,
  wordpress_refused: 422,
  site_credentials_rejected: 422,
  forum_key_rejected: 422,
  forum_unavailable: 422,
  forum_refused: 422,
  forum_no_writable_node: 422,
  forum_node_not_allowed: 422,
  too_many_posts: 422,
  keyword_market_unsupported: 422,
  no_usable_keywords: 422,
  article_failed_checks: 422,
  improvement_failed_checks: 422,
  hero_image_rejected: 422,
  image_corrupt: 422,
  image_too_large: 422,
  byok_key_rejected: 422,
  byok_model_unavailable: 422,
  search_console_property_unknown: 422,

  // 502/504: a system we depend on failed or was slow; our message, its details in the log.
  site_unavailable: 502,
  payment_provider_error: 502,
  key_check_failed: 502,
  site_timeout: 504,
  payment_provider_timeout: 504,
  key_check_timeout: 504,
  run_still_running: 504,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

/** Every error code, in the table's order (for the OpenAPI enum and the panel's catalogue test). */
export const ERROR_CODES = Object.keys(STATUS_BY_CODE) as [ErrorCode, ...ErrorCode[]];

/**
 * What is wrong with one field, as a stable word: a client phrases it in its own language with
 * the field's label and, for the size codes, `minimum` / `maximum`.
 */
export const ISSUE_CODES = [
  "required",
  "too_short",
  "too_long",
  "too_small",
  "too_big",
  "out_of_range",
  "invalid_format",
  "invalid_value",
  "invalid_type",
  "unknown_field",
  "not_found",
  "private_address",
  "incorrect",
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

export interface ValidationIssue {
  /** The field, as a dotted path into the request ("items.1.name"), or "(root)". */
  path: string;
  code: IssueCode;
  /** Plain English for API users; clients translate by `code`. */
  message: string;
  minimum?: number;
  maximum?: number;
}

/** The one error type of the service: thrown anywhere, turned into JSON at the edge. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ValidationIssue[],
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): ContentfulStatusCode {
    return codeToStatus(this.code);
  }
}

export function codeToStatus(errorCode: ErrorCode): ContentfulStatusCode {
  return STATUS_BY_CODE[errorCode];
}

/** The body of every error response on both APIs (docs/guides/authentication.md). */
export interface ErrorBody {
  success: false;
  statusCode: number;
  message: string;
  code: ErrorCode;
  issues?: ValidationIssue[];
}

export function errorBody(error: AppError): ErrorBody {
  const body: ErrorBody = {
    success: false,
    statusCode: error.status,
    message: error.message,
    code: error.code,
  };
  if (error.issues) body.issues = error.issues;
  return body;
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
