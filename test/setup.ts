import { applyD1Migrations, env } from "cloudflare:test";

// The same migration files that wrangler applies in dev and production; applying is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
