import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof drizzleFor>;

const drizzleFor = (d1: D1Database) => drizzle(d1, { schema });

// Drizzle reads the whole schema each time a client is made (about 0.2 ms, on every request):
// one client per binding object, which stays the same across an isolate's requests.
const clients = new WeakMap<D1Database, Database>();

/** The Drizzle client of a D1 binding. */
export function createDb(d1: D1Database): Database {
  let client = clients.get(d1);
  if (!client) {
    client = drizzleFor(d1);
    clients.set(d1, client);
  }
  return client;
}

/**
 * A Drizzle client over a D1 session (read replication: its reads may be answered by a replica
 * that has caught up to the session's bookmark). A session has the prepare and batch Drizzle uses.
 */
export function sessionDb(session: D1DatabaseSession): Database {
  return drizzleFor(session as unknown as D1Database);
}
