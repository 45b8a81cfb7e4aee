#!/usr/bin/env bash
# Checks the README's `npm run dev` end to end: it must apply migrations, seed the demo
# account, print its token on a line of its own, and serve the API that accepts it.
set -euo pipefail
PORT=${DEV_SMOKE_PORT:-8786}
LOG=$(mktemp)
# Its own session, so stopping it stops wrangler and workerd too (the whole process group).
setsid npm run dev -- --port "$PORT" >"$LOG" 2>&1 &
DEV_PID=$!
stop() { kill -TERM -- "-$DEV_PID" 2>/dev/null || true; wait "$DEV_PID" 2>/dev/null || true; }
trap stop EXIT
# A CI timeout sends TERM: exiting runs the EXIT trap, so npm run dev does not outlive the step.
trap 'exit 143' INT TERM

for _ in $(seq 1 120); do
  grep -q "Ready on" "$LOG" && break
  kill -0 "$DEV_PID" 2>/dev/null || { cat "$LOG"; echo "dev-smoke: npm run dev exited early"; exit 1; }
  sleep 1
done
TOKEN=$(grep -E '^sap_[0-9A-Za-z]{40}$' "$LOG" | head -n 1)
[ -n "$TOKEN" ] || { cat "$LOG"; echo "dev-smoke: no token line in the output of npm run dev"; exit 1; }

body=$(curl -sf -H "Authorization: Bearer $TOKEN" "http://localhost:$PORT/api/v1/public/articles?per_page=3")
node -e '
  const body = JSON.parse(process.argv[1]);
  if (!body.success || body.data.length !== 3 || body.meta.total < 8) { console.error("dev-smoke: unexpected list", body.meta); process.exit(1); }
' "$body"
curl -sf -H "Authorization: Bearer $TOKEN" "http://localhost:$PORT/api/auth/me" | grep -q '"email":"demo@example.com"'
curl -sf -X POST -H "Authorization: Bearer dev-admin-token" -H "Content-Type: application/json" \
  -d "{\"email\":\"smoke-$RANDOM@example.com\"}" "http://localhost:$PORT/api/admin/accounts" | grep -q '"creditBalance":"100.00"'

# The account panel and the API on one origin: the page at / and at any panel path (the single-page
# fallback), the API's JSON 404 for an unknown /api path, and the printed demo password signs in.
curl -sf "http://localhost:$PORT/" | grep -q '<div id="root">' || { echo "dev-smoke: / is not the panel"; exit 1; }
curl -sf "http://localhost:$PORT/plans/some-plan?tab=items" | grep -q '<div id="root">' || { echo "dev-smoke: a panel path is not the panel"; exit 1; }
missing=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' -H "Authorization: Bearer $TOKEN" "http://localhost:$PORT/api/no-such-route")
[[ "$missing" == "404 application/json"* ]] || { echo "dev-smoke: unknown /api path answered $missing"; exit 1; }
grep -q "Account panel: http://localhost:$PORT/" "$LOG" || { echo "dev-smoke: no panel URL printed"; exit 1; }
PASSWORD=$(sed -n 's/.*password \([^)]*\)).*/\1/p' "$LOG" | head -n 1)
curl -sf -X POST -H "Content-Type: application/json" -d "{\"email\":\"demo@example.com\",\"password\":\"$PASSWORD\"}" "http://localhost:$PORT/api/session" | grep -q '"via":"session"' || { echo "dev-smoke: the printed demo password did not sign in"; exit 1; }

# The autopilot's first half with the offline providers: a custom site (never fetched: .invalid),
# its brief, a plan from offline research, approved and scheduled.
API="http://localhost:$PORT/api"
auth=(-H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json")
site=$(curl -sf -X POST "${auth[@]}" -d '{"url":"https://smoke.invalid","businessContext":"Home baking: sourdough bread, rye bread, focaccia"}' "$API/platforms/custom/connect")
SITE=$(node -e 'console.log(JSON.parse(process.argv[1]).id)' "$site")
curl -sf -X PUT "${auth[@]}" -d '{"business":"Home baking: sourdough bread, rye bread, focaccia","audience":"Home bakers"}' "$API/sites/$SITE/brief" >/dev/null
plan=$(curl -sf -X POST "${auth[@]}" -d "{\"siteId\":\"$SITE\",\"articleCount\":4,\"cadencePerWeek\":3}" "$API/autopilot/plans")
PLAN=$(node -e '
  const plan = JSON.parse(process.argv[1]);
  if (plan.status !== "DRAFT" || plan.items.length !== 4 || !plan.research.volumesAreEstimates) { console.error("dev-smoke: unexpected plan", plan); process.exit(1); }
  console.log(plan.id);
' "$plan")
approved=$(curl -sf -X POST "${auth[@]}" "$API/autopilot/plans/$PLAN/approve")
node -e '
  const plan = JSON.parse(process.argv[1]);
  if (plan.status !== "ACTIVE" || !plan.items.every((item) => item.status === "SCHEDULED" && item.scheduledAt)) { console.error("dev-smoke: approve did not schedule", plan); process.exit(1); }
' "$approved"

# The autopilot: the first item (due at once) goes by the cron trigger that wrangler prints,
# the second by run-now; both end as published articles of the custom site.
curl -sf "http://localhost:$PORT/cdn-cgi/local/scheduled" >/dev/null
first=$(node -e 'const p = JSON.parse(process.argv[1]); console.log(p.items[0].id)' "$approved")
second=$(node -e 'const p = JSON.parse(process.argv[1]); console.log(p.items[1].id)' "$approved")
run=$(curl -sf -X POST "${auth[@]}" "$API/autopilot/items/$second/run")
node -e '
  const run = JSON.parse(process.argv[1]);
  if (!/^\d+$/.test(run.articleId) || !run.url.endsWith(`/api/v1/public/articles/${run.articleId}`)) { console.error("dev-smoke: unexpected run result", run); process.exit(1); }
' "$run"
for _ in $(seq 1 60); do
  status=$(curl -sf "${auth[@]}" "$API/autopilot/plans/$PLAN" | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).items.find((i) => i.id === process.argv[1]).status))' "$first")
  [ "$status" = "PUBLISHED" ] && break
  [ "$status" = "FAILED" ] && { curl -sf "${auth[@]}" "$API/autopilot/plans/$PLAN"; echo "dev-smoke: the cron-started run failed"; exit 1; }
  sleep 1
done
[ "$status" = "PUBLISHED" ] || { cat "$LOG"; echo "dev-smoke: the cron tick did not publish the due item within a minute (status $status)"; exit 1; }
echo "dev-smoke: npm run dev served the demo account's articles with the printed token, planned and approved with the offline providers, and published one item by the cron trigger and one by run-now"

# Webhooks end to end: a plain-Node receiver on loopback, a custom site pointing at it, one
# article delivered through the real local queue (503, then the delayed retry, then 200).
node test/e2e-dev/webhooks.mjs "$API" "$TOKEN"

# The MCP server: the SDK's own client with the demo token, then the MCP Inspector's CLI mode.
node test/e2e-dev/mcp.mjs "http://localhost:$PORT" "$TOKEN"
NODE24=node_modules/node/bin/node
inspector() { "$NODE24" node_modules/.bin/mcp-inspector --cli "http://localhost:$PORT/mcp" --transport http --header "Authorization: Bearer $TOKEN" "$@"; }
inspector --method tools/list | "$NODE24" -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const names = JSON.parse(s).tools.map((tool) => tool.name);
    if (names.length !== 22 || !names.includes("run_item")) { console.error("dev-smoke: the MCP Inspector listed", names); process.exit(1); }
    console.log(`dev-smoke: the MCP Inspector (CLI mode) listed ${names.length} tools`);
  });'
inspector --method tools/call --tool-name get_balance | grep -q '"creditBalance"' || { echo "dev-smoke: the MCP Inspector could not call get_balance"; exit 1; }
