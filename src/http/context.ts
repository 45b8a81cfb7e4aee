import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { TokenScope } from "../db/schema";
import type { Env } from "../env";
import type { Services } from "../services/container";

/** Who is calling, as the auth middleware learns it: the account, and the token (or session, or grant). */
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
  /** Everything the areas need (src/services/container.ts); `db` and `config` above are its own. */
  services: Services;
  /** Public API: the account's content version, as the gate read it (src/articles/content-version.ts). */
  contentVersion: number;
  /** Public API: how src/public/cache.ts answered (for Server-Timing). */
  publicCache: "revalidated" | "hit" | "miss";
  /** Public API: Server-Timing entries of the route (`query;dur=…`), joined by the gate. */
  serverTiming: string[];
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
export type AppRouter = OpenAPIHono<AppEnv>;
