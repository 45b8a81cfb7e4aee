import { it } from "vitest";
import { Hono } from "hono";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { seedAccount, seedArticle, call, useVars } from "../harness";
import worker from "../../src/index";
import { createApp } from "../../src/app";

it("prof pieces", async () => {
  useVars({ PUBLIC_RATE_LIMIT_PER_MINUTE: "1000000000" } as never);
  const { token, accountId } = await seedAccount();
  for (let i = 0; i < 20; i++) await seedArticle(accountId, {});
  const path = "https://api.test/api/v1/public/articles";
  await call("/api/v1/public/articles", { token });
  const trivial = new Hono().get("*", (c) => c.json({ success: true }));
  const app = createApp();
  const benv = { ...env, PUBLIC_RATE_LIMIT_PER_MINUTE: "1000000000" } as never;
  const N = 1000;
  const time = async (label: string, f: () => Promise<Response>) => {
    for (let round = 0; round < 2; round++) {
      const a = performance.now();
      let status = 0;
      for (let i = 0; i < N; i++) {
        const r = await f();
        status = r.status;
        await r.arrayBuffer();
      }
      console.log(label, status, "ms/op", ((performance.now() - a) / N).toFixed(3));
    }
  };
  const headers = { Authorization: `Bearer ${token}`, "CF-Connecting-IP": "10.1.1.1" };
  await time("trivial hono", async () => trivial.fetch(new Request(path, { headers })));
  await time("ctx only", async () => {
    const ctx = createExecutionContext();
    await waitOnExecutionContext(ctx);
    return new Response("x");
  });
  await time("app direct (prod services)", async () => {
    const ctx = createExecutionContext();
    const r = await app.fetch(new Request(path, { headers }), benv, ctx);
    await waitOnExecutionContext(ctx);
    return r;
  });
  await time("worker (oauth wrapper)", async () => {
    const ctx = createExecutionContext();
    const r = await worker.fetch!(new Request(path, { headers }) as never, benv, ctx);
    await waitOnExecutionContext(ctx);
    return r as Response;
  });
  await time("app 404", async () => {
    const ctx = createExecutionContext();
    const r = await app.fetch(new Request("https://api.test/zzz", { headers }), env, ctx);
    await waitOnExecutionContext(ctx);
    return r;
  });
});
