// A benchmark tool, never on in production: BENCH_RTT_MS=80 makes every D1 call and every call
// to a Durable Object wait that long first, as if the database and the account's object lived
// a continent away from the Worker (`BENCH_RTT_MS=80 npm run bench`, docs/guides/benchmarks.md).
// Everything else (the isolate's caches, the Cache API) stays as near as it is, so the bench
// shows what each design choice costs a far reader.

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const farDatabases = new WeakMap<D1Database, Map<string, D1Database>>();

/**
 * D1 with one round trip of `ms` before each query, batch or exec (one wrapper per binding, so
 * its Drizzle client is kept too). With `replicaMs`, D1 read replication near the Worker: a
 * session not bound to the primary (started from a bookmark, or unconstrained) waits
 * `replicaMs` instead, as a replica that has caught up would answer it.
 */
export function farDatabase(db: D1Database, ms: number, replicaMs = 0): D1Database {
  const key = `${ms}/${replicaMs}`;
  const byDistance = farDatabases.get(db) ?? new Map<string, D1Database>();
  farDatabases.set(db, byDistance);
  const far = byDistance.get(key) ?? wrapDatabase(db, ms, replicaMs);
  byDistance.set(key, far);
  return far;
}

function wrapDatabase<D extends D1Database | D1DatabaseSession>(db: D, ms: number, replicaMs: number): D {
  // Batches take D1's own statements: each wrapped statement remembers the one it wraps.
  const real = new WeakMap<object, D1PreparedStatement>();
  const statement = (inner: D1PreparedStatement): D1PreparedStatement => {
    const outer = new Proxy(inner, {
      get(target, name) {
        if (name === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        if (name === "first" || name === "all" || name === "run" || name === "raw")
          return async (...args: unknown[]) => {
            await wait(ms);
            return Reflect.apply(target[name] as (...a: unknown[]) => unknown, target, args);
          };
        const value = Reflect.get(target, name, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(outer, inner);
    return outer;
  };
  return new Proxy(db, {
    get(target, name) {
      if (name === "prepare") return (query: string) => statement(target.prepare(query));
      if (name === "batch")
        return async (statements: D1PreparedStatement[]) => {
          await wait(ms);
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      if (name === "exec")
        return async (query: string) => {
          await wait(ms);
          return (target as D1Database).exec(query);
        };
      if (name === "withSession")
        return (constraint?: string) => {
          const session = (target as D1Database).withSession(constraint);
          return wrapDatabase(session, replicaMs > 0 && constraint !== "first-primary" ? replicaMs : ms, replicaMs);
        };
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A Durable Object namespace whose stubs wait `ms` before every call. */
export function farNamespace<T extends Rpc.DurableObjectBranded | undefined>(
  namespace: DurableObjectNamespace<T>,
  ms: number,
): DurableObjectNamespace<T> {
  return new Proxy(namespace, {
    get(target, name) {
      if (name === "get")
        return (id: DurableObjectId, options?: DurableObjectNamespaceGetDurableObjectOptions) => {
          const stub = target.get(id, options);
          return new Proxy(stub, {
            get(inner, method) {
              const value = Reflect.get(inner, method, inner);
              if (typeof value !== "function" || method === "then") return value;
              return async (...args: unknown[]) => {
                await wait(ms);
                // An RPC stub answers any property, `apply` too: call it without looking one up.
                return Reflect.apply(value as (...a: unknown[]) => unknown, inner, args);
              };
            },
          });
        };
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
