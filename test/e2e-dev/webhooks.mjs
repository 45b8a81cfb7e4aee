// End-to-end webhooks against `npm run dev` (wrangler dev --local, real queues and Workflows):
// a receiver written in plain Node (node:http, node:crypto, no project code) verifies both
// signatures over the raw body, answers 503 to the first attempt and 200 after, drops
// duplicates by delivery id, and must end up having processed the article exactly once.
//
//   node test/e2e-dev/webhooks.mjs http://localhost:8787/api <token>
// scripts/dev-smoke.sh runs it (so `.ci/run` does).
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";

const [api, token] = process.argv.slice(2);
if (!api || !token) {
  console.error("usage: node test/e2e-dev/webhooks.mjs <api base, e.g. http://localhost:8787/api> <token>");
  process.exit(2);
}

let secret = "";
const requests = []; // every request: { deliveryId, event, status }
const processed = new Map(); // delivery id → body, the receiver's own "database"

function fail(message, extra) {
  console.error(`webhooks e2e: ${message}`, extra ?? "");
  process.exit(1);
}

function sameText(a, b) {
  const left = Buffer.from(a ?? "");
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What a receiver must do: both signatures over the raw bytes, a fresh timestamp, then dedup by id. */
function handle(headers, raw) {
  const hex = createHmac("sha256", secret).update(raw).digest("hex");
  if (!sameText(headers["x-service-signature"], hex)) return 401;
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const standard = createHmac("sha256", secret).update(`${id}.${timestamp}.`).update(raw).digest("base64");
  if (
    !String(headers["webhook-signature"] ?? "")
      .split(" ")
      .some((part) => sameText(part, `v1,${standard}`))
  )
    return 401;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return 401;
  if (id !== headers["x-service-delivery"]) return 400;
  const body = JSON.parse(raw.toString("utf8"));
  if (body.event === "ping") return 200;
  if (requests.filter((r) => r.event === "article.published").length === 1) return 503; // the first attempt: "down"
  if (!processed.has(id)) processed.set(id, body);
  return 200;
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const raw = Buffer.concat(chunks);
    const entry = { deliveryId: req.headers["x-service-delivery"], event: req.headers["x-service-event"], status: 0 };
    requests.push(entry);
    entry.status = handle(req.headers, raw);
    res.writeHead(entry.status, { "Content-Type": "text/plain" }).end(entry.status === 200 ? "ok" : "no");
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const hookUrl = `http://127.0.0.1:${server.address().port}/hooks/autopilot`;

async function apiCall(method, path, body) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) fail(`${method} ${path} answered ${res.status}`, json);
  return json;
}

async function waitFor(what, seconds, check) {
  for (let i = 0; i < seconds * 2; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`${what} did not happen within ${seconds} s`, { requests });
}

const started = Date.now();
const site = await apiCall("POST", "/platforms/custom/connect", {
  url: "https://hooks-e2e.invalid",
  webhookUrl: hookUrl,
  businessContext: "Home baking: sourdough bread, rye bread",
});
secret = site.webhookSecret;
await apiCall("PUT", `/sites/${site.id}/brief`, { business: "Home baking: sourdough bread, rye bread", audience: "Home bakers" });
const plan = await apiCall("POST", "/autopilot/plans", { siteId: site.id, articleCount: 1, cadencePerWeek: 3 });
const run = await apiCall("POST", `/autopilot/items/${plan.items[0].id}/run`);

// The first attempt (503), then the queue's delayed retry about 24–30 s later (200).
await waitFor("the retry of the delivery", 90, () => processed.size === 1);
const [deliveryId, body] = [...processed][0];
if (body.event !== "article.published" || body.article.id !== run.articleId) fail("unexpected body", body);
if (!body.article.heroImage.base64 || !body.article.heroImage.fileName || typeof body.article.tags !== "string")
  fail("the body lacks the hero image or tags", body.article.heroImage.fileName);
const firstTwo = requests.filter((r) => r.event === "article.published");
if (firstTwo.length !== 2 || firstTwo[0].status !== 503 || firstTwo[1].status !== 200 || firstTwo[0].deliveryId !== firstTwo[1].deliveryId)
  fail("expected 503 then 200 for one delivery id", requests);

// The service's log of it, then a redelivery: the receiver gets the same id again and drops it.
let delivery;
await waitFor("the delivery to be recorded as delivered", 10, async () => {
  delivery = (await apiCall("GET", `/sites/${site.id}/webhooks/deliveries`)).items.find((item) => item.id === deliveryId);
  return delivery?.status === "delivered";
});
if (delivery.attempts !== 2 || delivery.lastStatusCode !== 200) fail("unexpected delivery log", delivery);
const again = await apiCall("POST", `/sites/${site.id}/webhooks/deliveries/${deliveryId}/redeliver`);
if (again.status !== "delivered" || again.attempts !== 3) fail("unexpected redelivery", again);
const ping = await apiCall("POST", `/sites/${site.id}/webhooks/test`);
if (!ping.delivered || ping.statusCode !== 200) fail("the test ping was not accepted", ping);

const articleRequests = requests.filter((r) => r.event === "article.published");
if (processed.size !== 1 || articleRequests.length !== 3 || requests.some((r) => r.status === 401))
  fail("the receiver did not process the article exactly once", requests);
server.close();
console.log(
  `webhooks e2e: article ${run.articleId} delivered as ${deliveryId}: 503, then 200 on the queue's retry, then a redelivery dropped as a duplicate; processed once; signatures verified on ${requests.length} requests (${Math.round((Date.now() - started) / 1000)} s)`,
);
