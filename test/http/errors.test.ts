import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError, codeToStatus, errorBody, notFound } from "../../src/core/errors";
import type { AppEnv } from "../../src/http/context";
import { handleError, handleNotFound } from "../../src/http/errors";
import { call, expectError, seedAccount } from "../harness";

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
      new AppError("invalid_request", "Invalid body field 'name'", [{ path: "name", message: "Required" }]),
    ).request("/boom");
    expect(await res.json()).toStrictEqual({
      success: false,
      statusCode: 400,
      message: "Invalid body field 'name'",
      code: "invalid_request",
      issues: [{ path: "name", message: "Required" }],
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

describe("core/errors", () => {
  it("maps each code to one status", () => {
    expect(codeToStatus("invalid_request")).toBe(400);
    expect(codeToStatus("unauthorized")).toBe(401);
    expect(codeToStatus("insufficient_credit")).toBe(402);
    expect(codeToStatus("forbidden")).toBe(403);
    expect(codeToStatus("not_found")).toBe(404);
    expect(codeToStatus("conflict")).toBe(409);
    expect(codeToStatus("payload_too_large")).toBe(413);
    expect(codeToStatus("unsupported_media_type")).toBe(415);
    expect(codeToStatus("unprocessable")).toBe(422);
    expect(codeToStatus("rate_limited")).toBe(429);
    expect(codeToStatus("internal_error")).toBe(500);
    expect(codeToStatus("upstream_error")).toBe(502);
    expect(codeToStatus("upstream_timeout")).toBe(504);
  });

  it("builds the error body and the not-found message", () => {
    expect(errorBody(notFound("Site"))).toStrictEqual({ success: false, statusCode: 404, message: "Site not found", code: "not_found" });
  });
});
