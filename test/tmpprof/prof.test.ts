import { env } from "cloudflare:test";
import { it } from "vitest";
import { createDb } from "../../src/db/client";
import { parseConfig } from "../../src/config";
import { buildServices } from "../../src/services/container";
import { sha256Hex } from "../../src/core/crypto";

it("prof", async () => {
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < 1e6; i++) x += i;
  const t1 = performance.now();
  console.log("loop", t1 - t0, x, Date.now());
  const N = 2000;
  let a = performance.now();
  for (let i = 0; i < N; i++) createDb(env.DB);
  console.log("createDb ms/op", (performance.now() - a) / N);
  a = performance.now();
  for (let i = 0; i < N; i++) buildServices(env as never);
  console.log("buildServices ms/op", (performance.now() - a) / N);
  a = performance.now();
  for (let i = 0; i < N; i++) await sha256Hex(`acc_x https://x/api/v1/public/articles?${i}`);
  console.log("sha ms/op", (performance.now() - a) / N);
  a = performance.now();
  for (let i = 0; i < N; i++) { const u = new URL(`https://x/api/v1/public/articles?b=${i}&a=2`); u.searchParams.sort(); u.toString(); }
  console.log("url ms/op", (performance.now() - a) / N);
  void parseConfig;
});
