import { defineConfig } from "@playwright/test";

// The panel in a real Chromium (Debian's /usr/bin/chromium: no browser download is possible
// here) against `npm run dev` on its own port and, for the WordPress steps, the real WordPress
// peer (WP_URL, WP_USER, WP_APP_PASSWORD from scripts/wordpress-peer/start.sh).
export const PANEL_PORT = Number(process.env.PANEL_PORT ?? 8793);

/**
 * Two things are shared by the specs and cannot be made per worker: the demo account that
 * `npm run dev` seeds (its members, its demo blog's Search Console sync, its plans and apps) and
 * the one WordPress peer (its seeded posts, and what the journeys publish and remove). The specs
 * on each run one after another in a project of their own (workers: 1); every other spec signs up
 * an account of its own and runs beside them on the other worker. A new spec that signs in as the
 * demo account to change it, or reads or writes the WordPress peer, goes in its list here.
 */
const DEMO_ACCOUNT_SPECS = ["teams", "search-site", "site-health", "search-pages", "oauth"];
const WORDPRESS_SPECS = ["journey", "overlap-wordpress", "flow", "turkish", "slug"];
const specFiles = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "./e2e",
  outputDir: "../test-results/panel",
  fullyParallel: false,
  // One worker per core of the 2-core CI machine (PANEL_WORKERS=1 runs the specs one after another).
  workers: Number(process.env.PANEL_WORKERS ?? 2),
  timeout: 240_000,
  // A hang is a failure: the whole run stops after 12 minutes (it takes under 7 on this 2-core
  // machine), each action and navigation after 30 s, each expectation after 15 s unless it says otherwise.
  globalTimeout: 12 * 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["./e2e/spec-times.ts"]],
  // The two chains first, so the two workers finish together. The tour account is made once, for
  // the specs that only read it (tour-account.setup.ts).
  projects: [
    { name: "tour account", testMatch: "**/tour-account.setup.ts" },
    { name: "wordpress peer", testMatch: specFiles(WORDPRESS_SPECS), workers: 1 },
    { name: "demo account", testMatch: specFiles(DEMO_ACCOUNT_SPECS), workers: 1 },
    { name: "own accounts", testIgnore: specFiles([...WORDPRESS_SPECS, ...DEMO_ACCOUNT_SPECS]), dependencies: ["tour account"] },
  ],
  use: {
    baseURL: `http://localhost:${PANEL_PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // Recording a trace costs every test about a quarter of its time, and CI keeps no artifacts:
    // locally a failed test keeps its trace, in CI it has its screenshot and error context
    // (PANEL_TRACE=retain-on-failure records them there too).
    trace: (process.env.PANEL_TRACE as "off" | "retain-on-failure" | undefined) ?? (process.env.CI ? "off" : "retain-on-failure"),
    screenshot: "only-on-failure",
    locale: "en-GB",
    timezoneId: "Europe/Istanbul",
  },
  webServer: {
    command: `npm run dev -- --port ${PANEL_PORT}`,
    cwd: "..",
    url: `http://localhost:${PANEL_PORT}/api/openapi.json`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: "ignore",
    stderr: "pipe",
  },
});
