import createClient from "openapi-fetch";
import { takeEarlyRead } from "../lib/early-read-key";
import type { components, paths } from "./schema";

/** The API's named schemas, for typing screens: `Schemas["Article"]`. */
export type Schemas = components["schemas"];

type Issue = Pick<Schemas["ValidationIssue"], "path" | "code" | "minimum" | "maximum">;

/** An answer of the API that is not a success: status, the API's code and (English) message, field issues. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's stable code (docs/errors.md): the panel's words are chosen by it; "network" when no answer came. */
    readonly code: string,
    message: string,
    readonly issues: Issue[] = [],
    /** Seconds until a 429 may be retried (Retry-After). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }

  /** The issue on `path` (a field name, or a dotted path), or on something inside it, if the API named one. */
  issueFor(path: string): Issue | undefined {
    return this.issues.find((issue) => issue.path === path || issue.path.startsWith(`${path}.`));
  }
}

/** Whether `error` is the API's answer with this code (docs/errors.md): how a screen tells one refusal from another. */
export function hasErrorCode(error: unknown, code: Schemas["Error"]["code"]): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

// A pasted `manage` token is held in memory only (never in storage): reloading the page signs out.
let bearerToken: string | null = null;
let language = "en";
const unauthorizedListeners = new Set<() => void>();

export function setBearerToken(token: string | null): void {
  bearerToken = token;
}
export function setApiLanguage(next: string): void {
  language = next;
}
/** Called whenever the API answers 401 (the session ended): the app returns to sign-in. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The headers every call carries, for the few calls made outside the client (uploads, for their progress). */
export function requestHeaders(): Record<string, string> {
  return { "Accept-Language": language, ...(bearerToken ? { Authorization: `Bearer ${bearerToken}` } : {}) };
}

/** Tells the app the session ended (a 401 seen outside the client). */
export function notifyUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
}

/** The panel's client: same origin, the session cookie, typed from the Worker's OpenAPI document. */
export const api = createClient<paths>({
  baseUrl: "",
  credentials: "same-origin",
  // The page's first reads may have been started before this code ran (web/src/early-reads.js).
  fetch: (request: Request) => takeEarlyRead(request) ?? globalThis.fetch(request),
});
api.use({
  onRequest({ request }) {
    for (const [name, value] of Object.entries(requestHeaders())) request.headers.set(name, value);
    return request;
  },
  onResponse({ response, request }) {
    const isSessionRoute = new URL(request.url).pathname.startsWith("/api/session");
    if (response.status === 401 && !isSessionRoute) notifyUnauthorized();
    return response;
  },
});

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful answer, or an ApiError with the API's words. */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call;
  } catch {
    throw new ApiError(0, "network", "");
  }
  if (answer.response.ok) return answer.data as T;
  const body = (answer.error ?? {}) as Partial<Schemas["Error"]>;
  const retryAfter = Number(answer.response.headers.get("Retry-After"));
  throw new ApiError(
    answer.response.status,
    body.code ?? "unknown",
    body.message ?? answer.response.statusText,
    body.issues ?? [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}
