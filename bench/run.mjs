// `npm run bench`: the public read API under load against `wrangler dev --local`.
// Seeds one account with 10,000 articles and one with 100,000 (search target), then measures
// requests per second and p50/p95/p99 of list, filtered list, deep page, search and detail (repeated
// reads: answered from the cache after the first), a revalidation (If-None-Match: 304) and first
// reads of 10,000 different pages (the D1 path), next to two floors under the same `wrangler dev
// --local`: a Worker that does nothing, and the app's own deployment doing nothing (the one the
// API's own cost is read against).
// Env: BENCH_PORT (8797), BENCH_SECONDS (10), BENCH_CONNECTIONS ("1,8"), BENCH_LARGE (100000),
//      BENCH_ONLY (run only the scenarios whose name contains it, next to the floors),
//      BENCH_WORDPRESS=1 or WP_URL (also measure a WordPress given the same 10,000 posts: its own
//      peer from scripts/wordpress-peer on BENCH_WP_PORT, 8882, stopped afterwards),
//      BENCH_RTT_MS (a far reader: that many ms before every D1 and Durable Object call, as
//      src/services/far.ts adds them; the scenarios are named with " (far)"),
//      BENCH_REPLICA_RTT_MS (with BENCH_RTT_MS: a D1 read replica that near, for reads in a D1
//      session; the scenarios are named " (far, replica)").
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { measure, measureWithFetch, percentile } from "./load.mjs";
import { SEARCH_WORDS, seedBenchAccount } from "./seed.mjs";
import { seedWordPressFrom, startBenchWordPress, stopBenchWordPress } from "./wordpress.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? "1,8").split(",").map(Number);
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 0);
const REPLICA_RTT_MS = RTT_MS > 0 ? Number(process.env.BENCH_REPLICA_RTT_MS ?? 0) : 0;
const FAR = RTT_MS > 0 ? (REPLICA_RTT_MS > 0 ? " (far, replica)" : " (far)") : "";
// WordPress given the same 10,000 posts (its own peer on BENCH_WP_PORT): BENCH_WORDPRESS=1, or WP_URL set.
const WORDPRESS = process.env.BENCH_WORDPRESS === "1" || Boolean(process.env.WP_URL);
const WP_BENCH_PORT = Number(process.env.BENCH_WP_PORT ?? 8882);
const STATE = ".wrangler/bench-state";
// The floor the API's own cost is read against: the API's own deployment (wrangler.toml: its
// bindings, its static-assets router) with a fetch that does nothing but answer as many bytes as
// the list (bench/floor/app-floor.ts; docs/scale.md).
const APP_FLOOR = "floor: the app's deployment doing nothing";
const APP_FLOOR_CONFIG = "wrangler.bench-floor.toml";
const BASE = `http://127.0.0.1:${PORT}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };
const TOKEN_A = `sap_${"a".repeat(40)}`;
const TOKEN_B = `sap_${"b".repeat(40)}`;

function run(command, args) {
  const result = spawnSync(command, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

async function waitUntilReady(server, url) {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error("wrangler dev exited");
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("wrangler dev did not become ready");
}

console.log(`Seeding: account A with 10,000 articles, account B with ${LARGE.toLocaleString("en")} …`);
const t = Date.now();
rmSync(STATE, { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
const d1Dir = join(STATE, "v3/d1/miniflare-D1DatabaseObject");
const sqliteFile = readdirSync(d1Dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
const sqlitePath = join(d1Dir, sqliteFile);
seedBenchAccount(sqlitePath, { accountId: "acc_benchA0000000000", token: TOKEN_A, count: 10_000, seed: 1 });
seedBenchAccount(sqlitePath, { accountId: "acc_benchB0000000000", token: TOKEN_B, count: LARGE, seed: 2 });
console.log(`Seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);

const server = spawn(
  "wrangler",
  [
    "dev",
    "--local",
    "--port",
    String(PORT),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    STATE,
    "--show-interactive-dev-session=false",
    "--var",
    "ENVIRONMENT:bench",
    "--var",
    "PUBLIC_RATE_LIMIT_PER_MINUTE:1000000000",
    "--var",
    `BENCH_RTT_MS:${RTT_MS}`,
    "--var",
    `BENCH_REPLICA_RTT_MS:${REPLICA_RTT_MS}`,
    "--log-level",
    "warn",
  ],
  { env, stdio: ["ignore", "ignore", "inherit"] },
);
const FLOOR = `http://127.0.0.1:${PORT + 1}`;
const FLOOR_APP = `http://127.0.0.1:${PORT + 2}`;
let floorServer;
let floorAppServer;
const results = {};
try {
  await waitUntilReady(server, `${BASE}/api/openapi.json`);
  // Started only now: two `wrangler dev` starting at once collide on an internal socket.
  floorServer = spawn(
    "wrangler",
    [
      "dev",
      "--local",
      "--config",
      "bench/floor/wrangler.toml",
      "--port",
      String(PORT + 1),
      "--ip",
      "127.0.0.1",
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
    ],
    { env, stdio: ["ignore", "ignore", "inherit"] },
  );
  await waitUntilReady(floorServer, FLOOR);
  // The app floor: wrangler.toml with the do-nothing entry (written next to it, so its paths hold).
  writeFileSync(
    APP_FLOOR_CONFIG,
    readFileSync("wrangler.toml", "utf8")
      .replace(/^name = .*$/m, 'name = "bench-app-floor"')
      .replace(/^main = .*$/m, 'main = "bench/floor/app-floor.ts"'),
  );
  floorAppServer = spawn(
    "wrangler",
    [
      "dev",
      "--local",
      "--config",
      APP_FLOOR_CONFIG,
      "--port",
      String(PORT + 2),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      `${STATE}-floor`,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
    ],
    { env, stdio: ["ignore", "ignore", "inherit"] },
  );
  await waitUntilReady(floorAppServer, `${FLOOR_APP}/api/bytes`);
  const auth = (token) => ({ Authorization: `Bearer ${token}` });
  const ids = Array.from({ length: 200 }, (_, i) => 1 + ((i * 7919) % 10_000));
  // Spelled as users type them: `kahvalti` finds `kahvaltı`, `kopru` finds `köprü`.
  const searchWords = Object.keys(SEARCH_WORDS).map((word) => word.replace("ı", "i").replace("ö", "o").replace("ü", "u"));
  const listBytes = (await (await fetch(`${BASE}/api/v1/public/articles`, { headers: auth(TOKEN_A) })).arrayBuffer()).byteLength;
  // [name, token (none: a floor), requests, origin (the API, or the plain floor)]
  const scenarios = [
    ["floor: a Worker that does nothing", null, [{ path: "/" }]],
    [APP_FLOOR, null, [{ path: `/api/bytes?n=${listBytes}` }], FLOOR_APP],
    ["list (10k, defaults)", TOKEN_A, [{ path: "/api/v1/public/articles" }]],
    ["filtered list (10k)", TOKEN_A, [{ path: "/api/v1/public/articles?status=published&language=tr&sort=title&order=asc&per_page=20" }]],
    ["deep page (10k, page 300 of 400)", TOKEN_A, [{ path: "/api/v1/public/articles?page=300&per_page=25&sort=word_count" }]],
    ["detail (10k)", TOKEN_A, ids.map((id) => ({ path: `/api/v1/public/articles/${id}` }))],
    ["search (10k)", TOKEN_A, searchWords.map((w) => ({ path: `/api/v1/public/articles?search=${encodeURIComponent(w)}` }))],
    [`list (${LARGE / 1000}k)`, TOKEN_B, [{ path: "/api/v1/public/articles" }]],
    [
      `search (${LARGE / 1000}k, one word)`,
      TOKEN_B,
      searchWords.map((w) => ({ path: `/api/v1/public/articles?search=${encodeURIComponent(w)}` })),
    ],
    [
      `search (${LARGE / 1000}k, two words + filter)`,
      TOKEN_B,
      searchWords.map((w, i) => ({
        path: `/api/v1/public/articles?status=published&search=${encodeURIComponent(`${w} ${searchWords[(i + 3) % searchWords.length]}`)}`,
      })),
    ],
  ];
  // Revalidation: the client sends back the ETag it got (a 304 answered from the content version).
  // The ETag is read right before the run (it carries the 5-minute period), so `requests` is a function.
  const listEtag = async () => (await fetch(`${BASE}/api/v1/public/articles`, { headers: auth(TOKEN_A) })).headers.get("etag");
  scenarios.push([
    "revalidation (10k list, If-None-Match)",
    TOKEN_A,
    async () => [{ path: "/api/v1/public/articles", headers: { ...auth(TOKEN_A), "If-None-Match": await listEtag() } }],
  ]);
  // First reads: 10,000 different pages (400 pages × 25 page sizes), so every request misses the cache and queries D1.
  const uncached = Array.from({ length: 10_000 }, (_, i) => ({
    path: `/api/v1/public/articles?page=${1 + ((i * 7919) % 400)}&per_page=${10 + (Math.floor(i / 400) % 25)}`,
  }));
  // Each connection level starts elsewhere in the list, so it does not meet the pages the level before cached.
  const levelStart = (list) => {
    let runs = 0;
    return () => {
      const start = (runs++ * 3_000) % list.length;
      return [...list.slice(start), ...list.slice(0, start)];
    };
  };
  scenarios.push(["first reads (10k, uncached pages)", TOKEN_A, levelStart(uncached)]);
  // First searches: one common word over 100,000 articles, a different page each time (the count runs every time).
  const firstSearches = Array.from({ length: 10_000 }, (_, i) => ({
    path: `/api/v1/public/articles?search=${encodeURIComponent(searchWords[i % searchWords.length])}&page=${1 + Math.floor(i / searchWords.length)}&per_page=5`,
  }));
  scenarios.push([`first searches (${LARGE / 1000}k, one word, uncached)`, TOKEN_B, levelStart(firstSearches)]);
  const only = process.env.BENCH_ONLY;
  if (only) scenarios.splice(0, scenarios.length, ...scenarios.filter(([name, token]) => !token || name.includes(only)));
  await measure({ url: BASE, headers: auth(TOKEN_A), requests: scenarios[1][2], seconds: 2, connections: 4 }); // warm-up
  for (const connections of CONNECTION_LEVELS) {
    for (const [name, token, requests, origin] of scenarios) {
      const url = origin ?? (token ? BASE : FLOOR);
      const list = typeof requests === "function" ? await requests() : requests;
      results[`${name}${token ? FAR : ""} @${connections}`] = await measure({
        url,
        headers: token ? auth(token) : {},
        requests: list,
        seconds: SECONDS,
        connections,
      });
    }
  }

  // The API's own cost: the repeated list against the app floor at 1 connection, alternated in
  // short rounds so that both see the same moment of a busy machine; the median of the rounds.
  const ownCost = [];
  if (!only || "list (10k, defaults)".includes(only)) {
    for (let round = 0; round < 5; round++) {
      const floor = await measure({
        url: FLOOR_APP,
        headers: {},
        requests: [{ path: `/api/bytes?n=${listBytes}` }],
        seconds: 3,
        connections: 1,
      });
      const list = await measure({
        url: BASE,
        headers: auth(TOKEN_A),
        requests: [{ path: "/api/v1/public/articles" }],
        seconds: 3,
        connections: 1,
      });
      ownCost.push(list.p50 - floor.p50);
    }
    ownCost.sort((a, b) => a - b);
    results[`own cost: repeated list over the app floor${FAR} @1`] = { p50: percentile(ownCost, 50), rounds: ownCost };
  }

  // The limiter's own cost, as the Worker reports it in Server-Timing (sequential requests).
  const limiterMs = [];
  for (let i = 0; i < 300; i++) {
    const response = await fetch(`${BASE}/api/v1/public/articles/1`, { headers: auth(TOKEN_A) });
    await response.arrayBuffer();
    const match = /ratelimit;dur=(\d+(?:\.\d+)?)/.exec(response.headers.get("server-timing") ?? "");
    if (match) limiterMs.push(Number(match[1]));
  }
  limiterMs.sort((a, b) => a - b);
  results[`rate limiter (Server-Timing)${FAR}`] = {
    p50: percentile(limiterMs, 50),
    p95: percentile(limiterMs, 95),
    p99: percentile(limiterMs, 99),
    requests: limiterMs.length,
  };

  if (WORDPRESS) {
    // The same 10,000 articles in a WordPress of their own, read anonymously and with the application password.
    const peer = startBenchWordPress(WP_BENCH_PORT);
    try {
      const seeded = seedWordPressFrom(sqlitePath, "acc_benchA0000000000", peer);
      console.log(`WordPress at ${peer.url}: ${seeded.posts} posts loaded in ${(seeded.ms / 1000).toFixed(1)} s`);
      const basic = Buffer.from(`${peer.user}:${peer.appPassword}`).toString("base64");
      const wpRequests = [{ path: "/wp-json/wp/v2/posts?per_page=10" }];
      for (const connections of CONNECTION_LEVELS) {
        results[`WordPress posts?per_page=10, anonymous @${connections}`] = await measureWithFetch({
          url: peer.url,
          headers: {},
          requests: wpRequests,
          seconds: SECONDS,
          connections,
        });
        results[`WordPress posts?per_page=10, app password @${connections}`] = await measureWithFetch({
          url: peer.url,
          headers: { Authorization: `Basic ${basic}` },
          requests: wpRequests,
          seconds: SECONDS,
          connections,
        });
      }
    } finally {
      stopBenchWordPress(WP_BENCH_PORT);
    }
  }
} finally {
  server.kill("SIGTERM");
  floorServer?.kill("SIGTERM");
  floorAppServer?.kill("SIGTERM");
  rmSync(APP_FLOOR_CONFIG, { force: true });
}

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : "-");
console.log(
  `\n${SECONDS} s per scenario at ${CONNECTION_LEVELS.join(" and ")} connections (@N), wrangler dev --local on this machine${RTT_MS > 0 ? `, ${RTT_MS} ms before every D1 and Durable Object call` : ""}${REPLICA_RTT_MS > 0 ? ` (${REPLICA_RTT_MS} ms for reads in a D1 session: a near replica)` : ""}\n`,
);
console.log(
  `${"scenario".padEnd(52) + "req/s".padStart(9) + "p50 ms".padStart(9) + "p95 ms".padStart(9) + "p99 ms".padStart(9)}  statuses`,
);
for (const [name, r] of Object.entries(results)) {
  console.log(
    name.padEnd(52) +
      fmt(r.rps).padStart(9) +
      fmt(r.p50).padStart(9) +
      fmt(r.p95).padStart(9) +
      fmt(r.p99).padStart(9) +
      "  " +
      JSON.stringify(r.statuses ?? {}),
  );
}
// The figures the targets are stated in: repeat reads' own cost over the floor behind the assets
// router, and the list against WordPress given the same posts.
for (const connections of CONNECTION_LEVELS) {
  const list = results[`list (10k, defaults)${FAR} @${connections}`];
  const wordpress = results[`WordPress posts?per_page=10, anonymous @${connections}`];
  if (wordpress && list)
    console.log(`@${connections}: the list reads ${(list.rps / wordpress.rps).toFixed(1)}× WordPress (anonymous) per second`);
}
const own = results[`own cost: repeated list over the app floor${FAR} @1`];
if (own)
  console.log(
    `@1: the repeated list's own cost over the app floor: ${own.p50.toFixed(2)} ms p50 (median of ${own.rounds.length} alternated rounds: ${own.rounds.map((ms) => ms.toFixed(2)).join(", ")})`,
  );
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  `bench/results/latest${RTT_MS > 0 ? "-far" : ""}${REPLICA_RTT_MS > 0 ? "-replica" : ""}.json`,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      seconds: SECONDS,
      connections: CONNECTION_LEVELS,
      rttMs: RTT_MS,
      replicaRttMs: REPLICA_RTT_MS,
      results,
    },
    null,
    2,
  ),
);
