import { AppError, type ErrorCode } from "../../core/errors";

/**
 * Why a call to a forum failed. `key_rejected` is the one that means "the stored credentials
 * no longer work" (site status ERROR); `not_xenforo`, `unreachable`, `api_disabled` and
 * `redirected` mean "this URL does not serve a usable XenForo API" (a 422 when connecting).
 */
export type XenForoFailure =
  | "key_rejected"
  | "not_xenforo"
  | "unreachable"
  | "api_disabled"
  | "redirected"
  | "timeout"
  | "server_error"
  | "unexpected_reply"
  | "permission"
  | "not_found"
  | "refused";

const CODE_BY_FAILURE: Record<XenForoFailure, ErrorCode> = {
  key_rejected: "forum_key_rejected",
  not_xenforo: "site_unavailable",
  unreachable: "site_unavailable",
  api_disabled: "site_unavailable",
  redirected: "site_unavailable",
  timeout: "site_timeout",
  server_error: "site_unavailable",
  unexpected_reply: "site_unavailable",
  permission: "forum_refused",
  not_found: "forum_refused",
  refused: "forum_refused",
};

/** A failed XenForo call, already in our error shape; `failure` says which kind. */
export class XenForoError extends AppError {
  constructor(
    readonly failure: XenForoFailure,
    message: string,
  ) {
    super(CODE_BY_FAILURE[failure], message);
    this.name = "XenForoError";
  }
}

/** The URL does not lead to a XenForo REST API we can use (as opposed to a rejected key). */
export function isForumUnavailable(error: unknown): error is XenForoError {
  return error instanceof XenForoError && ["not_xenforo", "unreachable", "api_disabled", "redirected"].includes(error.failure);
}

export function isKeyRejected(error: unknown): error is XenForoError {
  return error instanceof XenForoError && error.failure === "key_rejected";
}

const SCOPE_NAME = /^[a-z_]+:[a-z_]+$/;

/**
 * Our message for a XenForo error reply. Only the machine-readable `code` is read (the
 * `message` may be translated); the upstream text itself goes to the log only.
 */
export function errorFromXenForoCode(status: number, code: string | undefined, params: unknown, userId: number): XenForoError {
  switch (code) {
    case "no_api_key_in_request":
    case "api_key_not_found":
      return new XenForoError("key_rejected", "The forum rejected the API key: no such key exists on this forum");
    case "api_key_inactive":
      return new XenForoError("key_rejected", "The forum rejected the API key: the key is deactivated");
    case "user_id_not_allowed":
      return new XenForoError(
        "key_rejected",
        `The API key cannot act as forumUserId ${userId}: it is a guest key or a user key of another forum user`,
      );
    case "user_id_not_valid":
      return new XenForoError("key_rejected", `The forum has no user with id ${userId} (forumUserId)`);
    case "missing_scope": {
      const scope = (params as { scope?: unknown } | null)?.scope;
      const named = typeof scope === "string" && SCOPE_NAME.test(scope) ? ` '${scope}'` : "";
      return new XenForoError("key_rejected", `The forum's API key lacks the scope${named} this needs`);
    }
    case "api_disabled":
      return new XenForoError("api_disabled", "The forum's REST API is switched off");
    case "requested_page_not_found":
      return new XenForoError("not_found", "The forum says the forum, thread or post does not exist (it may have been deleted)");
  }
  if (status === 403) return new XenForoError("permission", `The forum user ${userId} is not allowed to do this on the forum`);
  if (status >= 500) return new XenForoError("server_error", `The forum failed with HTTP ${status}`);
  return new XenForoError("refused", `The forum refused the request (HTTP ${status})`);
}
