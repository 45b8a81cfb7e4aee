// `npm run dev [-- --port N]`: applies the local D1 migrations, seeds the demo account, prints
// its token, and serves the whole API with local D1/R2/Queues/DO/Images via `wrangler dev --local`.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { DEMO_EMAIL, DEMO_PASSWORD, demoSeedSql, loadOrCreateDemoToken } from "./demo-seed.mjs";

const LOCAL_DEFAULTS = {
  ENVIRONMENT: "development",
  ALLOW_PRIVATE_URLS: "true",
  SIGNUP_CREDIT_TRY: "100.00",
  // Local runs let anyone sign up with email and password (POST /api/session/signup).
  SIGNUP_OPEN: "true",
  ADMIN_TOKEN: "dev-admin-token",
  // Development only: a fixed 32-byte key so locally stored credentials survive restarts.
  ENCRYPTION_KEY: "ZGV2LW9ubHktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
  // Billing without PayTR or model providers: payments complete with a signed callback (README, Billing).
  PAYMENT_PROVIDER: "offline",
  BYOK_KEY_CHECK: "offline",
  // Plans and articles without model or research keys: deterministic, labelled offline output.
  TEXT_PROVIDER: "offline",
  IMAGE_PROVIDER: "offline",
  KEYWORD_PROVIDER: "offline",
  // The default price list plus the offline writer: local articles are charged like real ones.
  ARTICLE_PRICES_TRY: JSON.stringify({ "@cf/meta/llama-3.3-70b-instruct-fp8-fast": "10.00", "gpt-4o-mini": "15.00", "claude-sonnet-4-5": "40.00", "offline-draft": "5.00" }),
};

// Nothing reaches Cloudflare: no telemetry, and no fetch of the `Request.cf` sample (a placeholder is used).
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: process.env.CI ?? "1" };
const args = process.argv.slice(2);
const portIndex = args.findIndex((arg) => arg === "--port" || arg.startsWith("--port="));
const port = portIndex === -1 ? "8787" : args[portIndex].includes("=") ? args[portIndex].split("=")[1] : args[portIndex + 1];
const passThrough = portIndex === -1 ? args : args.filter((_, i) => i !== portIndex && (args[portIndex].includes("=") || i !== portIndex + 1));

/** Runs one preparation step quietly: its output is shown only when it fails. */
function quietly(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error(`${command} ${commandArgs.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
  return result.stdout ?? "";
}
const wrangler = (wranglerArgs) => quietly("wrangler", wranglerArgs);

process.stdout.write("Building the account panel (web/)… ");
quietly("vite", ["build", "web", "--logLevel", "warn"]);
console.log("done");

/** Keys set in .dev.vars win over the local defaults. */
function devVarsKeys() {
  if (!existsSync(".dev.vars")) return new Set();
  return new Set(readFileSync(".dev.vars", "utf8").split("\n").map((line) => line.split("=")[0].trim()).filter(Boolean));
}

process.stdout.write("Applying local D1 migrations… ");
const migrated = wrangler(["d1", "migrations", "apply", "DB", "--local"]);
const applied = new Set(migrated.match(/\b\d{4}_[\w-]+\.sql\b/g) ?? []).size;
console.log(applied > 0 ? `done (${applied} applied)` : "done (up to date)");

const token = loadOrCreateDemoToken();
writeFileSync(".wrangler/demo-seed.sql", demoSeedSql(token));
process.stdout.write("Seeding the demo account… ");
wrangler(["d1", "execute", "DB", "--local", "--file", ".wrangler/demo-seed.sql"]);
console.log("done");

const overridden = devVarsKeys();
const vars = Object.entries(LOCAL_DEFAULTS)
  .filter(([key]) => !overridden.has(key))
  .flatMap(([key, value]) => ["--var", `${key}:${value}`]);

console.log(`\nDemo account ${DEMO_EMAIL}; its API token (scope manage):\n${token}\n`);
console.log(`Account panel: http://localhost:${port}/  (sign in as ${DEMO_EMAIL}, password ${DEMO_PASSWORD})\n`);
console.log(`Try: curl -H "Authorization: Bearer ${token}" http://localhost:${port}/api/v1/public/articles\n`);

const server = spawn("wrangler", ["dev", "--local", "--port", port, "--test-scheduled", "--show-interactive-dev-session=false", ...vars, ...passThrough], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
