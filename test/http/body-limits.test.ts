import { describe, expect, it } from "vitest";
import { apiTokens } from "../../src/db/schema";
import { eq } from "drizzle-orm";
import { call, db, expectError, seedAccount } from "../harness";

describe("JSON bodies are limited and echoes are short (hardening issue)", () => {
  it("answers 413 in the error shape for a body over 1 MB, with or without Content-Length, and stores nothing", async () => {
    const { accountId, token } = await seedAccount();
    const big = JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) });
    const declared = await expectError(
      await call("/api/tokens", { method: "POST", token, body: big, headers: { "Content-Type": "application/json" } }),
      413,
      "payload_too_large",
    );
    expect(declared.message).toBe("The request body is larger than 1 MB");
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 12; i++)
          controller.enqueue(new TextEncoder().encode(i === 0 ? `{"name":"${"y".repeat(100_000)}` : "y".repeat(100_000)));
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
      },
    });
    await expectError(
      await call("/api/tokens", {
        method: "POST",
        token,
        body: streamed,
        headers: { "Content-Type": "application/json" },
        duplex: "half",
      } as RequestInit),
      413,
      "payload_too_large",
    );
    expect(await db().select().from(apiTokens).where(eq(apiTokens.accountId, accountId))).toHaveLength(1);
  });

  it("cuts an echoed unknown key to a sane length", async () => {
    const { token } = await seedAccount();
    const key = "k".repeat(200_000);
    const res = await call("/api/tokens", { method: "POST", token, json: { name: "ci", [key]: 1 } });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text.length).toBeLessThan(1_000);
    const body = JSON.parse(text) as { message: string; issues: { path: string }[] };
    expect(body.issues[0]!.path).toBe(`${"k".repeat(100)}…`);
  });

  it("lets an article's HTML be larger than 1 MB of request (PATCH takes 2 MB; its own limit on html answers)", async () => {
    const { token } = await seedAccount();
    const res = await call("/api/autopilot/articles/999999", { method: "PATCH", token, json: { html: "ğ".repeat(600_000) } });
    const body = await expectError(res, 400, "invalid_request");
    expect(body.message).toMatch(/html/);
  });
});
