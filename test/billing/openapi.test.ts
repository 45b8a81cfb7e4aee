import { describe, expect, it } from "vitest";
import { call } from "../harness";

describe("billing in the OpenAPI document", () => {
  it("describes every billing route, the callback without bearer auth", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, unknown> } }>>;
    };
    for (const [path, method] of [
      ["/api/billing/balance", "get"],
      ["/api/billing/packages", "get"],
      ["/api/billing/transactions", "get"],
      ["/api/billing/topup", "post"],
      ["/api/billing/license", "post"],
      ["/api/billing/payments/{merchantOid}", "get"],
      ["/api/billing/byok-key", "put"],
      ["/api/billing/byok-key", "get"],
      ["/api/billing/callback/paytr", "post"],
      ["/api/admin/accounts/{id}/adjustments", "post"],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const callback = doc.paths["/api/billing/callback/paytr"]!.post!;
    expect(callback.security).toEqual([]);
    expect(Object.keys(callback.requestBody!.content)).toEqual(["application/x-www-form-urlencoded"]);
  });
});
