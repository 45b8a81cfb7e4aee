// The site as a whole against `npm run dev` (wrangler dev --local, the offline Search Console and
// keyword research): issue 42's proof on a fresh machine. The demo blog, synced, shows every list:
// a search two of its pages share, an article never found after 56 days, its link graph, and the
// health view that counts them; a plan made for it proposes improving a post that already ranks
// instead of writing a competitor.
//
//   node test/e2e-dev/site-health.mjs http://localhost:8787/api <token>
// scripts/dev-smoke.sh runs it (so `.ci/run` does), after test/e2e-dev/search.mjs.
const [api, token] = process.argv.slice(2);
if (!api || !token) {
  console.error("usage: node test/e2e-dev/site-health.mjs <api base, e.g. http://localhost:8787/api> <token>");
  process.exit(2);
}
const DEMO_SITE = "site_demo00000000000";

function fail(message, extra) {
  console.error(`site-health e2e: ${message}`, extra === undefined ? "" : JSON.stringify(extra, null, 1).slice(0, 4000));
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

// 1. The demo blog's figures (search.mjs synced it; a run on its own syncs here).
let site = await call("GET", `/sites/${DEMO_SITE}`);
if (!site.searchConsole.syncedAt) {
  await call("POST", `/sites/${DEMO_SITE}/search-console/sync`);
  const started = Date.now();
  while (Date.now() - started < 90_000 && !(site.searchConsole.state === "synced" && site.searchConsole.syncedAt)) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    site = await call("GET", `/sites/${DEMO_SITE}`);
  }
  if (!site.searchConsole.syncedAt) fail("the demo blog did not sync within 90 s", site.searchConsole);
}

// 2. Every list answers, with what the offline figures put there.
const cannibalization = await call("GET", `/sites/${DEMO_SITE}/cannibalization`);
const shared = cannibalization.items.find((item) => item.pages.length >= 2);
if (!shared) fail("no search is shared by two pages of the demo blog", cannibalization);
const traction = await call("GET", `/sites/${DEMO_SITE}/traction`);
const silent = traction.items.find((item) => item.state === "none");
if (!silent) fail("no article of the demo blog is without traction", traction);
if (!["noindex", "unpublish", "merge", "improve"].includes(silent.suggestion)) fail("the silent article has no action suggested", silent);
const links = await call("GET", `/sites/${DEMO_SITE}/links`);
if (!(links.stats.pages >= 12) || links.stats.orphans !== links.orphans.length) fail("the link graph is not the demo blog's", links.stats);
const suggestions = await call("GET", `/sites/${DEMO_SITE}/links/suggestions`);
if (!Array.isArray(suggestions.items)) fail("link suggestions did not answer a list", suggestions);

// 3. The health view counts what the lists hold.
const health = await call("GET", `/sites/${DEMO_SITE}/health`);
const none = traction.items.filter((item) => item.state === "none").length;
if (
  health.cannibalized !== cannibalization.items.length ||
  health.noTraction !== none ||
  health.orphans !== links.stats.orphans ||
  health.broken !== links.stats.broken ||
  !(health.score >= 0 && health.score < 100) ||
  typeof health.pace?.maxNewPerWeek !== "number"
)
  fail("the health view does not match its lists", { health, cannibalized: cannibalization.items.length, none, links: links.stats });

// 4. Update or write new: a plan for the demo blog proposes improving a post that already ranks.
const plan = await call("POST", "/autopilot/plans", { siteId: DEMO_SITE, articleCount: 5, cadencePerWeek: 2 });
const improve = plan.items.find((item) => item.suggestion === "improve");
if (improve?.overlap?.kind !== "page" || !improve.overlap.postId) fail("the plan proposes no improvement of a ranking post", plan.items);
const keys = new Set(plan.items.map((item) => item.targetKeyword.toLowerCase()));
if (keys.size !== plan.items.length) fail("the plan holds two items on one keyword", plan.items);
// The owner may switch it to a new article, and back.
const switched = await call("PATCH", `/autopilot/items/${improve.id}`, { suggestion: "new" });
if (switched.suggestion !== "new") fail("switching the item to new did not hold", switched);
await call("PATCH", `/autopilot/items/${improve.id}`, { suggestion: "improve" });

console.log(
  `site-health e2e: ok — "${shared.query}" shared by ${shared.pages.length} pages, ${none} article(s) without traction, ${links.stats.pages} pages / ${links.stats.orphans} orphans, health ${health.score}/100, plan item "${improve.targetKeyword}" improves ${improve.overlap.url}`,
);
