import { applyD1Migrations, env } from "cloudflare:test";
import { afterEach } from "vitest";
import { resetServices } from "./harness";

// The same migration files that wrangler applies in dev and production; applying is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// The files of one Vitest worker share one workerd and its storage (isolate: false, vitest.config.ts):
// each file starts from an empty database, as it would on a fresh runtime. Durable Object state
// (rate windows) is not wiped: each test calls from an address of its own (harness.ts, `call`).
await emptyDatabase(env.DB);

afterEach(resetServices);

async function emptyDatabase(database: D1Database) {
  const { results } = await database
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    )
    .all<{ name: string; sql: string }>();
  // A full-text table's own shadow tables are its business: emptying the table empties them.
  const virtual = results.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql)).map((table) => table.name);
  const tables = results.map((table) => table.name).filter((name) => !virtual.some((owner) => name.startsWith(`${owner}_`)));
  if (tables.length === 0) return;
  // One transaction: foreign keys are checked at its end, when every table is empty.
  await database.batch([
    database.prepare("PRAGMA defer_foreign_keys = on"),
    ...tables.map((name) => database.prepare(`DELETE FROM "${name}"`)),
  ]);
}
