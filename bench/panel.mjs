// `npm run bench:panel`: the account panel's budgets. Builds web/, sums the first load's JS and
// CSS gzipped (the files index.html loads: budget 200 KB), then serves an account with 1,000
// articles (`wrangler dev --local` on its own state) and runs Lighthouse in Debian's Chromium on
// the overview, signed in: performance (budget 90) and accessibility (budget 95), mobile and desktop.
// Env: BENCH_PORT (8797), CHROMIUM_PATH (/usr/bin/chromium).
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { passwordHash } from "../scripts/demo-seed.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const STATE = ".wrangler/bench-panel-state";
const BASE = `http://localhost:${PORT}`;
const EMAIL = "bench@example.com";
const PASSWORD = "bench-password-123";
const ARTICLES = 1000;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "1" };
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

function run(command, args) {
  const result = spawnSync(command, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/** The gzipped bytes of what the first page load fetches: index.html's scripts, preloads and styles. */
function firstLoadBytes() {
  const html = readFileSync("web/dist/index.html", "utf8");
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  const sizes = files.map((file) => ({
    file,
    raw: readFileSync(join("web/dist", file)).length,
    gzip: gzipSync(readFileSync(join("web/dist", file)), { level: 9 }).length,
  }));
  const lazy = readdirSync("web/dist/assets").filter((file) => !files.includes(`assets/${file}`));
  return { sizes, lazy };
}

function seed() {
  rmSync(STATE, { recursive: true, force: true });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  const dir = join(STATE, "v3/d1/miniflare-D1DatabaseObject");
  const db = new DatabaseSync(
    join(
      dir,
      readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite"),
    ),
  );
  const now = Date.now();
  db.exec("BEGIN");
  db.prepare(
    "INSERT INTO accounts (id, email, billing_mode, credit_balance_kurus, created_at) VALUES ('acc_bench0000000000', ?, 'CREDITS', 123450, ?)",
  ).run(EMAIL, iso(now));
  db.prepare("INSERT INTO users (id, email, password_hash, created_at) VALUES ('usr_bench0000000000', ?, ?, ?)").run(
    EMAIL,
    passwordHash(PASSWORD),
    iso(now),
  );
  db.prepare(
    "INSERT INTO members (id, account_id, user_id, role, created_at) VALUES ('mem_bench0000000000', 'acc_bench0000000000', 'usr_bench0000000000', 'owner', ?)",
  ).run(iso(now));
  const insert = db.prepare(
    "INSERT INTO articles (account_id, title, slug, html, content_text, excerpt, seo_title, seo_desc, keywords, tags, word_count, language, status, published_at, created_at, updated_at) VALUES ('acc_bench0000000000', ?, ?, ?, ?, ?, ?, ?, '[\"bread\"]', '[]', 420, 'en', ?, ?, ?, ?)",
  );
  for (let i = 0; i < ARTICLES; i++) {
    const at = iso(now - (i % 30) * 86_400_000 - i * 1000);
    const status = i % 10 === 0 ? "pending" : "published";
    insert.run(
      `Bread article number ${i + 1}`,
      `bread-article-${i + 1}`,
      `<p>Article ${i + 1} about bread.</p>`,
      `Article ${i + 1} about bread.`,
      `Article ${i + 1}`,
      `Bread article ${i + 1}`,
      `About bread ${i + 1}`,
      status,
      status === "published" ? at : null,
      at,
      at,
    );
  }
  db.exec("COMMIT");
  db.close();
}

async function waitUntilReady(server, log) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited:\n${log()}`);
    try {
      if ((await fetch(`${BASE}/api/openapi.json`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("wrangler dev did not become ready");
}

async function lighthouseRun(cookie, config) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const result = await lighthouse(
      `${BASE}/`,
      { port: chrome.port, onlyCategories: ["performance", "accessibility"], extraHeaders: { Cookie: cookie }, logLevel: "error" },
      config,
    );
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcp: audits["first-contentful-paint"].displayValue,
      lcp: audits["largest-contentful-paint"].displayValue,
      tbt: audits["total-blocking-time"].displayValue,
      cls: audits["cumulative-layout-shift"].displayValue,
      shifts: (audits["layout-shifts"]?.details?.items ?? [])
        .slice(0, 3)
        .map((item) => `${item.node?.selector ?? "?"} ${item.score?.toFixed(3)}`),
      failedA11y: Object.values(audits)
        .filter((audit) => categories.accessibility.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0) && audit.score === 0)
        .map((audit) => audit.id),
    };
  } finally {
    await chrome.kill();
  }
}

run("vite", ["build", "web", "--logLevel", "warn"]);
const { sizes, lazy } = firstLoadBytes();
const total = sizes.reduce((sum, size) => sum + size.gzip, 0);
console.log("First load (web/dist/index.html):");
for (const size of sizes) console.log(`  ${size.file}: ${(size.raw / 1024).toFixed(1)} KB, ${(size.gzip / 1024).toFixed(1)} KB gzipped`);
console.log(
  `  total ${(total / 1024).toFixed(1)} KB gzipped (budget 200 KB) ${total <= 200 * 1024 ? "OK" : "OVER BUDGET"}; ${lazy.length} more files load with their screens`,
);

seed();
let output = "";
const server = spawn(
  "wrangler",
  [
    "dev",
    "--local",
    "--port",
    String(PORT),
    "--persist-to",
    STATE,
    "--show-interactive-dev-session=false",
    "--var",
    "ENVIRONMENT:development",
    "--var",
    "ENCRYPTION_KEY:ZGV2LW9ubHktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
  ],
  { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
);
server.stdout.on("data", (chunk) => (output += chunk));
server.stderr.on("data", (chunk) => (output += chunk));
try {
  await waitUntilReady(server, () => output);
  const signIn = await fetch(`${BASE}/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: BASE },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = signIn.headers.get("Set-Cookie").split(";")[0];
  const listed = await (await fetch(`${BASE}/api/autopilot/articles?per_page=1`, { headers: { Cookie: cookie } })).json();
  console.log(`\nLighthouse on the overview of an account with ${listed.total} articles:`);
  for (const [name, config] of [
    ["mobile (Lighthouse default: slow 4G, 4× CPU)", undefined],
    ["desktop", desktopConfig],
  ]) {
    const scores = await lighthouseRun(cookie, config);
    console.log(
      `  ${name}: performance ${scores.performance} (budget 90), accessibility ${scores.accessibility} (budget 95); FCP ${scores.fcp}, LCP ${scores.lcp}, TBT ${scores.tbt}, CLS ${scores.cls}${scores.shifts.length ? ` (largest shifts: ${scores.shifts.join("; ")})` : ""}${scores.failedA11y.length ? `; failed: ${scores.failedA11y.join(", ")}` : ""}`,
    );
  }
} finally {
  process.kill(-server.pid, "SIGTERM");
}
