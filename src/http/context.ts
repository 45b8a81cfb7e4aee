import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Role, TokenScope } from "../db/schema";
import type { Env } from "../env";
import type { Services } from "../services/container";

/** Who is calling, as the auth middleware learns it: the account, the member and their role, and the token (or session, or grant). */
export interface Caller {
  accountId: string;
  tokenId: string;
  scope: TokenScope;
  /** The member acting; null for a token the operator issued (it acts as an owner). */
  memberId: string | null;
  /** What the caller may do: the member's role, or less for a token made with a lower one. */
  role: Role;
  /** The sites the member is limited to; null for every site of the account. */
  siteIds: string[] | null;
  via: "session" | "token" | "oauth";
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
  /** The D1 bookmark of the write behind contentVersion (null: read the primary). */
  contentBookmark: string | null;
  /** Public API: how src/public/cache.ts answered (for Server-Timing). */
  publicCache: "revalidated" | "hit" | "miss";
  /** Set by a route that recorded a different audit event than its table's (a writer's edit kept as a revision). */
  auditedByRoute?: boolean;
  /** Public API: Server-Timing entries of the route (`query;dur=…`), joined by the gate. */
  serverTiming: string[];
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
export type AppRouter = OpenAPIHono<AppEnv>;
