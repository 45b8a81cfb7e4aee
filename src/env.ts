import type { AccountState } from "./durable-objects/account-state";
import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import type { ItemRunParams } from "./core/queue-messages";

/** Every binding, var and secret the Worker uses (wrangler.toml declares the bindings). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  IMAGES: ImagesBinding;
  /** Workers AI; absent under `wrangler dev --local` and in tests (no local simulation). */
  AI?: Ai;
  GENERATION_QUEUE: Queue<unknown>;
  WEBHOOK_QUEUE: Queue<unknown>;
  /** The search loop's work: Search Console sync steps, IndexNow submissions, automatic refreshes. */
  SEARCH_QUEUE: Queue<unknown>;
  ACCOUNT_STATE: DurableObjectNamespace<AccountState>;
  /** One Workflow instance per run of a plan item (src/pipeline/workflow.ts). */
  ITEM_PIPELINE: Workflow<ItemRunParams>;
  /** OAuth clients, grants and tokens of the MCP server (src/oauth/provider.ts). */
  OAUTH_KV: KVNamespace;
  /** The OAuth provider's helpers, set by it on requests it hands to the app. */
  OAUTH_PROVIDER?: OAuthHelpers;
  ENVIRONMENT: string;
  ALLOW_PRIVATE_URLS: string;
  SIGNUP_CREDIT_TRY: string;
  SIGNUP_OPEN?: string;
  PUBLIC_BASE_URL?: string;
  /** Outside production, the panel's origin in e-mail links when PUBLIC_BASE_URL is unset; `npm run dev` sets it. */
  LOCAL_PANEL_URL?: string;
  MCP_ALLOWED_ORIGINS?: string;
  /** The public API's requests per rolling minute per account; 100 unless set (benchmarks raise it). */
  PUBLIC_RATE_LIMIT_PER_MINUTE?: string;
  /** Benchmarks only: milliseconds before every D1 and Durable Object call, as if they were far (src/services/far.ts). */
  BENCH_RTT_MS?: string;
  /** Benchmarks only, with BENCH_RTT_MS: milliseconds to a D1 read replica near the Worker, for reads in a session (src/services/far.ts). */
  BENCH_REPLICA_RTT_MS?: string;
  /** Management API requests per rolling minute per account; 600 unless set. */
  MANAGEMENT_RATE_LIMIT_PER_MINUTE?: string;
  ADMIN_TOKEN?: string;
  ENCRYPTION_KEY?: string;
  /** Milliseconds before a call to a user's site (WordPress, XenForo) is given up; default 15000. */
  OUTBOUND_TIMEOUT_MS?: string;
  /** Billing (src/config.ts): `paytr` or `offline`; PayTR store credentials (key and salt are secrets). */
  PAYMENT_PROVIDER?: string;
  PAYTR_MERCHANT_ID?: string;
  PAYTR_MERCHANT_KEY?: string;
  PAYTR_MERCHANT_SALT?: string;
  PAYTR_TEST_MODE?: string;
  TOPUP_MIN_TRY?: string;
  TOPUP_MAX_TRY?: string;
  BYOK_MONTHLY_PRICE_TRY?: string;
  BYOK_YEARLY_PRICE_TRY?: string;
  BYOK_MONTHLY_QUOTA?: string;
  BYOK_YEARLY_QUOTA?: string;
  /** JSON object: model id → price of one article in lira, e.g. {"gpt-4o-mini":"15.00"}. */
  ARTICLE_PRICES_TRY?: string;
  IMPROVEMENT_PRICE_TRY?: string;
  CANNIBALIZATION_MIN_SHARE_PERCENT?: string;
  CANNIBALIZATION_MIN_IMPRESSIONS?: string;
  TRACTION_MIN_AGE_DAYS?: string;
  TRACTION_EARNING_IMPRESSIONS?: string;
  TRACTION_EARNING_CLICKS?: string;
  TRACTION_NONE_BELOW_IMPRESSIONS?: string;
  TRACTION_NOINDEX_AFTER_DAYS?: string;
  TRACTION_UNPUBLISH_AFTER_DAYS?: string;
  /** Price of one message to a site agent in lira; "0.00" (the default) leaves chat free. */
  CHAT_PRICE_TRY?: string;
  /** `provider` (a small call to the model provider) or `offline` (shape only, for local runs). */
  BYOK_KEY_CHECK?: string;
  /** Model and keyword-research providers (src/config.ts has every default; docs/guides/configuration.md). */
  ALLOW_OFFLINE_PROVIDERS?: string;
  TEXT_PROVIDER?: string;
  TEXT_MODEL?: string;
  IMAGE_PROVIDER?: string;
  IMAGE_MODEL?: string;
  KEYWORD_PROVIDER?: string;
  MODEL_TIMEOUT_MS?: string;
  MODEL_MAX_RETRIES?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_MAX_TOKENS_FIELD?: string;
  ANTHROPIC_BASE_URL?: string;
  ANTHROPIC_API_KEY?: string;
  ANTHROPIC_STRUCTURED_OUTPUT?: string;
  DATAFORSEO_BASE_URL?: string;
  DATAFORSEO_LOGIN?: string;
  DATAFORSEO_PASSWORD?: string;
  /** The search loop (src/config.ts): Search Console provider, the Google OAuth client (the secret is a secret), IndexNow. */
  SEARCH_CONSOLE_PROVIDER?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTH_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_REVOKE_URL?: string;
  SEARCH_CONSOLE_BASE_URL?: string;
  INDEXNOW_PROVIDER?: string;
  INDEXNOW_ENDPOINT?: string;
  /** The pipeline (src/config.ts): article length, when a silent run counts as stuck, how long run-now waits. */
  MIN_ARTICLE_WORDS?: string;
  STUCK_RUN_MINUTES?: string;
  RUN_WAIT_SECONDS?: string;
  /** Milliseconds a webhook receiver has to answer one attempt; default 10000. */
  WEBHOOK_TIMEOUT_MS?: string;
  /** Cloudflare Email Service (`send_email` binding in wrangler.toml); simulated by wrangler dev and the tests. */
  EMAIL?: SendEmail;
  /** E-mail (src/config.ts, docs/guides/email.md): `cloudflare`, `dev` or `off`; the sender; the dev sink; the low-balance line in lira. */
  EMAIL_PROVIDER?: string;
  EMAIL_FROM?: string;
  EMAIL_DEV_SINK_URL?: string;
  LOW_BALANCE_TRY?: string;
  /** E-mails one account may queue per rolling day (default 200); the rest are stored as skipped. */
  EMAIL_DAILY_LIMIT_PER_ACCOUNT?: string;
  /** Invitations one account may make per rolling day (default 30). */
  INVITATIONS_PER_DAY?: string;
}
