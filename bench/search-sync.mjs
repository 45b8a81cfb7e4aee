// `npm run bench:search`: the search loop at size, against `wrangler dev --local` with the
// offline Search Console. For each size in BENCH_PAGES (default 300, 1,000 and 10,000 old posts)
// a blog site in a fresh local state gets a first sync (16 months of page × day rows through the
// search queue, one Google page per message), then a second one (the last 5 days again); then the
// reads the panel makes are timed: the site's performance, the posts list sorted by clicks and
// decay first, the decay list, opportunities and one post's performance. The offline provider
// invents the rows in the same isolate, so the sync times include making them up. The rate per
// page-day at each size is what shows whether the sync grows linearly with the site.
// Env: BENCH_PORT (8798), BENCH_PAGES (300,1000,10000), BENCH_READS (30).
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { percentile } from "./load.mjs";
import { seedBenchAccount } from "./seed.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const SIZES = (process.env.BENCH_PAGES ?? "300,1000,10000").split(",").map(Number);
const READS = Number(process.env.BENCH_READS ?? 30);
const STATE = ".wrangler/bench-search-state";
const BASE = `http://127.0.0.1:${PORT}`;
const ACCOUNT = "acc_benchSearch00000";
const SITE = "site_benchSearch0000";
const TOKEN = `sap_${"s".repeat(40)}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };
const VARS = {
  ENVIRONMENT: "development",
  ENCRYPTION_KEY: "ZGV2LW9ubHktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
  TEXT_PROVIDER: "offline",
  IMAGE_PROVIDER: "offline",
  KEYWORD_PROVIDER: "offline",
  SEARCH_CONSOLE_PROVIDER: "offline",
  INDEXNOW_PROVIDER: "offline",
};
const WORDS = ["ekmek", "maya", "tarif", "hamur", "firin", "bread", "starter", "rye", "flour", "crust", "pizza", "simit", "focaccia"];

function run(command, args) {
  const result = spawnSync(command, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/** One size: a fresh state with `PAGES` posts, two syncs and the reads; returns the first sync's rate. */
async function benchAt(PAGES) {
  let rate = 0;
  rmSync(STATE, { recursive: true, force: true });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  const d1Dir = join(STATE, "v3/d1/miniflare-D1DatabaseObject");
  const sqlitePath = join(
    d1Dir,
    readdirSync(d1Dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite"),
  );
  seedBenchAccount(sqlitePath, { accountId: ACCOUNT, token: TOKEN, count: 0 });
  {
    const db = new DatabaseSync(sqlitePath);
    db.exec("BEGIN");
    db.prepare(
      "INSERT INTO sites (id, account_id, platform, url, status, language, index_now_key) VALUES (?, ?, 'blog', 'https://bench-blog.example.invalid', 'CONNECTED', 'tr', 'bench0000000000000000000000000000')",
    ).run(SITE, ACCOUNT);
    const post = db.prepare(
      "INSERT INTO existing_posts (id, account_id, site_id, remote_id, title, url, word_count, sync_id) VALUES (?, ?, ?, ?, ?, ?, 900, 'bench')",
    );
    for (let i = 0; i < PAGES; i++) {
      const slug = [WORDS[i % WORDS.length], WORDS[(i * 7 + 3) % WORDS.length], WORDS[(i * 11 + 5) % WORDS.length], String(i)].join("-");
      post.run(
        `post_bench${String(i).padStart(10, "0")}`,
        ACCOUNT,
        SITE,
        i + 1,
        slug.replaceAll("-", " "),
        `https://bench-blog.example.invalid/${slug}/`,
      );
    }
    db.exec("COMMIT");
  }

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

  async function api(method, path) {
    const res = await fetch(`${BASE}/api${path}`, { method, headers: { Authorization: `Bearer ${TOKEN}` } });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  async function syncAndWait() {
    const before = (await api("GET", `/sites/${SITE}`)).searchConsole.syncedAt;
    // syncedAt has whole seconds: a sync that ends in the second the last one did would look unfinished.
    if (before) await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(before) + 1000 - Date.now())));
    const start = performance.now();
    await api("POST", `/sites/${SITE}/search-console/sync`);
    for (;;) {
      const site = await api("GET", `/sites/${SITE}`);
      if (site.searchConsole.state === "synced" && site.searchConsole.syncedAt !== before) return performance.now() - start;
      if (performance.now() - start > 15 * 60_000) throw new Error(`the sync did not finish: ${JSON.stringify(site.searchConsole)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function timeReads(path) {
    const times = [];
    for (let i = 0; i < READS; i++) {
      const start = performance.now();
      await api("GET", path);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return `${percentile(times, 50).toFixed(1)} ms p50, ${percentile(times, 95).toFixed(1)} ms p95`;
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
    const first = await syncAndWait();
    const rows = new DatabaseSync(sqlitePath, { readOnly: true });
    const count = (sql) => rows.prepare(sql).get().n;
    const pageDays = count("SELECT COUNT(*) AS n FROM search_daily");
    rate = Math.round(pageDays / (first / 1000));
    const queries = count("SELECT COUNT(*) AS n FROM search_queries");
    console.log(
      `first sync, ${PAGES} pages: ${(first / 1000).toFixed(1)} s for ${pageDays.toLocaleString("en")} page-days and ${queries.toLocaleString("en")} page × query rows (${Math.round(pageDays / (first / 1000)).toLocaleString("en")} page-days/s, the offline provider inventing them included)`,
    );
    const second = await syncAndWait();
    console.log(`daily sync (the last 5 days again): ${(second / 1000).toFixed(1)} s`);
    const post = (await api("GET", `/sites/${SITE}/posts?sort=clicks&per_page=1`)).items[0].id;
    for (const [name, path] of [
      ["site performance (28 days, 20 pages)", `/sites/${SITE}/performance?days=28`],
      ["site performance (90 days)", `/sites/${SITE}/performance?days=90`],
      ["posts by clicks", `/sites/${SITE}/posts?sort=clicks&per_page=20`],
      ["posts, decaying first", `/sites/${SITE}/posts?sort=decay&per_page=20`],
      ["decay list", `/sites/${SITE}/decay`],
      ["opportunities", `/sites/${SITE}/opportunities`],
      ["one post's performance", `/sites/posts/${post}/performance`],
    ])
      console.log(`${name}: ${await timeReads(path)}`);
  } finally {
    const exited = server.exitCode !== null ? Promise.resolve() : new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  return rate;
}

const rates = [];
for (const pages of SIZES) {
  console.log(`\n== ${pages.toLocaleString("en")} pages`);
  rates.push([pages, await benchAt(pages)]);
}
console.log(
  `\nfirst sync rate by size: ${rates.map(([pages, rate]) => `${pages.toLocaleString("en")} pages ${rate.toLocaleString("en")} page-days/s`).join(", ")}`,
);
