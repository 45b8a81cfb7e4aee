import { describe, expect, it } from "vitest";
import { call } from "../harness";

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, any>; required?: string[] }>;
    securitySchemes: Record<string, unknown>;
  };
  security: unknown[];
}

async function fetchDocument(): Promise<Document> {
  const res = await call("/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await res.json()) as Document;
}

const param = (op: Operation, name: string) => op.parameters?.find((p) => p.name === name);

/** Follows a `$ref` to its component schema. */
function resolve(
  doc: Document,
  schema: Record<string, unknown>,
): { properties?: Record<string, any>; required?: string[] } & Record<string, any> {
  const ref = schema.$ref as string | undefined;
  return ref ? doc.components.schemas[ref.split("/").at(-1)!]! : schema;
}

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document served without a token, with bearer security", async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toStrictEqual([{ bearerAuth: [] }]);
  });

  it("lists every route of the foundation", async () => {
    const doc = await fetchDocument();
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        "GET /api/v1/public/articles",
        "GET /api/v1/public/articles/{id}",
        "GET /api/v1/public/articles/{id}/images",
        "GET /api/auth/me",
        "GET /api/tokens",
        "POST /api/tokens",
        "DELETE /api/tokens/{id}",
        "POST /api/admin/accounts",
      ]),
    );
  });

  it("describes the list parameters with their limits, values and defaults", async () => {
    const doc = await fetchDocument();
    const list = doc.paths["/api/v1/public/articles"]!.get!;
    expect(list.parameters!.map((p) => p.name).sort()).toStrictEqual([
      "language",
      "order",
      "page",
      "per_page",
      "search",
      "site",
      "sort",
      "status",
    ]);
    for (const p of list.parameters!) {
      expect(p.in).toBe("query");
      expect(p.required ?? false).toBe(false);
    }
    expect(param(list, "per_page")!.schema).toMatchObject({ default: 10, minimum: 1, maximum: 100 });
    expect(param(list, "page")!.schema).toMatchObject({ default: 1, minimum: 1 });
    expect(param(list, "sort")!.schema).toMatchObject({ enum: ["created_at", "updated_at", "title", "word_count"], default: "created_at" });
    expect(param(list, "order")!.schema).toMatchObject({ enum: ["asc", "desc"], default: "desc" });
    expect(param(list, "status")!.schema).toMatchObject({ enum: expect.arrayContaining(["draft", "pending", "published", "archived"]) });
    expect(param(list, "search")!.schema).toMatchObject({ maxLength: 200 });
    expect(param(list, "site")!.schema).toMatchObject({ type: "string", pattern: expect.stringContaining("site_") });
    expect(Object.keys(list.responses).sort()).toEqual(expect.arrayContaining(["200", "400", "401", "429"]));
  });

  it("describes the public envelope and the Article fields of the spec", async () => {
    const doc = await fetchDocument();
    const list = resolve(doc, doc.paths["/api/v1/public/articles"]!.get!.responses["200"]!.content!["application/json"]!.schema);
    expect(Object.keys(list.properties!).sort()).toStrictEqual(["data", "meta", "success"]);
    const meta = resolve(doc, list.properties!.meta);
    expect(Object.keys(meta.properties!).sort()).toStrictEqual(["current_page", "last_page", "per_page", "total"]);
    const article = doc.components.schemas.PublicArticle!;
    expect(Object.keys(article.properties!)).toEqual(
      expect.arrayContaining([
        "id",
        "title",
        "slug",
        "content",
        "excerpt",
        "featured_image",
        "images",
        "meta",
        "word_count",
        "language",
        "status",
        "published_at",
        "url",
        "site_id",
      ]),
    );
    expect(Object.keys(doc.components.schemas.PublicImage!.properties!).sort()).toStrictEqual(["alt_text", "id", "is_featured", "url"]);
  });

  it("describes path ids and the request bodies of tokens and accounts", async () => {
    const doc = await fetchDocument();
    for (const [path, method] of [
      ["/api/v1/public/articles/{id}", "get"],
      ["/api/v1/public/articles/{id}/images", "get"],
      ["/api/tokens/{id}", "delete"],
    ] as const) {
      expect(param(doc.paths[path]![method]!, "id"), path).toMatchObject({ in: "path", required: true });
    }
    const createToken = doc.paths["/api/tokens"]!.post!;
    expect(createToken.requestBody!.required).toBe(true);
    const tokenBody = resolve(doc, createToken.requestBody!.content["application/json"]!.schema);
    expect(Object.keys(tokenBody.properties!).sort()).toStrictEqual(["name", "role", "scope"]);
    expect(tokenBody.required).toStrictEqual(["name"]);
    expect(tokenBody.properties!.scope).toMatchObject({ enum: ["public:read", "manage"], default: "manage" });
    expect(tokenBody).toMatchObject({ additionalProperties: false });
    // The created token is the ApiToken record plus the secret.
    const created = resolve(doc, createToken.responses["201"]!.content!["application/json"]!.schema) as { allOf: Record<string, any>[] };
    expect(created.allOf[0]).toStrictEqual({ $ref: "#/components/schemas/ApiToken" });
    expect(created.allOf[1]).toMatchObject({ properties: { token: { type: "string" } }, required: ["token"] });
    expect(Object.keys(doc.components.schemas.ApiToken!.properties!).sort()).toStrictEqual([
      "createdAt",
      "expiresAt",
      "id",
      "lastFour",
      "lastUsedAt",
      "memberId",
      "name",
      "prefix",
      "revokedAt",
      "role",
      "scope",
      "status",
    ]);

    const accountBody = resolve(doc, doc.paths["/api/admin/accounts"]!.post!.requestBody!.content["application/json"]!.schema);
    expect(Object.keys(accountBody.properties!)).toStrictEqual(["email"]);
    expect(doc.paths["/api/admin/accounts"]!.post!.responses).toHaveProperty("409");
  });

  it("documents every error response with the one Error schema", async () => {
    const doc = await fetchDocument();
    expect(Object.keys(doc.components.schemas.Error!.properties!).sort()).toStrictEqual([
      "code",
      "issues",
      "message",
      "statusCode",
      "success",
    ]);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) < 400) continue;
          expect(response.content?.["application/json"]?.schema, `${method} ${path} ${status}`).toStrictEqual({
            $ref: "#/components/schemas/Error",
          });
        }
      }
    }
  });

  it("documents 413 on every operation that takes a body (the body limits answer it before any route)", async () => {
    const doc = await fetchDocument();
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if ((op as { requestBody?: unknown }).requestBody && !op.responses["413"]) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
