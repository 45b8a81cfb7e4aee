// `npm run bench:item`: one plan item end to end (research, writing, checks, fact check, score,
// hero image, record) with the offline providers, against `wrangler dev --local`. Seeds an account
// with credit, connects a custom site, makes an offline plan of BENCH_ITEMS items and runs each
// with POST /api/autopilot/items/{id}/run one after another, printing the median and the worst
// wall time of a run as the caller sees it. Env: BENCH_PORT (8799), BENCH_ITEMS (8).
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { percentile } from "./load.mjs";
import { seedBenchAccount } from "./seed.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8799);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 8);
const STATE = ".wrangler/bench-item-state";
const BASE = `http://127.0.0.1:${PORT}`;
const TOKEN = `sap_${"i".repeat(40)}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };
// What `npm run dev` runs with (scripts/dev.mjs): the offline providers, a development key.
const VARS = {
  ENVIRONMENT: "development",
  ENCRYPTION_KEY: "ZGV2LW9ubHktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
  TEXT_PROVIDER: "offline",
  IMAGE_PROVIDER: "offline",
  KEYWORD_PROVIDER: "offline",
  ARTICLE_PRICES_TRY: JSON.stringify({ "offline-draft": "10.00" }),
};

function run(command, args) {
  const result = spawnSync(command, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

rmSync(STATE, { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
const d1Dir = join(STATE, "v3/d1/miniflare-D1DatabaseObject");
const sqlitePath = join(
  d1Dir,
  readdirSync(d1Dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite"),
);
seedBenchAccount(sqlitePath, { accountId: "acc_benchItem0000000", token: TOKEN, count: 0 });
new DatabaseSync(sqlitePath).prepare("UPDATE accounts SET credit_balance_kurus = 100000000 WHERE id = 'acc_benchItem0000000'").run();

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
    ...Object.entries(VARS).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    "--log-level",
    "warn",
  ],
  { env, stdio: ["ignore", "ignore", "inherit"] },
);

async function api(method, path, body) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error("wrangler dev exited");
    try {
      if ((await fetch(`${BASE}/api/openapi.json`)).ok) break;
    } catch {}
    if (i > 120) throw new Error("wrangler dev did not become ready");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const site = await api("POST", "/api/platforms/custom/connect", {
    url: "https://bench-bakery.example.invalid",
    businessContext: "A family bakery writing about sourdough, rye and pastry at home",
  });
  const plan = await api("POST", "/api/autopilot/plans", { siteId: site.id, articleCount: ITEMS, cadencePerWeek: 7 });
  const times = [];
  for (const item of plan.items) {
    const start = performance.now();
    await api("POST", `/api/autopilot/items/${item.id}/run`);
    times.push(performance.now() - start);
  }
  // The first run warms the isolate and the Workflow engine: reported apart.
  const [first, ...rest] = times;
  const sorted = [...rest].sort((a, b) => a - b);
  console.log(
    `item run, offline providers (${rest.length} runs after a first of ${first.toFixed(0)} ms): median ${percentile(sorted, 50).toFixed(0)} ms, worst ${sorted.at(-1).toFixed(0)} ms`,
  );
} finally {
  server.kill("SIGTERM");
}
