import { createMiddleware } from "hono/factory";
import type { Env } from "../env";
import type { Services } from "../services/container";
import type { AppEnv } from "./context";

/** Puts the services built from this request's bindings on the context (with `db` and `config` for short). */
export function servicesMiddleware(build: (env: Env) => Services) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const services = build(c.env);
    c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
    c.set("services", services);
    c.set("db", services.db);
    c.set("config", services.config);
    await next();
  });
}
