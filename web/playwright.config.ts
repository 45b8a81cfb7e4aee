import { defineConfig } from "@playwright/test";

// The panel in a real Chromium (Debian's /usr/bin/chromium: no browser download is possible
// here) against `npm run dev` on its own port and, for the WordPress steps, the real WordPress
// peer (WP_URL, WP_USER, WP_APP_PASSWORD from scripts/wordpress-peer/start.sh).
export const PANEL_PORT = Number(process.env.PANEL_PORT ?? 8793);

export default defineConfig({
  testDir: "./e2e",
  outputDir: "../test-results/panel",
  fullyParallel: false,
  workers: 1,
  timeout: 240_000,
  // A hang is a failure: the whole run stops after 16 minutes (it takes ~11 on this 2-core
  // machine), each action and navigation after 30 s, each expectation after 15 s unless it says otherwise.
  globalTimeout: 16 * 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PANEL_PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: "retain-on-failure",
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
