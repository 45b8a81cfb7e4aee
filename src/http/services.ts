import { createMiddleware } from "hono/factory";
import { createDb } from "../db/client";
import { parseConfig } from "../env";
import type { AppEnv } from "./context";
import { currentOutboundFetch } from "./outbound-fetch";

/** Builds the per-request services from the bindings: the database client, the parsed config. */
export const services = createMiddleware<AppEnv>(async (c, next) => {
  c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
  c.set("db", createDb(c.env.DB));
  c.set("config", parseConfig(c.env));
  c.set("outboundFetch", currentOutboundFetch());
  await next();
});
