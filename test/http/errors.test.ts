import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError, codeToStatus, ERROR_CODES, errorBody, notFound } from "../../src/core/errors";
import type { AppEnv } from "../../src/http/context";
import { handleError, handleNotFound } from "../../src/http/errors";
import { call, expectError, seedAccount, seedSite, seedToken } from "../harness";
import { createPlanVia } from "../plans/helpers";

/** A tiny app with the service's own error handlers, to throw what no real route throws. */
function appThrowing(error: unknown) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.notFound(handleNotFound);
  app.get("/boom", () => {
    throw error;
  });
  return app;
}

afterEach(() => vi.restoreAllMocks());

describe("error responses", () => {
  it("turns an uncaught error into a generic 500, with the details in the log only", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await appThrowing(new Error("db password=hunter2 at line 7")).request("/boom");
    expect(res.status).toBe(500);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const text = await res.text();
    expect(JSON.parse(text)).toStrictEqual({
      success: false,
      statusCode: 500,
      message: "Internal server error; please retry later",
      code: "internal_error",
    });
    expect(text).not.toContain("hunter2");
    expect(logged).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(logged.mock.calls[0]![0])) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "error",
      event: "request_failed",
      method: "GET",
      path: "/boom",
      error: "db password=hunter2 at line 7",
    });
  });

  it("renders an AppError with its status, code, message and extra headers, without logging 4xx", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await appThrowing(new AppError("rate_limited", "Slow down", undefined, { "Retry-After": "30" })).request("/boom");
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("30");
    expect(await res.json()).toStrictEqual({ success: false, statusCode: 429, message: "Slow down", code: "rate_limited" });
    expect(logged).not.toHaveBeenCalled();
  });

  it("keeps our own message on upstream errors and logs them", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await appThrowing(new AppError("upstream_error", "The blog answered with an error")).request("/boom");
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: "upstream_error", message: "The blog answered with an error" });
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("includes validation issues when there are some", async () => {
    const res = await appThrowing(
      new AppError("invalid_request", "Body field 'name': is required", [{ path: "name", code: "required", message: "is required" }]),
    ).request("/boom");
    expect(await res.json()).toStrictEqual({
      success: false,
      statusCode: 400,
      message: "Body field 'name': is required",
      code: "invalid_request",
      issues: [{ path: "name", code: "required", message: "is required" }],
    });
  });

  it("maps Hono's own exceptions onto our codes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const cases: [HTTPException, number, string][] = [
      [new HTTPException(400, { message: "Malformed JSON in request body" }), 400, "invalid_request"],
      [new HTTPException(401, { message: "Unauthorized" }), 401, "unauthorized"],
      [new HTTPException(413, { message: "Payload Too Large" }), 413, "payload_too_large"],
      [new HTTPException(415, { message: "Unsupported Media Type" }), 400, "invalid_request"],
      [new HTTPException(503, { message: "internal detail" }), 500, "internal_error"],
    ];
    for (const [exception, status, code] of cases) {
      const body = await expectError(await appThrowing(exception).request("/boom"), status, code);
      expect(body.message).not.toContain("internal detail");
    }
  });

  it("answers unknown routes with a 404 in the error shape", async () => {
    const { token } = await seedAccount();
    for (const path of ["/", "/nope", "/api", "/api/v1", "/api/v1/public", "/api/unknown", "/api/tokens/x/y"]) {
      const res = await call(path, { token });
      const body = await expectError(res, 404, "not_found");
      expect(body.message, path).toContain(path === "/" ? "GET /" : path);
    }
    // A method a route does not have is 404 too.
    await expectError(await call("/api/v1/public/articles", { method: "POST", token }), 404, "not_found");
    await expectError(await call("/api/auth/me", { method: "DELETE", token }), 404, "not_found");
  });

  it("does not tell a caller without a token which management routes exist", async () => {
    await expectError(await call("/api/unknown"), 401, "unauthorized");
    await expectError(await call("/api/tokens"), 401, "unauthorized");
  });
});

describe("real requests answer with a specific code, its one status and field issues by code", () => {
  type Issue = { path: string; code: string; message: string; minimum?: number; maximum?: number };
  const issuesOf = (body: unknown) => (body as { issues?: Issue[] }).issues ?? [];

  it("names a missing, a too long and an unknown field by path and issue code, in plain words", async () => {
    const { token } = await seedAccount();
    const missing = await expectError(await call("/api/tokens", { method: "POST", token, json: {} }), 400, "invalid_request");
    expect(issuesOf(missing)).toContainEqual(expect.objectContaining({ path: "name", code: "required" }));
    expect(missing.message).not.toMatch(/Invalid body field/);

    const long = await expectError(
      await call("/api/tokens", { method: "POST", token, json: { name: "x".repeat(101) } }),
      400,
      "invalid_request",
    );
    expect(issuesOf(long)).toContainEqual(expect.objectContaining({ path: "name", code: "too_long", maximum: 100 }));

    const unknown = await expectError(
      await call("/api/tokens", { method: "POST", token, json: { name: "Shop", owner: "me" } }),
      400,
      "invalid_request",
    );
    expect(issuesOf(unknown)).toContainEqual(expect.objectContaining({ path: "owner", code: "unknown_field" }));
  });

  it("refuses a site address as invalid_address with the issue on the field that holds it", async () => {
    const { token } = await seedAccount();
    const ftp = await expectError(
      await call("/api/platforms/custom/connect", { method: "POST", token, json: { url: "ftp://shop.example", businessContext: "Shop" } }),
      400,
      "invalid_address",
    );
    expect(issuesOf(ftp)).toStrictEqual([expect.objectContaining({ path: "url", code: "invalid_format" })]);
    const privateHook = await expectError(
      await call("/api/platforms/custom/connect", {
        method: "POST",
        token,
        json: { url: "https://shop.example", webhookUrl: "http://10.1.2.3/hook", businessContext: "Shop" },
        vars: { ALLOW_PRIVATE_URLS: "false" },
      }),
      400,
      "invalid_address",
    );
    expect(issuesOf(privateHook)).toStrictEqual([expect.objectContaining({ path: "webhookUrl", code: "private_address" })]);
  });

  it("gives a top-up out of range an out_of_range issue with its bounds", async () => {
    const { token } = await seedAccount();
    const body = await expectError(
      await call("/api/billing/topup", { method: "POST", token, json: { amountTry: 1 } }),
      400,
      "invalid_request",
    );
    expect(issuesOf(body)).toStrictEqual([expect.objectContaining({ path: "amountTry", code: "out_of_range", minimum: 50 })]);
  });

  it("says which state forbids an action: the last manage token, a draft plan paused", async () => {
    const { accountId, token } = await seedAccount();
    const tokens = (await (await call("/api/tokens", { token })).json()) as { id: string }[];
    await expectError(await call(`/api/tokens/${tokens[0]!.id}`, { method: "DELETE", token }), 409, "last_manage_token");

    const site = await seedSite(accountId, { businessContext: "Home baking: sourdough bread, rye bread" });
    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 2, cadencePerWeek: 1 });
    await expectError(await call(`/api/autopilot/plans/${plan.id}/pause`, { method: "POST", token }), 409, "plan_not_active");
  });

  it("answers a run without credit 402 insufficient_credit, and a public:read token 403 insufficient_scope", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 0 });
    const site = await seedSite(accountId, { businessContext: "Home baking: sourdough bread, rye bread" });
    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 1, cadencePerWeek: 1 });
    await expectError(await call(`/api/autopilot/items/${plan.items[0]!.id}/run`, { method: "POST", token }), 402, "insufficient_credit");

    const { token: reader } = await seedToken(accountId, "public:read");
    await expectError(await call("/api/sites", { token: reader }), 403, "insufficient_scope");
  });

  it("builds the not-found body", () => {
    expect(errorBody(notFound("Site"))).toStrictEqual({ success: false, statusCode: 404, message: "Site not found", code: "not_found" });
  });

  it("documents every code once in the OpenAPI error schema, and each code has one status", async () => {
    const document = (await (await call("/api/openapi.json")).json()) as {
      components: { schemas: { Error: { properties: { code: { enum: string[] } } } } };
    };
    const documented = document.components.schemas.Error.properties.code.enum;
    expect([...documented].sort()).toStrictEqual([...ERROR_CODES].sort());
    // The generic codes keep their statuses (clients written against them go on working).
    expect(
      Object.fromEntries(
        (["not_found", "unauthorized", "rate_limited", "internal_error"] as const).map((code) => [code, codeToStatus(code)]),
      ),
    ).toStrictEqual({ not_found: 404, unauthorized: 401, rate_limited: 429, internal_error: 500 });
  });
});
