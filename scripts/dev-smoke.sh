#!/usr/bin/env bash
# Checks the README's `npm run dev` end to end, twice:
#  1. as it comes (offline providers): it must apply migrations, seed the demo account, print its
#     token on a line of its own, serve the API that accepts it, and run the autopilot clock by
#     itself: an item due now is published without anyone calling /cdn-cgi/local/scheduled;
#  2. with the README's one-file recipe for real articles (`TEXT_PROVIDER=openai` and an
#     OpenAI-compatible `OPENAI_BASE_URL`) pointing at test/e2e-dev/fake-openai.mjs on 127.0.0.1,
#     passed with `--env-file` (never touching .dev.vars) and `--no-clock`: a plan and an article
#     written by the fake, started by a tick by hand.
set -euo pipefail
PORT=${DEV_SMOKE_PORT:-8786}
API="http://localhost:$PORT/api"
LOG=$(mktemp)
FAKE_LOG=$(mktemp)
RECIPE=$(mktemp)
DEV_PID=""
FAKE_PID=""
stop_dev() {
  # Its own session, so stopping it stops wrangler and workerd too (the whole process group).
  if [ -n "$DEV_PID" ]; then
    kill -TERM -- "-$DEV_PID" 2>/dev/null || true
    wait "$DEV_PID" 2>/dev/null || true
    DEV_PID=""
  fi
}
cleanup() {
  stop_dev
  if [ -n "$FAKE_PID" ]; then kill "$FAKE_PID" 2>/dev/null || true; fi
  rm -f "$LOG" "$FAKE_LOG" "$RECIPE"
}
trap cleanup EXIT
# A CI timeout sends TERM: exiting runs the EXIT trap, so npm run dev does not outlive the step.
trap 'exit 143' INT TERM

# start_dev [args…]: `npm run dev -- --port $PORT args…` until wrangler is ready; sets TOKEN.
start_dev() {
  # The previous server's port must be free first.
  for _ in $(seq 1 40); do curl -s -o /dev/null "http://localhost:$PORT/" || break; sleep 0.5; done
  setsid npm run dev -- --port "$PORT" "$@" >"$LOG" 2>&1 &
  DEV_PID=$!
  for _ in $(seq 1 120); do
    grep -q "Ready on" "$LOG" && break
    kill -0 "$DEV_PID" 2>/dev/null || { cat "$LOG"; echo "dev-smoke: npm run dev $* exited early"; exit 1; }
    sleep 1
  done
  TOKEN=$(grep -E '^sap_[0-9A-Za-z]{40}$' "$LOG" | head -n 1)
  [ -n "$TOKEN" ] || { cat "$LOG"; echo "dev-smoke: no token line in the output of npm run dev"; exit 1; }
}

# item_status <plan> <item>: the item's status.
item_status() {
  curl -sf -H "Authorization: Bearer $TOKEN" "$API/autopilot/plans/$1" | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).items.find((i) => i.id === process.argv[1]).status))' "$2"
}

# wait_published <plan> <item> <seconds> <what>: until the item is PUBLISHED.
wait_published() {
  local status=""
  for _ in $(seq 1 "$3"); do
    status=$(item_status "$1" "$2")
    [ "$status" = "PUBLISHED" ] && return 0
    [ "$status" = "FAILED" ] && { curl -sf -H "Authorization: Bearer $TOKEN" "$API/autopilot/plans/$1"; echo; echo "dev-smoke: $4 failed"; exit 1; }
    sleep 1
  done
  cat "$LOG"
  echo "dev-smoke: $4 did not publish the item within $3 s (status $status)"
  exit 1
}

STARTED=$SECONDS
start_dev
grep -q "The autopilot clock ticks every minute (--no-clock to turn it off)" "$LOG" || { cat "$LOG"; echo "dev-smoke: the banner does not say the clock ticks"; exit 1; }
grep -q "Providers: text: offline stand-in, images: offline placeholder, keywords: offline estimates" "$LOG" || { cat "$LOG"; echo "dev-smoke: the banner does not say the providers are offline stand-ins"; exit 1; }
auth=(-H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json")
# Runs of the smoke share the local D1 with `npm run dev`: the operator tops the demo account up when it runs low.
curl -sf "${auth[@]}" "$API/billing/balance" | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => process.exit(Number(JSON.parse(s).creditBalance) < 60 ? 1 : 0))' ||
  curl -sf -X POST -H "Authorization: Bearer dev-admin-token" -H "Content-Type: application/json" -d '{"amountTry":100,"reason":"dev smoke: the demo account ran low"}' "$API/admin/accounts/acc_demo000000000000/adjustments" >/dev/null

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
APPROVED_AT=$SECONDS
node -e '
  const plan = JSON.parse(process.argv[1]);
  if (plan.status !== "ACTIVE" || !plan.items.every((item) => item.status === "SCHEDULED" && item.scheduledAt)) { console.error("dev-smoke: approve did not schedule", plan); process.exit(1); }
' "$approved"

# The autopilot: the first item (due at once) goes by the clock of npm run dev at its next minute,
# checked after the webhook and MCP steps (which take about that long); the second by run-now.
first=$(node -e 'const p = JSON.parse(process.argv[1]); console.log(p.items[0].id)' "$approved")
second=$(node -e 'const p = JSON.parse(process.argv[1]); console.log(p.items[1].id)' "$approved")
run=$(curl -sf -X POST "${auth[@]}" "$API/autopilot/items/$second/run")
node -e '
  const run = JSON.parse(process.argv[1]);
  if (!/^\d+$/.test(run.articleId) || !run.url.endsWith(`/api/v1/public/articles/${run.articleId}`)) { console.error("dev-smoke: unexpected run result", run); process.exit(1); }
' "$run"

# Webhooks end to end: a plain-Node receiver on loopback, a custom site pointing at it, one
# article delivered through the real local queue (503, then the delayed retry, then 200).
node test/e2e-dev/webhooks.mjs "$API" "$TOKEN"

# Research, citations, the fact check and the quality gate (issue 29).
node test/e2e-dev/quality.mjs "$API" "$TOKEN"

# The search loop (issue 30): the demo blog synced from the offline Search Console through the
# local queue; performance, decay and opportunities.
node test/e2e-dev/search.mjs "$API" "$TOKEN"

# The search loop on a real WordPress connected a minute ago, when a peer is up (WP_URL,
# WP_USER, WP_APP_PASSWORD): a new account's "Sync now" shows its posts decaying, searches at 8-30
# and a query two posts share.
if [ -n "${WP_URL:-}" ]; then node test/e2e-dev/new-site-search.mjs "$API"; fi

# The site as a whole (issue 42): the demo blog's cannibalisation, traction, links and health
# lists from the offline figures; a plan proposing to improve a post that ranks already.
node test/e2e-dev/site-health.mjs "$API" "$TOKEN"

# Teams (issue 31): an invitation through the queue to a .eml file, accepted as an editor; the
# role refused billing; the audit log; removal ends the session.
node test/e2e-dev/teams.mjs "$API" "$TOKEN"

# The safety of teams (issue 40): removal withdraws invitations, an existing person's invitation
# sets no password, invite-and-withdraw mails once (.eml counted), token-made tokens stay at their
# maker's role, sign-up answers a taken address as a new one and confirms by its e-mailed link.
node test/e2e-dev/safety.mjs "$API" "$TOKEN"

# The MCP server: the SDK's own client with the demo token, then the MCP Inspector's CLI mode.
node test/e2e-dev/mcp.mjs "http://localhost:$PORT" "$TOKEN"
NODE24=node_modules/node/bin/node
inspector() { "$NODE24" node_modules/.bin/mcp-inspector --cli "http://localhost:$PORT/mcp" --transport http --header "Authorization: Bearer $TOKEN" "$@"; }
inspector --method tools/list | "$NODE24" -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const names = JSON.parse(s).tools.map((tool) => tool.name);
    if (names.length < 41 || !["run_item", "get_site_health", "list_plans", "estimate_plan"].every((name) => names.includes(name))) { console.error("dev-smoke: the MCP Inspector listed", names); process.exit(1); }
    console.log(`dev-smoke: the MCP Inspector (CLI mode) listed ${names.length} tools`);
  });'
inspector --method tools/call --tool-name get_balance | grep -q '"creditBalance"' || { echo "dev-smoke: the MCP Inspector could not call get_balance"; exit 1; }

# The clock: nobody called /cdn-cgi/local/scheduled, yet the due item is published (a tick comes
# at the start of each minute: at most about 60 s after the approval, plus the run).
wait_published "$PLAN" "$first" $((90 - (SECONDS - APPROVED_AT) > 10 ? 90 - (SECONDS - APPROVED_AT) : 10)) "the clock of npm run dev"
if grep "\[clock\]" "$LOG"; then echo "dev-smoke: a tick of the clock failed"; exit 1; fi
# By now wrangler has said "Connection status updated" (after which it prints its bindings again).
tables=$(grep -c "Your Worker has access to the following bindings" "$LOG" || true)
[ "$tables" -eq 1 ] || { echo "dev-smoke: wrangler's binding table was printed $tables times, not once"; exit 1; }
echo "dev-smoke: npm run dev served the demo account's articles with the printed token, planned and approved with the offline providers, published one item by run-now and the due one by its own clock, $((SECONDS - APPROVED_AT)) s after the approval"
stop_dev

# The README's recipe for real articles, with a fake OpenAI-compatible server on 127.0.0.1 as
# the endpoint, the vars in a file of their own (--env-file), the clock off and ticked by hand.
node test/e2e-dev/fake-openai.mjs fake-smoke-key fake-smoke-model >"$FAKE_LOG" 2>&1 &
FAKE_PID=$!
for _ in $(seq 1 20); do grep -q "listening on" "$FAKE_LOG" && break; sleep 0.25; done
FAKE_URL=$(sed -n 's/^fake-openai: listening on \(http:[^ ]*\)$/\1/p' "$FAKE_LOG")
[ -n "$FAKE_URL" ] || { cat "$FAKE_LOG"; echo "dev-smoke: the fake OpenAI server did not start"; exit 1; }
printf 'TEXT_PROVIDER=openai\nOPENAI_BASE_URL=%s\nOPENAI_API_KEY=fake-smoke-key\nTEXT_MODEL=fake-smoke-model\nOPENAI_MAX_TOKENS_FIELD=max_tokens\n' "$FAKE_URL" >"$RECIPE"
start_dev --no-clock --env-file "$RECIPE"
auth=(-H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json")
grep -q "The autopilot clock is off (--no-clock)" "$LOG" || { cat "$LOG"; echo "dev-smoke: the banner does not say the clock is off"; exit 1; }
grep -q "Providers: text: openai (fake-smoke-model)" "$LOG" || { cat "$LOG"; echo "dev-smoke: the banner does not name the recipe's text provider"; exit 1; }
site=$(curl -sf -X POST "${auth[@]}" -d '{"url":"https://recipe-smoke.invalid","businessContext":"Home baking: sourdough bread, rye bread, focaccia"}' "$API/platforms/custom/connect")
SITE=$(node -e 'console.log(JSON.parse(process.argv[1]).id)' "$site")
curl -sf -X PUT "${auth[@]}" -d '{"business":"Home baking: sourdough bread, rye bread, focaccia","audience":"Home bakers"}' "$API/sites/$SITE/brief" >/dev/null
plan=$(curl -sf -X POST "${auth[@]}" -d "{\"siteId\":\"$SITE\",\"articleCount\":1,\"cadencePerWeek\":3}" "$API/autopilot/plans")
PLAN=$(node -e '
  const plan = JSON.parse(process.argv[1]);
  if (plan.items.length !== 1 || !plan.items[0].title.endsWith(": a practical guide for every week")) { console.error("dev-smoke: the plan is not the fake model\x27s", plan); process.exit(1); }
  console.log(plan.id);
' "$plan")
approved=$(curl -sf -X POST "${auth[@]}" "$API/autopilot/plans/$PLAN/approve")
item=$(node -e 'console.log(JSON.parse(process.argv[1]).items[0].id)' "$approved")
curl -sf "http://localhost:$PORT/cdn-cgi/local/scheduled" >/dev/null
wait_published "$PLAN" "$item" 60 "the tick by hand with the recipe's provider"
article=$(curl -sf "${auth[@]}" "$API/autopilot/plans/$PLAN" | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).items[0].articleId))')
curl -sf "${auth[@]}" "$API/autopilot/articles/$article" | grep -q "Written by fake-openai.mjs" || { cat "$FAKE_LOG"; echo "dev-smoke: article $article is not the fake model's"; exit 1; }
grep -q "write_article → 200" "$FAKE_LOG" || { cat "$FAKE_LOG"; echo "dev-smoke: the fake OpenAI server was not asked for the article"; exit 1; }
echo "dev-smoke: with the recipe's vars in --env-file and --no-clock, the fake OpenAI-compatible server planned and wrote article $article, started by a tick by hand ($((SECONDS - STARTED)) s in all)"
