import { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";

/** A raw `sql` statement or a Drizzle query builder. */
export type BatchStatement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * Runs the statements as one D1 batch, which D1 executes as one transaction. Drizzle's own
 * `db.batch` cannot carry raw SQL with parameters on D1 (its raw queries have no prepared
 * statement to bind), and the money writes here are raw INSERT … SELECT statements.
 */
export async function runBatch(db: Database, statements: BatchStatement[]): Promise<D1Result[]> {
  const dialect = new SQLiteAsyncDialect();
  const d1 = db.$client;
  return d1.batch(
    statements.map((statement) => {
      const query = statement instanceof SQL ? dialect.sqlToQuery(statement) : statement.toSQL();
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
}
