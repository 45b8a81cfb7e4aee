import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { ERROR_CODES, ISSUE_CODES } from "../core/errors";
import type { AppEnv } from "./context";

export const ValidationIssueSchema = z
  .object({
    path: z
      .string()
      .openapi({ description: "The field, as a dotted path into the request (`items.1.name`), or `(root)`", example: "name" }),
    code: z.enum(ISSUE_CODES).openapi({ description: "What is wrong with the field, as a stable word (docs/errors.md)" }),
    message: z.string().openapi({ description: "The same in plain English", example: "is required" }),
    minimum: z.number().optional().openapi({ description: "The lower bound, for too_short, too_small and out_of_range" }),
    maximum: z.number().optional().openapi({ description: "The upper bound, for too_long, too_big and out_of_range" }),
  })
  .openapi("ValidationIssue");

export const ErrorSchema = z
  .object({
    success: z.literal(false),
    statusCode: z.number().int().openapi({ example: 404 }),
    message: z.string().openapi({ description: "Plain English for API users; clients translate by `code`", example: "Article not found" }),
    code: z
      .enum(ERROR_CODES)
      .openapi({ description: "A stable machine word; each has one HTTP status (docs/errors.md)", example: "not_found" }),
    issues: z.array(ValidationIssueSchema).optional().openapi({ description: "For a 400 about fields: one entry per field" }),
  })
  .openapi("Error");

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: malformed JSON, wrong types or out-of-range values",
  401: "Missing, malformed, unknown, expired or revoked API token",
  402: "Insufficient credit",
  403: "Token scope, licence or quota does not allow this",
  404: "Not found, or belongs to another account",
  409: "The current state forbids this action",
  413: "Body too large",
  415: "Unsupported media type",
  416: "Range not satisfiable; Content-Range gives the size",
  422: "Well-formed but refused (for example rejected credentials)",
  429: "Rate limit exceeded; see Retry-After",
  502: "The connected platform or provider failed",
  504: "The connected platform or provider did not answer in time",
};

/** OpenAPI response entries for the given error statuses, all with the one error shape. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: ERROR_DESCRIPTIONS[status] ?? "Error", content: { "application/json": { schema: ErrorSchema } } },
    ]),
  );
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/** A required JSON body: a missing or non-JSON body is validated (400) rather than skipped. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

/** One tag per area; every operation has exactly one of them (test/http/openapi-lint.test.ts). */
export const OPERATION_TAGS = [
  { name: "Public read API", description: "Read-only article API for sites and static builds (`/api/v1/public`)" },
  { name: "Account", description: "The account that owns the token" },
  { name: "Tokens", description: "API tokens of the account" },
  { name: "Members", description: "The account's members and roles, invitations, and the audit log (docs/guides/teams.md)" },
  { name: "Operator", description: "Operator routes (ADMIN_TOKEN)" },
  { name: "Billing", description: "Credits, payments and BYOK licences" },
  { name: "Sites", description: "Connecting WordPress, XenForo and custom sites; the brief" },
  { name: "Existing posts", description: "A blog's existing posts: sync, list, improve" },
  { name: "Internal links", description: "A site's internal link graph (orphans, broken links) and link suggestions: apply, revert" },
  { name: "Site health", description: "Cannibalised queries, pages without traction, and the actions taken on them" },
  { name: "Live blog administration", description: "WordPress categories, tags, comments, pages, media and settings" },
  { name: "Plans", description: "Content plans and their items" },
  { name: "Articles", description: "The account's articles: list, read, edit, publish" },
  { name: "Agent", description: "A site's chat agent" },
  { name: "Report", description: "The last 30 days in figures" },
  { name: "Webhooks", description: "Signed deliveries to custom sites" },
  { name: "Media", description: "Image uploads and public media files" },
];

/** Serves the OpenAPI 3.1 document generated from the route schemas. */
export function mountOpenApiDocument(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "API token: `sap_` followed by 40 letters and digits",
  });
  // Generating the document takes tens of milliseconds and it never changes while the isolate
  // lives: it is made once per origin the API is reached by (a few: the custom domain, workers.dev).
  const documents = new Map<string, string>();
  app.get("/api/openapi.json", (c) => {
    const origin = new URL(c.req.url).origin;
    let body = documents.get(origin);
    if (!body) {
      const document = app.getOpenAPI31Document({
        openapi: "3.1.0",
        info: {
          title: "Content Autopilot API",
          version: "1.0.0",
          description: "Public read API (`/api/v1/public`) and management API (`/api`). Every error has the shape of the Error schema.",
        },
        servers: [{ url: origin }],
        tags: OPERATION_TAGS,
        security: [{ bearerAuth: [] }],
      });
      body = JSON.stringify(withBodyLimitAnswers(document));
      if (documents.size >= 16) documents.delete(documents.keys().next().value!);
      documents.set(origin, body);
    }
    return c.body(body, 200, { "Content-Type": "application/json" });
  });
}

/** The body limits (src/http/body-limits.ts) answer 413 before any route that takes a body: each such operation lists it. */
function withBodyLimitAnswers<D extends { paths?: object }>(document: D): D {
  const tooLarge = {
    description: ERROR_DESCRIPTIONS[413],
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
  for (const operations of Object.values((document.paths ?? {}) as Record<string, object>)) {
    for (const operation of Object.values(operations) as { requestBody?: unknown; responses?: Record<string, unknown> }[]) {
      if (operation?.requestBody && operation.responses && !operation.responses["413"]) operation.responses["413"] = tooLarge;
    }
  }
  return document;
}
