import { applyD1Migrations, env } from "cloudflare:test";
import { afterEach } from "vitest";
import { resetServices } from "./harness";

// The same migration files that wrangler applies in dev and production; applying is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

afterEach(resetServices);
