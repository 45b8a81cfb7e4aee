import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The panel's own tests in Node: formatting, i18n completeness, the generated API types.
// Run by `npm test` after the Worker's suite; the browser tests are web/e2e (Playwright).
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: { include: ["test/**/*.test.ts"], environment: "node" },
});
