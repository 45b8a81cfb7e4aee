// `npm run api:types`: writes the Worker's OpenAPI document to web/src/api/openapi.json and the
// panel's types generated from it to web/src/api/schema.d.ts. `npm test` fails when either is stale
// (test/http/openapi-snapshot.test.ts and web/test/api-types.test.ts).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { apiTypes } from "./api-types-lib.mjs";

// wrangler refuses a missing assets directory; the document does not need the built panel.
mkdirSync("web/dist", { recursive: true });
const port = 8799;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "1" };
const server = spawn(
  "wrangler",
  ["dev", "--local", "--port", String(port), "--show-interactive-dev-session=false", "--persist-to", ".wrangler/api-types"],
  { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
);
let log = "";
server.stdout.on("data", (chunk) => (log += chunk));
server.stderr.on("data", (chunk) => (log += chunk));
try {
  const document = await openApiDocument();
  delete document.servers;
  writeFileSync("web/src/api/openapi.json", `${JSON.stringify(document, null, 2)}\n`);
  writeFileSync("web/src/api/schema.d.ts", await apiTypes(document));
  console.log(`web/src/api/openapi.json and schema.d.ts: ${Object.keys(document.paths).length} paths`);
} finally {
  process.kill(-server.pid, "SIGTERM");
}

async function openApiDocument() {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited:\n${log}`);
    if (log.includes("Ready on")) {
      const response = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
      if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
      return response.json();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`wrangler dev did not start in 60 s:\n${log}`);
}
