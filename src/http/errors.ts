import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, errorBody } from "../core/errors";
import { errorFields, log } from "../core/logger";
import type { AppEnv } from "./context";

/** Hono's own exceptions (malformed JSON, body limits) become AppErrors with the same status. */
function fromHttpException(error: HTTPException, c: Context<AppEnv>): AppError {
  if (error.status === 413) return new AppError("payload_too_large", error.message || "Request body too large");
  // The body validator refuses a body of another Content-Type with 415; a wrong content type
  // is a 400 on every route (docs/decisions.md; 415 stays for uploads whose bytes are of an unaccepted type).
  if (error.status === 415) {
    const given = c.req.header("Content-Type") ?? "none";
    return new AppError(
      "invalid_request",
      `Unsupported Content-Type '${given}' for this route; send the body as the route documents (JSON unless stated otherwise)`,
    );
  }
  if (error.status === 401) return new AppError("unauthorized", error.message || "Unauthorized");
  if (error.status >= 400 && error.status < 500) {
    const message = /json/i.test(error.message) ? "Malformed JSON in request body" : error.message || "Bad request";
    return new AppError("invalid_request", message);
  }
  return new AppError("internal_error", "Internal server error");
}

/** The one place where errors become responses: our shape for every error, details only in the log. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  let appError: AppError;
  if (error instanceof AppError) appError = error;
  else if (error instanceof HTTPException) appError = fromHttpException(error, c);
  else appError = new AppError("internal_error", "Internal server error; please retry later");

  if (appError.status >= 500) {
    log("error", "request_failed", { requestId: c.get("requestId"), method: c.req.method, path: c.req.path, ...errorFields(error) });
  }
  const response = c.json(errorBody(appError), appError.status);
  for (const [name, value] of Object.entries(appError.headers ?? {})) response.headers.set(name, value);
  return response;
}

export function handleNotFound(c: Context<AppEnv>): Response {
  return handleError(new AppError("not_found", `No route for ${c.req.method} ${c.req.path}`), c);
}
