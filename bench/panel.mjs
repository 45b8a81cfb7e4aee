// `npm run bench:panel`: the account panel's budgets. Builds web/, sums the first load's JS and
// CSS gzipped (the files index.html loads: budget 200 KB), then serves an account with 1,000
// articles on one WordPress site (`wrangler dev --local` on its own state) and runs Lighthouse in
// Debian's Chromium, mobile and desktop, on four pages: the overview, the articles list and an
// article's editor (signed in), and the client's approval page of that article (no session).
// Budgets: performance 90, accessibility 95, CLS 0.1 (Google's "good"). Each report is written
// to bench/results/panel/<page>-<form>.json, the figures to bench/results/panel.json.
// Env: BENCH_PORT (8797), CHROMIUM_PATH (/usr/bin/chromium), BENCH_PAGES (names, comma-separated).
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
const ACCOUNT = "acc_bench0000000000";
const SITE = "site_bench000000000";
const PLAN = "plan_bench000000000";
/** The article a client reviews through the approval link (and the editor bench opens): a plan item in REVIEW. */
const REVIEW_ITEM = "item_bench000000000";
/** The approval link's secret (43 URL-safe characters, as the service makes them); stored as its SHA-256. */
const APPROVAL_TOKEN = "benchPanelApprovalToken".padEnd(43, "0");
const BUDGET = { performance: 90, accessibility: 95, cls: 0.1 };
const RESULTS = "bench/results/panel";
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

/** A review draft of about 1,200 words, headed and listed as the writer makes them: what the client reads and the editor opens. */
function reviewHtml() {
  const sentence = (n) =>
    `Good bread starts with flour, water, salt and time, and step ${n} shows how each of them changes the crumb, the crust and the flavour of the loaf.`;
  const paragraph = (n) => `<p>${[0, 1, 2, 3].map((k) => sentence(n * 4 + k)).join(" ")}</p>`;
  const sections = Array.from({ length: 8 }, (_, i) =>
    [
      `<h2>Part ${i + 1}: what the dough needs</h2>`,
      paragraph(i * 3),
      paragraph(i * 3 + 1),
      `<ul><li>Weigh the flour and the water.</li><li>Rest the dough for ${20 + i * 5} minutes.</li><li>Fold it four times.</li></ul>`,
      paragraph(i * 3 + 2),
    ].join(""),
  );
  return `<p>Baking a loaf at home takes less than it seems.</p>${sections.join("")}`;
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
  db.prepare(
    `INSERT INTO accounts (id, email, billing_mode, credit_balance_kurus, created_at) VALUES ('${ACCOUNT}', ?, 'CREDITS', 123450, ?)`,
  ).run(EMAIL, iso(now));
  db.prepare("INSERT INTO users (id, email, password_hash, created_at) VALUES ('usr_bench0000000000', ?, ?, ?)").run(
    EMAIL,
    passwordHash(PASSWORD),
    iso(now),
  );
  db.prepare(
    `INSERT INTO members (id, account_id, user_id, role, created_at) VALUES ('mem_bench0000000000', '${ACCOUNT}', 'usr_bench0000000000', 'owner', ?)`,
  ).run(iso(now));
  db.prepare(
    `INSERT INTO sites (id, account_id, platform, url, status, language) VALUES ('${SITE}', '${ACCOUNT}', 'wordpress', 'https://bench-bakery.example.invalid', 'CONNECTED', 'en')`,
  ).run();
  db.prepare(
    `INSERT INTO plans (id, account_id, site_id, status, article_count, cadence_per_week, publish_mode, research, approved_at) VALUES ('${PLAN}', '${ACCOUNT}', '${SITE}', 'ACTIVE', 1, 3, 'review', ?, ?)`,
  ).run(research, iso(now - 86_400_000));
  db.prepare(
    `INSERT INTO plan_items (id, plan_id, account_id, site_id, position, title, target_keyword, keyword_key, monthly_volume, competition, status, attempts) VALUES ('${REVIEW_ITEM}', '${PLAN}', '${ACCOUNT}', '${SITE}', 1, 'How to bake bread at home', 'bake bread', 'bake bread', 1900, 'LOW', 'REVIEW', 1)`,
  ).run();
  const insert = db.prepare(
    `INSERT INTO articles (account_id, site_id, title, slug, html, content_text, excerpt, seo_title, seo_desc, keywords, tags, word_count, language, status, published_at, created_at, updated_at) VALUES ('${ACCOUNT}', '${SITE}', ?, ?, ?, ?, ?, ?, ?, '["bread"]', '[]', 420, 'en', ?, ?, ?, ?)`,
  );
  for (let i = 0; i < ARTICLES - 1; i++) {
    const at = iso(now - (i % 30) * 86_400_000 - (i + 1) * 1000);
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
  const html = reviewHtml();
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const at = iso(now - 3_600_000);
  const review = db
    .prepare(
      `INSERT INTO articles (account_id, site_id, plan_item_id, title, slug, html, content_text, excerpt, seo_title, seo_desc, keywords, tags, word_count, language, status, target_keyword, created_at, updated_at) VALUES ('${ACCOUNT}', '${SITE}', '${REVIEW_ITEM}', 'How to bake bread at home', 'how-to-bake-bread-at-home', ?, ?, 'Flour, water, salt and time: a first loaf, step by step.', 'How to bake bread at home, step by step', 'Flour, water, salt and time: how a first loaf is baked at home.', '["bake bread","bread"]', '["bread"]', ?, 'en', 'pending', 'bake bread', ?, ?) RETURNING id`,
    )
    .get(html, text, text.split(" ").length, at, at);
  db.prepare(
    `INSERT INTO approval_links (id, token_hash, account_id, article_id, article_version, created_by, expires_at, created_at) VALUES ('apl_bench0000000000', ?, '${ACCOUNT}', ?, ?, 'mem_bench0000000000', ?, ?)`,
  ).run(createHash("sha256").update(APPROVAL_TOKEN).digest("hex"), review.id, at, iso(now + 7 * 86_400_000), at);
  db.exec("COMMIT");
  db.close();
  return review.id;
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

/** One Lighthouse run of `path` (with the session cookie, if any): the scores, the timings and where the layout shifted. */
async function lighthouseRun(path, cookie, config) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const result = await lighthouse(
      `${BASE}${path}`,
      {
        port: chrome.port,
        onlyCategories: ["performance", "accessibility"],
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
        logLevel: "error",
      },
      config,
    );
    const { categories, audits } = result.lhr;
    const resources = audits["resource-summary"]?.details?.items ?? [];
    const script = resources.find((item) => item.resourceType === "script");
    return {
      lhr: result.lhr,
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcp: audits["first-contentful-paint"].numericValue,
      lcp: audits["largest-contentful-paint"].numericValue,
      tbt: audits["total-blocking-time"].numericValue,
      cls: audits["cumulative-layout-shift"].numericValue,
      scriptKb: script ? script.transferSize / 1024 : 0,
      scripts: script?.requestCount ?? 0,
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

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** One line per run, and whether it keeps the budgets. */
function report(page, form, scores) {
  const within = scores.performance >= BUDGET.performance && scores.accessibility >= BUDGET.accessibility && scores.cls <= BUDGET.cls;
  console.log(
    `  ${page.padEnd(16)} ${form.padEnd(7)} performance ${String(scores.performance).padStart(3)}, accessibility ${String(scores.accessibility).padStart(3)}; FCP ${seconds(scores.fcp)}, LCP ${seconds(scores.lcp)}, TBT ${Math.round(scores.tbt)} ms, CLS ${scores.cls.toFixed(3)}; JS ${scores.scriptKb.toFixed(1)} KB in ${scores.scripts} files ${within ? "OK" : "OVER BUDGET"}${scores.shifts.length && scores.cls > 0.01 ? ` (largest shifts: ${scores.shifts.join("; ")})` : ""}${scores.failedA11y.length ? `; failed: ${scores.failedA11y.join(", ")}` : ""}`,
  );
  return within;
}

run("vite", ["build", "web", "--logLevel", "warn"]);
const { sizes, lazy } = firstLoadBytes();
const total = sizes.reduce((sum, size) => sum + size.gzip, 0);
console.log("First load (web/dist/index.html):");
for (const size of sizes) console.log(`  ${size.file}: ${(size.raw / 1024).toFixed(1)} KB, ${(size.gzip / 1024).toFixed(1)} KB gzipped`);
console.log(
  `  total ${(total / 1024).toFixed(1)} KB gzipped (budget 200 KB) ${total <= 200 * 1024 ? "OK" : "OVER BUDGET"}; ${lazy.length} more files load with their screens`,
);

const reviewArticle = seed();
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
let allWithin = true;
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
  const approval = await fetch(`${BASE}/api/approvals/${APPROVAL_TOKEN}`);
  const approvalState = approval.ok ? (await approval.json()).state : `answered ${approval.status}`;
  if (approvalState !== "open") throw new Error(`the bench's approval link is not open: ${approvalState}`);
  const pages = [
    { name: "overview", path: "/", cookie },
    { name: "articles list", path: "/articles", cookie },
    { name: "article editor", path: `/articles/${reviewArticle}`, cookie },
    { name: "approval page", path: `/approve/${APPROVAL_TOKEN}`, cookie: null },
  ];
  const chosen = process.env.BENCH_PAGES?.split(",").map((name) => name.trim());
  const forms = [
    ["mobile", undefined],
    ["desktop", desktopConfig],
  ];
  console.log(
    `\nLighthouse (mobile: its default slow 4G and 4× CPU; desktop: its desktop preset), an account with ${listed.total} articles; budgets: performance ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, CLS ${BUDGET.cls}:`,
  );
  mkdirSync(RESULTS, { recursive: true });
  const figures = [];
  for (const page of pages.filter((each) => !chosen || chosen.includes(each.name))) {
    for (const [form, config] of forms) {
      const { lhr, ...scores } = await lighthouseRun(page.path, page.cookie, config);
      writeFileSync(join(RESULTS, `${page.name.replace(/ /g, "-")}-${form}.json`), JSON.stringify(lhr));
      allWithin = report(page.name, form, scores) && allWithin;
      figures.push({ page: page.name, form, ...scores });
    }
  }
  writeFileSync("bench/results/panel.json", JSON.stringify({ at: new Date().toISOString(), firstLoadGzip: total, figures }, null, 2));
  console.log(allWithin ? "\nEvery page keeps its budgets." : "\nSome pages are over budget (see above).");
} finally {
  process.kill(-server.pid, "SIGTERM");
}
if (!allWithin) process.exitCode = 1;
