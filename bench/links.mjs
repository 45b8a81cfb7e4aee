// `npm run bench:links`: the internal link graph at size, against `wrangler dev --local`. A blog
// site with BENCH_POSTS existing posts (10,000) and 10 internal links each (100,000; a tenth of
// the posts link once to an old slug, the last 5 % are linked by nothing) is seeded with the
// sqlite3 CLI into the local D1; then the sync's write of every link (one DELETE and
// json_each INSERTs of 2,000 rows, as src/existing-posts/links-store.ts sends them) is timed on
// the same file, and GET /links (the graph: orphans and broken links) and GET /links/suggestions
// (1,000 suggestions) are timed through the Worker. Env: BENCH_PORT (8797), BENCH_POSTS (10000),
// BENCH_READS (20).
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { percentile } from "./load.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const READS = Number(process.env.BENCH_READS ?? 20);
const LINKS_PER_POST = 10;
const ROWS_PER_STATEMENT = 2000;
const STATE = ".wrangler/bench-links-state";
const BASE = `http://127.0.0.1:${PORT}`;
const ACCOUNT = "acc_benchLinks000000";
const SITE = "site_benchLinks00000";
const HOST = "https://bench-blog.example.invalid";
const TOKEN = `sap_${"l".repeat(40)}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };
const VARS = { ENVIRONMENT: "development", ENCRYPTION_KEY: "ZGV2LW9ubHktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=" };

function run(command, args, input) {
  const result = spawnSync(command, args, { env, input, stdio: [input ? "pipe" : "ignore", "pipe", "inherit"], maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
  return result.stdout.toString();
}

rmSync(STATE, { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
const d1Dir = join(STATE, "v3/d1/miniflare-D1DatabaseObject");
const sqlitePath = join(
  d1Dir,
  readdirSync(d1Dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite"),
);
const sqlite = (sql) => run("sqlite3", [sqlitePath], sql);

const now = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
const later = new Date(Date.now() + 150 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
const tokenHash = createHash("sha256").update(TOKEN).digest("hex");
const orphansFrom = Math.floor(POSTS * 0.95);
// Every post, its links (to posts below `orphansFrom`, one in ten posts once to an old slug), the
// old slugs and 1,000 suggestions, generated inside SQLite.
sqlite(`
BEGIN;
INSERT INTO accounts (id, email, credit_balance_kurus, created_at) VALUES ('${ACCOUNT}', 'links@bench.local', 0, '${now}');
INSERT INTO api_tokens (id, account_id, name, scope, token_hash, prefix, last_four, expires_at, created_at)
  VALUES ('tok_benchLinks', '${ACCOUNT}', 'bench', 'manage', '${tokenHash}', '${TOKEN.slice(0, 8)}', '${TOKEN.slice(-4)}', '${later}', '${now}');
INSERT INTO sites (id, account_id, platform, url, status, language) VALUES ('${SITE}', '${ACCOUNT}', 'blog', '${HOST}', 'CONNECTED', 'en');
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${POSTS - 1})
INSERT INTO existing_posts (id, account_id, site_id, remote_id, title, url, word_count, sync_id)
  SELECT 'post_b' || printf('%010d', i), '${ACCOUNT}', '${SITE}', i + 1, 'rye bread post ' || i, '${HOST}/p-' || i || '/', 900, 'bench' FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${POSTS - 1}), k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < ${LINKS_PER_POST - 1})
INSERT INTO site_links (account_id, site_id, from_post_id, from_url, to_url, to_key, anchor)
  SELECT '${ACCOUNT}', '${SITE}', 'post_b' || printf('%010d', i), '${HOST}/p-' || i || '/',
    CASE WHEN j = 0 AND i % 10 = 0 THEN '${HOST}/old-' || ((i * 7) % ${orphansFrom}) || '/' ELSE '${HOST}/p-' || ((i * 7 + j * 131 + 1) % ${orphansFrom}) || '/' END,
    CASE WHEN j = 0 AND i % 10 = 0 THEN 'bench-blog.example.invalid/old-' || ((i * 7) % ${orphansFrom}) ELSE 'bench-blog.example.invalid/p-' || ((i * 7 + j * 131 + 1) % ${orphansFrom}) END,
    'anchor ' || j
  FROM n, k;
INSERT INTO post_old_slugs (site_id, post_id, slug) SELECT '${SITE}', id, 'old-' || (remote_id - 1) FROM existing_posts WHERE site_id = '${SITE}' AND (remote_id - 1) % 10 = 0;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999)
INSERT INTO link_suggestions (id, account_id, site_id, reason, from_remote_id, from_url, from_post_id, to_url, to_key, anchor, sentence, linked, created_at, updated_at)
  SELECT 'lnk_bench' || printf('%07d', i), '${ACCOUNT}', '${SITE}', 'new_page', i + 1, '${HOST}/p-' || i || '/', 'post_b' || printf('%010d', i),
    '${HOST}/p-9999/', 'bench-blog.example.invalid/p-9999-' || i, 'rye bread', 'We bake rye bread every day at home.', 'We bake <a href="${HOST}/p-9999/">rye bread</a> every day at home.', '${now}', '${now}'
  FROM n;
COMMIT;`);
const count = (table) => sqlite(`SELECT COUNT(*) FROM ${table};`).trim();
console.log(`seeded ${count("existing_posts")} posts, ${count("site_links")} links, ${count("post_old_slugs")} old slugs`);

// The sync's write, as links-store.ts sends it (the rows as JSON, unpacked with json_each).
{
  const rows = [];
  for (let i = 0; i < POSTS; i++)
    for (let j = 0; j < LINKS_PER_POST; j++) {
      const to = (i * 7 + j * 131 + 1) % orphansFrom;
      rows.push([i + 1, `${HOST}/p-${to}/`, `bench-blog.example.invalid/p-${to}`, `anchor ${j}`]);
    }
  const statements = [`BEGIN; DELETE FROM site_links WHERE site_id = '${SITE}' AND from_post_id IS NOT NULL;`];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const json = JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT)).replaceAll("'", "''");
    statements.push(`INSERT INTO site_links (account_id, site_id, from_post_id, from_url, to_url, to_key, anchor)
      SELECT '${ACCOUNT}', '${SITE}', p.id, p.url, json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]')
      FROM json_each('${json}') AS j CROSS JOIN existing_posts AS p ON p.site_id = '${SITE}' AND p.remote_id = json_extract(j.value, '$[0]');`);
  }
  statements.push("ROLLBACK;");
  const start = performance.now();
  sqlite(statements.join("\n"));
  const ms = performance.now() - start;
  console.log(
    `the sync's link write: ${rows.length.toLocaleString("en")} links in ${statements.length - 2} statements, ${(ms / 1000).toFixed(2)} s (${Math.round(rows.length / (ms / 1000)).toLocaleString("en")} links/s, sqlite3 on the D1 file)`,
  );
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

async function api(path) {
  const res = await fetch(`${BASE}/api${path}`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function timeReads(path) {
  const times = [];
  for (let i = 0; i < READS; i++) {
    const start = performance.now();
    await api(path);
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
  const graph = await api(`/sites/${SITE}/links`);
  console.log(`graph: ${JSON.stringify(graph.stats)}`);
  console.log(
    `GET /links (${POSTS.toLocaleString("en")} pages, ${graph.stats.links.toLocaleString("en")} links): ${await timeReads(`/sites/${SITE}/links`)}`,
  );
  console.log(`GET /links?limit=1000: ${await timeReads(`/sites/${SITE}/links?limit=1000`)}`);
  console.log(`GET /links/suggestions (1,000 stored, 200 listed): ${await timeReads(`/sites/${SITE}/links/suggestions`)}`);
  // The health view: the same graph, plus the search lists' counts (no Search Console rows here).
  console.log(
    `GET /health (${POSTS.toLocaleString("en")} pages, ${graph.stats.links.toLocaleString("en")} links): ${await timeReads(`/sites/${SITE}/health`)}`,
  );
} finally {
  server.kill("SIGTERM");
}
