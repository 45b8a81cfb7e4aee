import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: "./src/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      remoteBindings: false,
      miniflare: {
        bindings: {
          ENVIRONMENT: "test",
          ALLOW_PRIVATE_URLS: "true",
          // Fakes answer in microseconds; a short limit keeps the timeout tests quick.
          OUTBOUND_TIMEOUT_MS: "1500",
          SIGNUP_CREDIT_TRY: "100.00",
          ADMIN_TOKEN: "test-admin-token",
          // 32 zero bytes, base64: a fixed key for tests only.
          ENCRYPTION_KEY: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
          // Billing: PayTR test store credentials; tests answer PayTR and the model providers with fakes.
          PAYMENT_PROVIDER: "paytr",
          PAYTR_MERCHANT_ID: "100001",
          PAYTR_MERCHANT_KEY: "test-merchant-key",
          PAYTR_MERCHANT_SALT: "test-merchant-salt",
          PAYTR_TEST_MODE: "1",
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url))),
        },
      },
    })),
  ],
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/e2e/**"],
    setupFiles: ["./test/setup.ts"],
    // Route tests make many round trips through workerd; on a loaded 2-core machine 5 s is too tight.
    testTimeout: 30_000,
  },
});
