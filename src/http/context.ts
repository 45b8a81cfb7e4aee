import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config, Env } from "../env";
import type { Database } from "../db/client";
import type { TokenScope } from "../db/schema";
import type { OutboundFetch } from "./outbound-fetch";

/** What the auth middleware learns about the caller. */
export interface Caller {
  accountId: string;
  tokenId: string;
  scope: TokenScope;
}

export interface AppVariables {
  db: Database;
  config: Config;
  caller: Caller;
  requestId: string;
  /** Fetch for calls to user sites; replaceable by a fake in tests (src/http/outbound-fetch.ts). */
  outboundFetch: OutboundFetch;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
export type AppRouter = OpenAPIHono<AppEnv>;
