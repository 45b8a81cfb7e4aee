import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { validationHook, zodIssues } from "../../src/core/validation";
import type { AppEnv } from "../../src/http/context";
import { handleError } from "../../src/http/errors";
import { jsonBody } from "../../src/http/openapi";

describe("zodIssues", () => {
  it("joins nested paths with dots and names the root", () => {
    const schema = z.object({ items: z.array(z.object({ name: z.string() })) });
    const result = schema.safeParse({ items: [{ name: "ok" }, { name: 3 }] });
    expect(zodIssues(result.error!)).toStrictEqual([{ path: "items.1.name", code: "invalid_type", message: "has the wrong type" }]);
    expect(zodIssues(z.string().safeParse(1).error!)).toStrictEqual([
      { path: "(root)", code: "invalid_type", message: "has the wrong type" },
    ]);
  });

  it("folds zod's codes into a small stable set, with the bounds and plain words", () => {
    const schema = z
      .object({
        name: z.string().min(1),
        title: z.string().min(3).max(5),
        count: z.number().int().min(1).max(9),
        kind: z.enum(["a", "b"]),
        email: z.email(),
      })
      .strict();
    const input = { title: "much too long", count: 10, kind: "c", email: "not an email", extra: 1 };
    const issues = zodIssues(schema.safeParse(input).error!, input);
    expect(issues).toStrictEqual([
      { path: "name", code: "required", message: "is required" },
      { path: "title", code: "too_long", maximum: 5, message: "must have at most 5 characters or items" },
      { path: "count", code: "too_big", maximum: 9, message: "must be at most 9" },
      { path: "kind", code: "invalid_value", message: "is not one of the accepted values" },
      { path: "email", code: "invalid_format", message: "is not in the expected format" },
      { path: "extra", code: "unknown_field", message: "is not a field of this request" },
    ]);
    const short = { name: "", title: "ab", count: 0, kind: "a", email: "a@b.example" };
    expect(zodIssues(schema.safeParse(short).error!, short)).toStrictEqual([
      { path: "name", code: "required", message: "is required" },
      { path: "title", code: "too_short", minimum: 3, message: "must have at least 3 characters or items" },
      { path: "count", code: "too_small", minimum: 1, message: "must be at least 1" },
    ]);
  });
});

describe("validationHook", () => {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(handleError);
  app.openapi(
    createRoute({
      method: "post",
      path: "/things/{id}",
      request: {
        params: z.object({ id: z.string().regex(/^\d+$/, "id must be digits") }),
        query: z.object({ dryRun: z.enum(["true", "false"]).optional() }),
        body: jsonBody(z.object({ name: z.string().min(1, "name must not be empty"), tags: z.array(z.string()).max(2) }).strict()),
      },
      responses: { 200: { description: "ok" } },
    }),
    (c) => c.json({ ok: true }, 200),
  );
  const post = (path: string, body: string) => app.request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body });

  it("names the target and the field of the first issue, and lists all issues", async () => {
    const res = await post("/things/1", JSON.stringify({ name: "", tags: ["a", "b", "c"] }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; code: string; issues: { path: string }[] };
    expect(body.code).toBe("invalid_request");
    expect(body.message).toBe("Body field 'name': name must not be empty");
    expect(body.issues).toStrictEqual([
      { path: "name", code: "required", message: "name must not be empty" },
      { path: "tags", code: "too_long", maximum: 2, message: "must have at most 2 characters or items" },
    ]);
  });

  it("says 'path parameter' and 'query parameter' for those targets", async () => {
    expect(((await (await post("/things/x", "{}")).json()) as { message: string }).message).toBe("Path parameter 'id': id must be digits");
    const query = (await (await post("/things/1?dryRun=maybe", JSON.stringify({ name: "a", tags: [] }))).json()) as { message: string };
    expect(query.message).toBe("Query parameter 'dryRun': is not one of the accepted values");
  });

  it("refuses unknown body fields of a strict schema and lets a valid request through", async () => {
    const extra = (await (await post("/things/1", JSON.stringify({ name: "a", tags: [], admin: true }))).json()) as {
      message: string;
      issues: { path: string; message: string }[];
    };
    expect(extra.message).toBe("Body field 'admin': is not a field of this request");
    expect(extra.issues[0]).toMatchObject({ path: "admin", code: "unknown_field" });
    const two = (await (await post("/things/1", JSON.stringify({ name: "a", tags: [], admin: true, root: 1 }))).json()) as {
      issues: { path: string; message: string }[];
    };
    expect(two.issues[0]).toMatchObject({ path: "(root)", code: "unknown_field", message: "unknown fields: admin, root" });
    expect((await post("/things/1", JSON.stringify({ name: "a", tags: ["x"] }))).status).toBe(200);
  });
});
