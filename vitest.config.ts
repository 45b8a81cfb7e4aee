import { defineConfig } from "vitest/config";
import { workerUnderTest } from "./vitest.workers.ts";

export default defineConfig({
  plugins: [workerUnderTest()],
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/e2e/**"],
    setupFiles: ["./test/setup.ts"],
    // Route tests make many round trips through workerd; on a loaded 2-core machine 5 s is too tight.
    testTimeout: 30_000,
    // The service's JSON log lines (many of them errors a test provokes on purpose) are dropped;
    // TEST_LOGS=1 shows them.
    onConsoleLog: () => (process.env.TEST_LOGS === "1" ? undefined : false),
  },
});
