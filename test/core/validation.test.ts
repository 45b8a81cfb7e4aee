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
    expect(zodIssues(result.error!)).toStrictEqual([{ path: "items.1.name", message: expect.any(String) }]);
    expect(zodIssues(z.string().safeParse(1).error!)).toStrictEqual([{ path: "(root)", message: expect.any(String) }]);
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
    expect(body.message).toBe("Invalid body field 'name': name must not be empty");
    expect(body.issues.map((issue) => issue.path)).toStrictEqual(["name", "tags"]);
  });

  it("says 'path parameter' and 'query parameter' for those targets", async () => {
    expect(((await (await post("/things/x", "{}")).json()) as { message: string }).message).toBe(
      "Invalid path parameter 'id': id must be digits",
    );
    const query = (await (await post("/things/1?dryRun=maybe", JSON.stringify({ name: "a", tags: [] }))).json()) as { message: string };
    expect(query.message).toMatch(/^Invalid query parameter 'dryRun': /);
  });

  it("refuses unknown body fields of a strict schema and lets a valid request through", async () => {
    const extra = (await (await post("/things/1", JSON.stringify({ name: "a", tags: [], admin: true }))).json()) as {
      message: string;
      issues: { path: string; message: string }[];
    };
    expect(extra.message).toMatch(/^Invalid body field 'admin': /);
    expect(extra.issues[0]!.path).toBe("admin");
    const two = (await (await post("/things/1", JSON.stringify({ name: "a", tags: [], admin: true, root: 1 }))).json()) as {
      issues: { path: string; message: string }[];
    };
    expect(two.issues[0]!.path).toBe("(root)");
    expect(two.issues[0]!.message).toMatch(/admin.*root/);
    expect((await post("/things/1", JSON.stringify({ name: "a", tags: ["x"] }))).status).toBe(200);
  });
});
