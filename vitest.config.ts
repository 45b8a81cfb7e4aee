import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { workerUnderTest } from "./vitest.workers.ts";

export default defineConfig({
  plugins: [workerUnderTest()],
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/e2e/**"],
    setupFiles: ["./test/setup.ts"],
    // Starting a workerd and loading the Worker's modules costs ~5 s, and the files take ~200 s in
    // all: one runtime per Vitest worker, reused by its files (test/setup.ts empties the database
    // before each file), and one worker per core. 15 minutes became ~2½ on 2 cores.
    isolate: false,
    maxWorkers: availableParallelism(),
    // Route tests make many round trips through workerd; on a loaded 2-core machine 5 s is too tight.
    testTimeout: 30_000,
    // The service's JSON log lines (many of them errors a test provokes on purpose) are dropped;
    // TEST_LOGS=1 shows them.
    onConsoleLog: () => (process.env.TEST_LOGS === "1" ? undefined : false),
  },
});
