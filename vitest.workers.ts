import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The Worker under test with its test bindings, shared by vitest.config.ts (fakes) and
 * vitest.e2e.config.ts (a real WordPress); `overrides` holds what differs.
 */
export function workerUnderTest(overrides: Record<string, string> = {}) {
  // wrangler.toml serves the built panel (web/dist); the API tests need only the directory.
  mkdirSync(fileURLToPath(new URL("./web/dist", import.meta.url)), { recursive: true });
  return cloudflareTest(async () => ({
    main: "./test/worker.ts",
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
        // Models and research: the offline providers unless a test hands the real clients fakes
        // (useVars + useFakeFetch / useServices({ ai })); the keys are the fakes' test keys.
        TEXT_PROVIDER: "offline",
        // The default price list plus the offline writer, so offline runs are charged like real ones.
        ARTICLE_PRICES_TRY: JSON.stringify({
          "@cf/meta/llama-3.3-70b-instruct-fp8-fast": "10.00",
          "gpt-4o-mini": "15.00",
          "claude-sonnet-4-5": "40.00",
          "offline-draft": "5.00",
        }),
        IMAGE_PROVIDER: "offline",
        KEYWORD_PROVIDER: "offline",
        // The search loop: invented figures and recorded submissions unless a test hands in Google's and IndexNow's fakes.
        SEARCH_CONSOLE_PROVIDER: "offline",
        INDEXNOW_PROVIDER: "offline",
        OPENAI_API_KEY: "sk-operator-test-key",
        ANTHROPIC_API_KEY: "sk-ant-operator-test-key",
        DATAFORSEO_LOGIN: "login@example.com",
        DATAFORSEO_PASSWORD: "dataforseo-test-password",
        ...overrides,
        TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url))),
      },
    },
  }));
}
