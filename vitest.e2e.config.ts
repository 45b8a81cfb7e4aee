import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";
import { workerUnderTest } from "./vitest.workers.ts";

// End-to-end tests against a REAL WordPress (scripts/wordpress-peer/start.sh prints the
// three variables). Same Worker and bindings as vitest.config.ts, but outbound calls go to the
// network, so the Worker talks to that WordPress through its own fetch.
const wordpress = {
  WP_URL: process.env.WP_URL ?? "",
  WP_USER: process.env.WP_USER ?? "",
  WP_APP_PASSWORD: process.env.WP_APP_PASSWORD ?? "",
};
const missing = Object.entries(wordpress)
  .filter(([, value]) => !value)
  .map(([name]) => name);
if (missing.length > 0) {
  console.warn(
    `\n[test:e2e] SKIPPING the end-to-end tests: ${missing.join(", ")} not set.\n` +
      `[test:e2e] Start a real WordPress and run again:  eval "$(scripts/wordpress-peer/start.sh)" && npm run test:e2e\n`,
  );
}

/**
 * The connector's own test ends by deleting the plugin in WordPress (its uninstall.php), which
 * removes its files; the other files activate it, so that file always runs last.
 */
class ConnectorDeletedLast extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const deleting = (file: TestSpecification) => file.moduleId.endsWith("seo-connector.test.ts");
    return [...sorted.filter((file) => !deleting(file)), ...sorted.filter(deleting)];
  }
}

export default defineConfig({
  plugins: [
    workerUnderTest({
      // A real PHP server on loopback (127.0.0.1:8881): WordPress's own pace, not the fakes' microseconds.
      OUTBOUND_TIMEOUT_MS: "20000",
      ...wordpress,
    }),
  ],
  test: {
    include: ["test/e2e/**/*.test.ts"],
    setupFiles: ["./test/setup.ts"],
    // Copies the connector plugin and the SEO plugin stand-ins into the WordPress (WP_DIR).
    globalSetup: ["./test/e2e/install-plugins.mjs"],
    // One WordPress is shared: files run one after another so counts stay predictable, in one
    // workerd (test/setup.ts empties its database before each file): a runtime per file cost ~5 s each.
    fileParallelism: false,
    isolate: false,
    sequence: { sequencer: ConnectorDeletedLast },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
