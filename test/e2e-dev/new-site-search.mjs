// The search loop on a site connected a minute ago, against `npm run dev` (the offline Search
// Console, the real local queue) and a REAL WordPress (scripts/wordpress-peer/start.sh): a new
// account connects the blog, presses "Sync now", and within a minute sees its own posts decaying,
// searches to win at positions 8–30 and a query two posts share. The site is disconnected at the
// end, so a second run starts as new as the first.
//
//   eval "$(WP_PORT=8874 scripts/wordpress-peer/start.sh)"
//   node test/e2e-dev/new-site-search.mjs http://localhost:8787/api
// Reads WP_URL, WP_USER and WP_APP_PASSWORD; ADMIN_TOKEN (default dev-admin-token) makes the account.
// scripts/dev-smoke.sh runs it when WP_URL is set.
const [api] = process.argv.slice(2);
const { WP_URL, WP_USER, WP_APP_PASSWORD } = process.env;
const ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? "dev-admin-token";
if (!api || !WP_URL || !WP_USER || !WP_APP_PASSWORD) {
  console.error(
    "usage: WP_URL=… WP_USER=… WP_APP_PASSWORD=… node test/e2e-dev/new-site-search.mjs <api base, e.g. http://localhost:8787/api>",
  );
  process.exit(2);
}
const SYNC_LIMIT_MS = 60_000;

function fail(message, extra) {
  console.error(`new-site search e2e: ${message}`, extra === undefined ? "" : JSON.stringify(extra, null, 1).slice(0, 4000));
  process.exit(1);
}

async function call(token, method, path, body, expected) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = res.status === 204 ? null : await res.json().catch(() => null);
  if (expected ? res.status !== expected : !res.ok) fail(`${method} ${path} answered ${res.status}`, json);
  return json;
}

// 1. A new account, as after sign-up, connects the real WordPress.
const created = await call(ADMIN_TOKEN, "POST", "/admin/accounts", { email: `new-site-${Date.now()}@example.com` }, 201);
const token = created.token.token;
const site = await call(
  token,
  "POST",
  "/sites",
  { url: WP_URL, blogUsername: WP_USER, blogAppPassword: WP_APP_PASSWORD, businessContext: "A blog about running WordPress sites" },
  201,
);
if (site.status !== "CONNECTED") fail("the blog did not connect", site);
const before = await call(token, "GET", `/sites/${site.id}/decay`);
if (before.checkedAt !== null || before.items.length !== 0) fail("a new site already has a decay check", before);

// 2. "Sync now", and wait for the sync to finish (the clock's own sync of a new site may run it instead).
const started = Date.now();
await call(token, "POST", `/sites/${site.id}/search-console/sync`, undefined, 202);
let synced = null;
while (Date.now() - started < SYNC_LIMIT_MS) {
  const current = await call(token, "GET", `/sites/${site.id}`);
  if (current.searchConsole.state === "synced" && current.searchConsole.syncedAt) {
    const decay = await call(token, "GET", `/sites/${site.id}/decay`);
    if (decay.checkedAt) {
      synced = current;
      break;
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
if (!synced) fail(`the new blog did not sync within ${SYNC_LIMIT_MS / 1000} s`);
const seconds = ((Date.now() - started) / 1000).toFixed(1);

// 3. What the owner sees on their own posts.
const { total: posts } = await call(token, "GET", `/sites/${site.id}/posts?per_page=1`);
const performance = await call(token, "GET", `/sites/${site.id}/performance?days=28`);
const decay = await call(token, "GET", `/sites/${site.id}/decay?per_page=100`);
const byDecay = await call(token, "GET", `/sites/${site.id}/posts?sort=decay&per_page=5`);
const opportunities = await call(token, "GET", `/sites/${site.id}/opportunities`);
const cannibalized = await call(token, "GET", `/sites/${site.id}/cannibalization`);
const health = await call(token, "GET", `/sites/${site.id}/health`);

if (posts < 1) fail("the sync read no post of the blog");
// A post published after the last complete day (Search Console's, three days back) has no figures yet.
if (!(decay.checkedPages > 0 && decay.checkedPages <= posts))
  fail(`the check compared ${decay.checkedPages} pages of ${posts} posts`, decay);
if (decay.items.length === 0) fail("no post of the new blog decays", decay);
if (!byDecay.items[0]?.decay) fail("the posts list does not put a decaying post first", byDecay.items[0]);
if (opportunities.items.length === 0) fail("no opportunity on the new blog", opportunities);
for (const item of opportunities.items) if (item.position < 8 || item.position > 30) fail("an opportunity outside positions 8-30", item);
if (cannibalized.items.length === 0) fail("no query shared by two posts", cannibalized);
const days = performance.daily.filter((day) => day.impressions > 0).length;
if (days < 28) fail(`only ${days} of the last 28 days have figures`, performance.totals);

console.log(
  `new-site search e2e: ${WP_URL} connected and synced in ${seconds} s; ${posts} posts, 28 days: ` +
    `${performance.totals.clicks} clicks, ${performance.totals.impressions} impressions; the check compared ${decay.checkedPages} pages with figures: ` +
    `${decay.items.length} decaying (${decay.items.map((item) => `${item.postTitle ?? item.url}: ${item.reason}`).join("; ")}); ` +
    `${opportunities.total} opportunities (first "${opportunities.items[0].query}" at ${opportunities.items[0].position}); ` +
    `${cannibalized.items.length} shared ${cannibalized.items.length === 1 ? "query" : "queries"} ("${cannibalized.items[0].query}"); ` +
    `health score ${health.score ?? "?"}`,
);

// 4. Leave the blog free for the next run.
await call(token, "DELETE", `/sites/${site.id}`, undefined, 200);
