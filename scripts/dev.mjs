// `npm run dev [-- --port N] [--no-clock] [--env-file PATH]`: applies the local D1 migrations, seeds
// the demo account, prints its token, serves the whole API with local D1/R2/Queues/DO/Images via
// `wrangler dev --local`, and runs the scheduled handler (the autopilot clock) every minute.
// `--env-file PATH` (wrangler's own flag) reads the vars from PATH instead of .dev.vars.
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { DEMO_EMAIL, DEMO_PASSWORD, demoSeedSql, loadOrCreateDemoToken } from "./demo-seed.mjs";
import { startMailSink } from "./mail-sink.mjs";

const LOCAL_DEFAULTS = {
  ENVIRONMENT: "development",
  ALLOW_PRIVATE_URLS: "true",
  SIGNUP_CREDIT_TRY: "100.00",
  // Local runs let anyone sign up with email and password (POST /api/session/signup).
  SIGNUP_OPEN: "true",
  ADMIN_TOKEN: "dev-admin-token",
  // The demo account is invited from and mailed by every local run, browser tests included: the
  // production limits (30 invitations and 200 e-mails an account a day) would stop them by noon.
  INVITATIONS_PER_DAY: "1000",
  EMAIL_DAILY_LIMIT_PER_ACCOUNT: "5000",
  // Development only: a fixed 32-byte key so locally stored credentials survive restarts.
  ENCRYPTION_KEY: "ZGV2LW9ubHktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
  // Billing without PayTR or model providers: payments complete with a signed callback (docs/guides/billing.md).
  PAYMENT_PROVIDER: "offline",
  BYOK_KEY_CHECK: "offline",
  // Plans and articles without model or research keys: deterministic, labelled offline output.
  TEXT_PROVIDER: "offline",
  IMAGE_PROVIDER: "offline",
  KEYWORD_PROVIDER: "offline",
  SEARCH_CONSOLE_PROVIDER: "offline",
  INDEXNOW_PROVIDER: "offline",
  // The default price list plus the offline writer: local articles are charged like real ones.
  ARTICLE_PRICES_TRY: JSON.stringify({
    "@cf/meta/llama-3.3-70b-instruct-fp8-fast": "10.00",
    "gpt-4o-mini": "15.00",
    "claude-sonnet-4-5": "40.00",
    "offline-draft": "5.00",
  }),
};

// Nothing reaches Cloudflare: no telemetry, and no fetch of the `Request.cf` sample (a placeholder is used).
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: process.env.CI ?? "1" };
/** The autopilot clock's period under `npm run dev`; deployed, the cron trigger runs every 5 minutes. */
const CLOCK_MS = 60_000;
const clockOn = !process.argv.includes("--no-clock");
const args = process.argv.slice(2).filter((arg) => arg !== "--no-clock");
const portIndex = args.findIndex((arg) => arg === "--port" || arg.startsWith("--port="));
const port = portIndex === -1 ? "8787" : args[portIndex].includes("=") ? args[portIndex].split("=")[1] : args[portIndex + 1];
// E-mail links lead to the port this run serves on (PUBLIC_BASE_URL in .dev.vars still wins).
LOCAL_DEFAULTS.LOCAL_PANEL_URL = `http://localhost:${port}`;
const passThrough =
  portIndex === -1 ? args : args.filter((_, i) => i !== portIndex && (args[portIndex].includes("=") || i !== portIndex + 1));

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

const fromFile = fileVars();

process.stdout.write("Building the account panel (web/)… ");
quietly("vite", ["build", "web", "--logLevel", "warn"]);
console.log("done");

/**
 * The files wrangler reads the vars from, as it chooses them: the `--env-file` paths when given
 * (then .dev.vars is not read), else .dev.vars, else .env and .env.local.
 */
function varsFiles() {
  const given = args
    .flatMap((arg, i) => (arg === "--env-file" ? [args[i + 1]] : arg.startsWith("--env-file=") ? [arg.slice("--env-file=".length)] : []))
    .filter(Boolean);
  if (given.length > 0) return given;
  return existsSync(".dev.vars") ? [".dev.vars"] : [".env", ".env.local"].filter((file) => existsSync(file));
}

/** The vars those files set (`KEY=value` lines, `export`, quotes and comments as dotenv reads them); later files win. */
function fileVars() {
  const vars = {};
  for (const file of varsFiles()) {
    if (!existsSync(file)) {
      console.error(`--env-file ${file}: no such file`);
      process.exit(1);
    }
    for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
      const match = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*)$/.exec(line);
      if (!match) continue;
      const raw = match[2].trim();
      const quoted = /^(["'`])(.*)\1$/.exec(raw);
      vars[match[1]] = quoted ? quoted[2] : raw.replace(/\s+#.*$/, "");
    }
  }
  return vars;
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

// E-mail: each message the Worker sends becomes a .eml file under .wrangler/emails/ (a Worker
// cannot write files: it POSTs the raw MIME to this sink on 127.0.0.1, which prints its subject).
const mailSink = await startMailSink();
LOCAL_DEFAULTS.EMAIL_PROVIDER = "dev";
LOCAL_DEFAULTS.EMAIL_DEV_SINK_URL = mailSink.url;

// Vars set in the file win over the local defaults. A TEXT_MODEL of its own (a local Ollama or
// llama.cpp model) gets a local price, so the one-file recipe of the README needs no price list.
const localDefaults = { ...LOCAL_DEFAULTS };
if (fromFile.TEXT_MODEL && !("ARTICLE_PRICES_TRY" in fromFile)) {
  localDefaults.ARTICLE_PRICES_TRY = JSON.stringify({ ...JSON.parse(LOCAL_DEFAULTS.ARTICLE_PRICES_TRY), [fromFile.TEXT_MODEL]: "10.00" });
}
const vars = Object.entries(localDefaults)
  .filter(([key]) => !(key in fromFile))
  .flatMap(([key, value]) => ["--var", `${key}:${value}`]);
const effective = { ...localDefaults, ...fromFile };
const OFFLINE_WORDS = { TEXT_PROVIDER: "offline stand-in", IMAGE_PROVIDER: "offline placeholder", KEYWORD_PROVIDER: "offline estimates" };
const providers = Object.entries({ text: "TEXT_PROVIDER", images: "IMAGE_PROVIDER", keywords: "KEYWORD_PROVIDER" }).map(
  ([what, key]) =>
    `${what}: ${effective[key] === "offline" ? OFFLINE_WORDS[key] : `${effective[key]}${key === "TEXT_PROVIDER" && effective.TEXT_MODEL ? ` (${effective.TEXT_MODEL})` : ""}`}`,
);

console.log(`\nDemo account ${DEMO_EMAIL}; its API token (scope manage):\n${token}\n`);
console.log(`Account panel: http://localhost:${port}/  (sign in as ${DEMO_EMAIL}, password ${DEMO_PASSWORD})\n`);
console.log(`Try: curl -H "Authorization: Bearer ${token}" http://localhost:${port}/api/v1/public/articles\n`);
console.log(`Providers: ${providers.join(", ")} (README, "Run it": real articles locally)`);
console.log(
  effective.EMAIL_PROVIDER === "dev"
    ? "E-mail: written to .wrangler/emails/*.eml (docs/guides/email.md); each subject is printed as `mail: …`"
    : `E-mail: EMAIL_PROVIDER=${effective.EMAIL_PROVIDER}`,
);
console.log(
  clockOn
    ? "The autopilot clock ticks every minute (--no-clock to turn it off).\n"
    : `The autopilot clock is off (--no-clock): tick it by hand with curl http://localhost:${port}/cdn-cgi/local/scheduled\n`,
);

const server = spawn(
  "wrangler",
  ["dev", "--local", "--port", port, "--test-scheduled", "--show-interactive-dev-session=false", ...vars, ...passThrough],
  { env, stdio: ["inherit", "pipe", "inherit"] },
);
printBindingTableOnce(server.stdout);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
if (clockOn) void runClock(`http://localhost:${port}/cdn-cgi/local/scheduled`);

/**
 * Wrangler's output as it is, except that its table of bindings is shown once: wrangler prints it
 * again after "Connection status updated", and the same table twice reads like two Workers.
 */
function printBindingTableOnce(output) {
  let tablesSeen = 0;
  let inTable = false;
  createInterface({ input: output, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
    if (/Your Worker has access to the following bindings/.test(line)) {
      tablesSeen += 1;
      inTable = true;
    } else if (inTable && line.trim() === "") inTable = false;
    if (!(inTable && tablesSeen > 1)) process.stdout.write(`${line}\n`);
  });
}

/**
 * The autopilot clock of local runs (production has the cron trigger): the scheduled handler as
 * soon as wrangler answers, then at the start of every minute. A tick that fails is one line on
 * stderr, and the next minute tries again.
 */
async function runClock(url) {
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  // Until wrangler is ready nothing answers: try again quietly.
  let result = await tick(url);
  while (!result.reached) {
    await sleep(1000);
    result = await tick(url);
  }
  for (;;) {
    if (result.failure) console.error(`[clock] the tick of ${result.at} UTC failed: ${result.failure}; the next one is in a minute`);
    await sleep(CLOCK_MS - (Date.now() % CLOCK_MS) + 1000);
    result = await tick(url);
  }
}

/** One tick: when, whether wrangler answered, and what went wrong (null when the tick ran). */
async function tick(url) {
  const at = new Date().toISOString().slice(11, 19);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5 * CLOCK_MS) });
    const text = await response.text();
    return { at, reached: true, failure: response.ok ? null : `HTTP ${response.status} ${text.replace(/\s+/g, " ").trim().slice(0, 200)}` };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
    return { at, reached: false, failure: `${error instanceof Error ? error.message : String(error)}${cause ? ` (${cause})` : ""}` };
  }
}
