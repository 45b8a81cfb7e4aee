// `node bench/upload.mjs` (through npm's Node 24: `npx node bench/upload.mjs`): upload throughput
// of a 5 MB, 4000 × 3000 JPEG against `wrangler dev --local`: each upload is read, checked,
// converted to a 1600 px webp by the local Images binding and stored in R2.
// Prints conversions per second and p50/p95 per upload, sequentially and with parallel clients,
// and the same body refused as not-an-image (415) to show what is transport and parsing.
// Env: BENCH_PORT (8798), BENCH_UPLOADS (20 per run), BENCH_CONCURRENCY (4).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { percentile } from "./load.mjs";
import { encodeJpeg } from "../test/media/images.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const STATE = ".wrangler/bench-upload-state";
// A frozen bundle: `wrangler dev` on src/ would restart mid-upload whenever a file in the tree changes.
const BUNDLE = ".wrangler/bench-upload-bundle";
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_TOKEN = "bench-admin-token";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };

function run(command, args) {
  const result = spawnSync(command, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

async function waitUntilReady(server) {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error("wrangler dev exited");
    try {
      if ((await fetch(`${BASE}/api/openapi.json`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("wrangler dev did not become ready");
}

/** A photo-like picture: smooth colour ramps with per-pixel noise, so JPEG has real work to do. */
function photoLike(x, y) {
  let h = (x * 374761393 + y * 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  const noise = ((h ^ (h >>> 16)) & 255) >> 3;
  return [((x >> 2) + noise) & 255, ((y >> 2) + noise) & 255, ((x + y) >> 3) & 255];
}

async function uploadOnce(token, jpeg, expectedStatus = 201) {
  const form = new FormData();
  form.append("file", new Blob([jpeg], { type: "image/jpeg" }), "bench-photo.jpg");
  const started = performance.now();
  const response = await fetch(`${BASE}/api/uploads`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  const body = await response.json();
  const ms = performance.now() - started;
  if (response.status !== expectedStatus) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** `total` uploads spread over `clients` parallel clients; conversions per second over the wall time. */
async function runUploads(token, jpeg, total, clients, expectedStatus = 201) {
  const times = [];
  let next = 0;
  let last;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        next += 1;
        const { ms, body } = await uploadOnce(token, jpeg, expectedStatus);
        times.push(ms);
        last = body;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    uploads: times.length,
    clients,
    conversionsPerSecond: times.length / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1),
    storedBytes: last.bytes ?? "-",
  };
}

const t = performance.now();
const jpeg = encodeJpeg(4000, 3000, photoLike, 81);
console.log(
  `Source: 4000 × 3000 baseline JPEG, ${(jpeg.length / 1e6).toFixed(2)} MB (encoded in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
);

rmSync(STATE, { recursive: true, force: true });
rmSync(BUNDLE, { recursive: true, force: true });
run("wrangler", ["deploy", "--dry-run", "--outdir", BUNDLE]);
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
const server = spawn(
  "wrangler",
  [
    "dev",
    `${BUNDLE}/index.js`,
    "--no-bundle",
    "--local",
    "--port",
    String(PORT),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    STATE,
    "--show-interactive-dev-session=false",
    "--var",
    "ENVIRONMENT:bench",
    "--var",
    `ADMIN_TOKEN:${ADMIN_TOKEN}`,
    "--var",
    "ALLOW_PRIVATE_URLS:true",
    "--var",
    "MANAGEMENT_RATE_LIMIT_PER_MINUTE:1000000000",
    "--log-level",
    "warn",
  ],
  { env, stdio: ["ignore", "ignore", "inherit"] },
);
const results = { source: { width: 4000, height: 3000, bytes: jpeg.length }, runs: {} };
try {
  await waitUntilReady(server);
  const created = await fetch(`${BASE}/api/admin/accounts`, {
    method: "POST",
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com` }),
  });
  if (created.status !== 201) throw new Error(`account creation failed: ${created.status} ${await created.text()}`);
  const token = (await created.json()).token.token;

  await runUploads(token, jpeg, 2, 1); // warm-up: Sharp and the Worker load once
  results.runs.sequential = await runUploads(token, jpeg, UPLOADS, 1);
  results.runs.parallel = await runUploads(token, jpeg, UPLOADS, CONCURRENCY);
  // The same 5 MB refused with 415 after reading, parsing and sniffing: the cost that is not conversion.
  const notAnImage = jpeg.slice();
  notAnImage.set([0, 0, 0]);
  results.runs["no-convert"] = await runUploads(token, notAnImage, UPLOADS, 1, 415);
  const listing = await (await fetch(`${BASE}/api/uploads?per_page=1`, { headers: { Authorization: `Bearer ${token}` } })).json();
  results.storage = { count: listing.count, totalBytes: listing.totalBytes, stored: listing.uploads[0] };
} finally {
  server.kill("SIGTERM");
}

console.log("\nrun          uploads clients  conv/s    p50 ms   p95 ms   max ms  stored bytes");
for (const [name, r] of Object.entries(results.runs)) {
  console.log(
    `${name.padEnd(12)} ${String(r.uploads).padStart(7)} ${String(r.clients).padStart(7)} ${r.conversionsPerSecond.toFixed(2).padStart(7)} ${r.p50.toFixed(0).padStart(9)} ${r.p95.toFixed(0).padStart(8)} ${r.max.toFixed(0).padStart(8)} ${String(r.storedBytes).padStart(13)}`,
  );
}
const stored = results.storage.stored;
console.log(
  `\nStored: ${stored.width} × ${stored.height} ${stored.contentType}, ${stored.bytes} bytes; account total ${results.storage.count} uploads, ${results.storage.totalBytes} bytes`,
);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/upload.json", `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`);
console.log("Written to bench/results/upload.json");
