import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The fixed list of machine-readable error codes; each maps to one HTTP status. */
const STATUS_BY_CODE = {
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
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

export interface ValidationIssue {
  path: string;
  message: string;
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

/** The body of every error response on both APIs (DESIGN.md, Errors). */
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
