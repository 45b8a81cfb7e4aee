import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config";
import type { Env } from "../../src/env";
import { call, seedAccount, seedArticle, seedToken, testEnv, useVars } from "../harness";

// BENCH_RTT_MS (src/services/far.ts) puts a round trip in front of every D1 and Durable Object
// call for the far bench. The service must still answer exactly as it does near: reads, batches
// and the account's object all go through the wrappers.

describe("BENCH_RTT_MS, the far bench's wrapper", () => {
  it("answers reads, batched writes and the rate limiter as without it", async () => {
    useVars({ BENCH_RTT_MS: "1" });
    const { accountId, token } = await seedAccount();
    await seedArticle(accountId, { title: "Far away", status: "published" });
    const { token: reader } = await seedToken(accountId, "public:read");

    const list = await call("/api/v1/public/articles", { token: reader });
    expect(list.status, await list.clone().text()).toBe(200);
    expect(list.headers.get("X-RateLimit-Remaining")).toBe("99");
    expect(((await list.json()) as { data: { title: string }[] }).data.map((a) => a.title)).toEqual(["Far away"]);

    // POST /api/tokens writes the token and its audit event in one D1 batch of wrapped statements.
    const made = await call("/api/tokens", { method: "POST", token, json: { name: "far" } });
    expect(made.status).toBe(201);
    const audit = (await (await call("/api/audit?action=token.created", { token })).json()) as { items: unknown[] };
    expect(audit.items).toHaveLength(1);
  });

  it("reads through D1 sessions (a replica near the Worker, BENCH_REPLICA_RTT_MS) answer as the binding does", async () => {
    useVars({ BENCH_RTT_MS: "1", BENCH_REPLICA_RTT_MS: "1" });
    const { accountId } = await seedAccount();
    await seedArticle(accountId, { title: "From a replica", status: "published" });
    const { token: reader } = await seedToken(accountId, "public:read");
    const list = await call("/api/v1/public/articles", { token: reader });
    expect(list.headers.get("Server-Timing")).toContain("cache;desc=miss");
    expect(((await list.json()) as { data: { title: string }[] }).data.map((a) => a.title)).toEqual(["From a replica"]);
  });

  it("is never on in production", () => {
    const vars = { ...testEnv, BENCH_RTT_MS: "80" } as Env;
    expect(parseConfig({ ...vars, ENVIRONMENT: "bench" }).benchRttMs).toBe(80);
    expect(parseConfig({ ...vars, ENVIRONMENT: "production" }).benchRttMs).toBe(0);
    expect(parseConfig({ ...vars, BENCH_REPLICA_RTT_MS: "5", ENVIRONMENT: "production" }).benchReplicaRttMs).toBe(0);
    expect(() => parseConfig({ ...vars, BENCH_RTT_MS: "far" })).toThrow(/BENCH_RTT_MS/);
  });
});
