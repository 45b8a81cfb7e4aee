// `npm run bench:cron`: the autopilot clock under load, against `wrangler dev --local`.
// Seeds 10,000 ACTIVE plans with FINISHED published items (1,000,000 by default), 10,000 FAILED,
// 10,000 scheduled far ahead and 50 items coming due per tick, fires TICKS cron ticks through
// /cdn-cgi/local/scheduled (each 5 minutes of scheduled time later, each once the runs the last one
// started have ended), and prints the time per tick and the query plans of the clock's two
// queries; then the same with 10× fewer finished items, to show the cost does not follow them.
// Env: BENCH_PORT (8798), BENCH_TICKS (20), BENCH_FINISHED (1000000), BENCH_SETTLE_MS (60000:
// the longest wait for a tick's runs to end).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { percentile } from "./load.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const TICKS = Number(process.env.BENCH_TICKS ?? 20);
const FINISHED = Number(process.env.BENCH_FINISHED ?? 1_000_000);
const PLANS = 10_000;
const DUE_PER_TICK = 50;
const STATE = ".wrangler/bench-cron-state";
const BASE = `http://127.0.0.1:${PORT}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };
const TICK_MS = 5 * 60_000;
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 60_000);
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

function run(command, args) {
  const result = spawnSync(command, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/** A fresh local D1 with the clock's worst realistic shape; returns the SQLite file and the first tick's time. */
function seed(finished) {
  rmSync(STATE, { recursive: true, force: true });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  const dir = join(STATE, "v3/d1/miniflare-D1DatabaseObject");
  const file = join(
    dir,
    readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite"),
  );
  const db = new DatabaseSync(file);
  const start = Date.now() + 60 * 60_000; // ticks run in the future, so nothing seeded "now" is due by accident
  const past = iso(Date.now() - 30 * 86_400_000);
  const research = JSON.stringify({
    keywordProvider: "offline",
    textProvider: "offline",
    textModel: "offline-draft",
    volumesAreEstimates: true,
    seeds: [],
    ideasFound: 0,
    ideasUsable: 0,
    costUsd: 0,
    inputTokens: 0,
    outputTokens: 0,
  });
  db.exec("BEGIN");
  db.exec(
    `INSERT INTO accounts (id, email, credit_balance_kurus, created_at) VALUES ('acc_benchcron00000000', 'cron@bench.local', 100000000, '${past}')`,
  );
  db.exec(
    `INSERT INTO sites (id, account_id, platform, url) VALUES ('site_benchcron0000000', 'acc_benchcron00000000', 'custom', 'https://bench.invalid')`,
  );
  const item = (id, plan, position, status, scheduledAt) =>
    `SELECT ${id}, ${plan}, 'acc_benchcron00000000', 'site_benchcron0000000', ${position}, 'Title', 'keyword', 'keyword', 100, 'LOW', '${status}', ${scheduledAt}`;
  const columns =
    "(id, plan_id, account_id, site_id, position, title, target_keyword, keyword_key, monthly_volume, competition, status, scheduled_at, attempts, progress_at)";
  const ran = `, 1, '${past}'`; // finished items ran once and stopped moving long ago
  const notRun = ", 0, NULL";
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${PLANS})
    INSERT INTO plans (id, account_id, site_id, status, article_count, cadence_per_week, research, approved_at)
    SELECT 'plan_' || printf('%011d', i), 'acc_benchcron00000000', 'site_benchcron0000000', 'ACTIVE', 100, 3, '${research}', '${past}' FROM n`);
  // Finished items, spread over the plans; their times are in the past (they were due once).
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${finished})
    INSERT INTO plan_items ${columns}
    ${item("'item_f' || printf('%010d', i)", `'plan_' || printf('%011d', 1 + i % ${PLANS})`, "i", "PUBLISHED", `'${past}'`)}${ran} FROM n`);
  // One failed item per plan: neither due nor running, so neither query may read it.
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${PLANS})
    INSERT INTO plan_items ${columns}
    ${item("'item_x' || printf('%010d', i)", "'plan_' || printf('%011d', i)", "500 + i", "FAILED", `'${past}'`)}${ran} FROM n`);
  // One item per plan scheduled in the far future: SCHEDULED but never due during the bench.
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${PLANS})
    INSERT INTO plan_items ${columns}
    ${item("'item_l' || printf('%010d', i)", "'plan_' || printf('%011d', i)", "1000 + i", "SCHEDULED", `'${iso(start + 365 * 86_400_000)}'`)}${notRun} FROM n`);
  // 50 items coming due before each tick.
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${TICKS * DUE_PER_TICK - 1})
    INSERT INTO plan_items ${columns}
    ${item("'item_d' || printf('%010d', i)", `'plan_' || printf('%011d', 1 + i % ${PLANS})`, "2000 + i", "SCHEDULED", `strftime('%Y-%m-%dT%H:%M:%SZ', ${Math.floor(start / 1000)} + (i / ${DUE_PER_TICK}) * ${TICK_MS / 1000} - 60, 'unixepoch')`)}${notRun} FROM n`);
  db.exec("COMMIT");
  db.exec("ANALYZE");
  const plans = {
    due: db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM plan_items AS due INDEXED BY plan_items_due_idx WHERE status = 'SCHEDULED' AND scheduled_at <= ? AND EXISTS (SELECT 1 FROM plans WHERE plans.id = due.plan_id AND plans.status = 'ACTIVE') ORDER BY scheduled_at LIMIT 100`,
      )
      .all(iso(start))
      .map((row) => row.detail),
    stuck: db
      .prepare(`EXPLAIN QUERY PLAN SELECT id FROM plan_items WHERE status IN ('QUEUED', 'GENERATING') AND progress_at < ? LIMIT 100`)
      .all(iso(start))
      .map((row) => row.detail),
  };
  // The due statement alone, as the Worker sends it (rolled back each time), in SQLite in-process.
  const dueUpdate = db.prepare(`
    UPDATE plan_items SET status = 'QUEUED', attempts = attempts + 1, stage = 'queued', progress_at = ?1, updated_at = ?1
    WHERE status = 'SCHEDULED' AND id IN (
      SELECT id FROM plan_items AS due INDEXED BY plan_items_due_idx
      WHERE status = 'SCHEDULED' AND scheduled_at <= ?1
        AND EXISTS (SELECT 1 FROM plans WHERE plans.id = due.plan_id AND plans.status = 'ACTIVE')
      ORDER BY scheduled_at LIMIT 100)
    RETURNING id, account_id, attempts`);
  const statementMs = [];
  for (let i = 0; i < 20; i++) {
    db.exec("BEGIN");
    const t0 = performance.now();
    const rows = dueUpdate.all(iso(start));
    statementMs.push(performance.now() - t0);
    if (rows.length !== DUE_PER_TICK) throw new Error(`expected ${DUE_PER_TICK} due items, got ${rows.length}`);
    db.exec("ROLLBACK");
  }
  statementMs.sort((a, b) => a - b);
  plans.stuckWithBoundStatuses = db
    .prepare("EXPLAIN QUERY PLAN SELECT id FROM plan_items WHERE status IN (?, ?) AND progress_at < ? LIMIT 100")
    .all("QUEUED", "GENERATING", iso(start))
    .map((row) => row.detail);
  plans.update = db
    .prepare(`EXPLAIN QUERY PLAN ${dueUpdate.sourceSQL}`)
    .all(iso(start))
    .map((row) => row.detail);
  plans.statementMs = { p50: percentile(statementMs, 50), max: statementMs.at(-1) };
  const counts = db.prepare("SELECT status, count(*) AS n FROM plan_items GROUP BY status").all();
  db.close();
  return { file, start, plans, counts };
}

async function waitUntilReady(server) {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error("wrangler dev exited");
    try {
      if ((await fetch(`${BASE}/api/openapi.json`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("wrangler dev did not become ready");
}

/** Waits until no item is QUEUED or GENERATING (read beside workerd, retried while it writes); returns the wait. */
async function untilRunsEnd(file) {
  const t0 = performance.now();
  for (;;) {
    let running = 1;
    try {
      const db = new DatabaseSync(file, { readOnly: true });
      running = db.prepare("SELECT count(*) AS n FROM plan_items WHERE status IN ('QUEUED', 'GENERATING')").get().n;
      db.close();
    } catch {} // busy: look again
    if (running === 0) return performance.now() - t0;
    if (performance.now() - t0 > SETTLE_MS) throw new Error(`${running} run(s) still in flight after ${SETTLE_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function measure(finished) {
  let t = Date.now();
  const { file, start, plans, counts } = seed(finished);
  const seedSeconds = (Date.now() - t) / 1000;
  console.log(
    `Seeded ${finished.toLocaleString("en")} finished items in ${seedSeconds.toFixed(1)} s: ${counts.map((c) => `${c.status} ${c.n}`).join(", ")}`,
  );
  let log = "";
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
      "ENVIRONMENT:development",
      "--var",
      "TEXT_PROVIDER:offline",
      "--var",
      "IMAGE_PROVIDER:offline",
      "--var",
      "KEYWORD_PROVIDER:offline",
      // The bench moves the scheduled time 5 minutes a tick while runs progress in real time:
      // without this they would look stuck after six ticks and be restarted.
      "--var",
      "STUCK_RUN_MINUTES:1000000",
      "--var",
      `ARTICLE_PRICES_TRY:${JSON.stringify({ "offline-draft": "5.00" })}`,
    ],
    { env, stdio: ["ignore", "pipe", "inherit"] },
  );
  server.stdout.on("data", (chunk) => (log += chunk));
  const wall = [];
  const settle = [];
  try {
    await waitUntilReady(server);
    for (let tick = 0; tick < TICKS; tick++) {
      // The runs the last tick started go on in the background (the generation queue's consumer
      // and their Workflows, ~7 s for 50 offline runs here): ticking while they run measures them
      // (a fixed 3 s pause gave 330 ms ticks that were 10 ms inside the Worker), so wait them out.
      settle.push(await untilRunsEnd(file));
      await new Promise((resolve) => setTimeout(resolve, 300));
      t = performance.now();
      const response = await fetch(`${BASE}/cdn-cgi/local/scheduled?time=${start + tick * TICK_MS}`);
      await response.text();
      wall.push(performance.now() - t);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    server.kill("SIGTERM");
  }
  const ticks = [...log.matchAll(/\{"level":"info","event":"cron_tick",[^\n]*\}/g)].map((match) => JSON.parse(match[0]));
  const inside = ticks.map((tick) => tick.ms).sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  const queued = ticks.reduce((sum, tick) => sum + tick.queuedItems, 0);
  settle.sort((a, b) => a - b);
  return {
    finished,
    seedSeconds,
    ticks: wall.length,
    queued,
    runsEndedMs: { p50: percentile(settle, 50), max: settle.at(-1) },
    wallMs: { p50: percentile(wall, 50), p95: percentile(wall, 95), max: wall.at(-1) },
    insideMs: { p50: percentile(inside, 50), p95: percentile(inside, 95), max: inside.at(-1) },
    queryPlans: plans,
  };
}

const results = [await measure(FINISHED), await measure(FINISHED / 10)];
rmSync(STATE, { recursive: true, force: true });

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : "-");
console.log(
  `\nCron tick, ${PLANS.toLocaleString("en")} active plans, ${DUE_PER_TICK} items due per tick, ${TICKS} ticks (wrangler dev --local)\n`,
);
console.log(
  "finished items".padEnd(16) +
    "queued".padStart(8) +
    "tick p50 ms".padStart(13) +
    "p95".padStart(8) +
    "max".padStart(8) +
    "   in-Worker p50/p95 ms",
);
for (const r of results) {
  console.log(
    r.finished.toLocaleString("en").padEnd(16) +
      String(r.queued).padStart(8) +
      fmt(r.wallMs.p50).padStart(13) +
      fmt(r.wallMs.p95).padStart(8) +
      fmt(r.wallMs.max).padStart(8) +
      `   ${fmt(r.insideMs.p50)}/${fmt(r.insideMs.p95)}`,
  );
}
for (const r of results)
  console.log(
    `Due UPDATE … RETURNING alone (node:sqlite, ${r.finished.toLocaleString("en")} finished): p50 ${r.queryPlans.statementMs.p50.toFixed(2)} ms, max ${r.queryPlans.statementMs.max.toFixed(2)} ms`,
  );
console.log(`\nDue items:  ${results[0].queryPlans.due.join(" | ")}`);
console.log(`Due UPDATE: ${results[0].queryPlans.update.join(" | ")}`);
console.log(`Stuck runs: ${results[0].queryPlans.stuck.join(" | ")}`);
console.log(`Stuck runs, statuses bound as parameters (as before c4b6b10): ${results[0].queryPlans.stuckWithBoundStatuses.join(" | ")}`);
for (const r of results)
  console.log(
    `Runs of a tick ended after p50 ${(r.runsEndedMs.p50 / 1000).toFixed(1)} s (${r.finished.toLocaleString("en")} finished); ticks were timed after that, with nothing else running`,
  );
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/cron.json",
  `${JSON.stringify({ at: new Date().toISOString(), plans: PLANS, duePerTick: DUE_PER_TICK, results }, null, 2)}\n`,
);
