// The search loop against `npm run dev` (wrangler dev --local, the offline Search Console, the
// real local queue): issue 30's proof on a fresh machine. The demo blog's pages get invented
// figures; a sync through the queue stores them; performance, decay and opportunities read them.
//
//   node test/e2e-dev/search.mjs http://localhost:8787/api <token>
// scripts/dev-smoke.sh runs it (so `.ci/run` does).
const [api, token] = process.argv.slice(2);
if (!api || !token) {
  console.error("usage: node test/e2e-dev/search.mjs <api base, e.g. http://localhost:8787/api> <token>");
  process.exit(2);
}
const DEMO_SITE = "site_demo00000000000";

function fail(message, extra) {
  console.error(`search e2e: ${message}`, extra === undefined ? "" : JSON.stringify(extra, null, 1).slice(0, 4000));
  process.exit(1);
}

async function call(method, path, body) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) fail(`${method} ${path} answered ${res.status}`, json);
  return json;
}

// 1. Offline, every site counts as connected to an invented property.
const integration = await call("GET", "/integrations/google");
if (!integration.offline || !integration.connected) fail("the offline integration is not connected", integration);

// 2. Sync the demo blog now, through the queue, and wait for it.
const before = await call("GET", `/sites/${DEMO_SITE}`);
await call("POST", `/sites/${DEMO_SITE}/search-console/sync`);
const started = Date.now();
let site = before;
while (Date.now() - started < 90_000) {
  site = await call("GET", `/sites/${DEMO_SITE}`);
  if (site.searchConsole.state === "synced" && site.searchConsole.syncedAt !== before.searchConsole.syncedAt) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
if (site.searchConsole.state !== "synced") fail("the demo blog did not sync within 90 s", site.searchConsole);
if (site.searchConsole.property !== "sc-domain:blog.demo.invalid") fail("unexpected property", site.searchConsole);
const seconds = ((Date.now() - started) / 1000).toFixed(1);

// 3. What the site, an article and a post earn.
const performance = await call("GET", `/sites/${DEMO_SITE}/performance?days=28`);
if (!(performance.totals.impressions > 0) || performance.daily.length !== 28 || performance.pages.total < 12)
  fail("the site's performance is empty", { totals: performance.totals, pages: performance.pages.total });
const articles = await call("GET", "/autopilot/articles?sort=clicks&per_page=5");
const measured = articles.items.find((article) => article.search !== null);
if (!measured) fail("no article carries its search figures", articles.items);
const articleFigures = await call("GET", `/autopilot/articles/${measured.id}/performance`);
if (!articleFigures.matched || articleFigures.topQueries.length === 0) fail("the article's performance is not matched", articleFigures);

// 4. Decaying posts first, and the decay list.
const posts = await call("GET", `/sites/${DEMO_SITE}/posts?sort=decay&per_page=20`);
const decay = await call("GET", `/sites/${DEMO_SITE}/decay`);
if (decay.items.length === 0) fail("nothing decays on the demo blog", decay);
if (!posts.items[0].decay) fail("the posts list does not put a decaying post first", posts.items[0]);

// 5. Opportunities.
const opportunities = await call("GET", `/sites/${DEMO_SITE}/opportunities?min_impressions=1`);
if (opportunities.items.length === 0) fail("no opportunity on the demo blog", opportunities);
const first = opportunities.items[0];
if (first.position < 8 || first.position > 30) fail("an opportunity outside positions 8-30", first);

console.log(
  `search e2e: synced in ${seconds} s; 28 days: ${performance.totals.clicks} clicks, ${performance.totals.impressions} impressions on ${performance.pages.total} pages; ` +
    `${decay.items.length} decaying (${decay.items[0].reason}); ${opportunities.total} opportunities (first "${first.query}" at ${first.position})`,
);
