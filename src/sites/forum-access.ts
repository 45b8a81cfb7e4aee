import type { Context } from "hono";
import { createXenForoClient, type XenForoClient } from "../adapters/xenforo/client";
import { isKeyRejected } from "../adapters/xenforo/errors";
import { decryptSecret, requireEncryptionKey } from "../core/crypto";
import { AppError } from "../core/errors";
import { log } from "../core/logger";
import { assertOutboundUrl } from "../core/outbound-url";
import type { Database } from "../db/client";
import type { Config } from "../env";
import type { AppEnv } from "../http/context";
import type { OutboundFetch } from "../http/outbound-fetch";
import { setSiteStatus, type SiteRow } from "./service";

/** What talking to a user's XenForo forum needs; built per request (or per job) from the bindings. */
export interface ForumDeps {
  db: Database;
  fetch: OutboundFetch;
  config: Config;
  encryptionKey: string | undefined;
}

export function forumDepsOf(c: Context<AppEnv>): ForumDeps {
  return { db: c.get("db"), fetch: c.get("outboundFetch"), config: c.get("config"), encryptionKey: c.env.ENCRYPTION_KEY };
}

/** A XenForo client for the forum at `url`, with the configured time limit and the outbound URL rule. */
export function xenForoClient(deps: Pick<ForumDeps, "fetch" | "config">, url: string, apiKey: string, userId: number): XenForoClient {
  const baseUrl = assertOutboundUrl(url, { allowPrivate: deps.config.allowPrivateUrls });
  return createXenForoClient({ baseUrl, apiKey, userId, fetch: deps.fetch, timeoutMs: deps.config.outboundTimeoutMs });
}

const reconnectHint = "create a working API key in the forum's admin panel and connect the forum again with POST /api/platforms/forum/connect";

/** A client for a connected forum site, with its stored (decrypted) key. */
export async function xenForoClientFor(deps: ForumDeps, site: SiteRow): Promise<XenForoClient> {
  if (!site.forumApiKeyEncrypted || site.forumUserId === null) {
    throw new AppError("conflict", `Site ${site.id} has no stored XenForo API key; ${reconnectHint}`);
  }
  let apiKey: string;
  try {
    apiKey = await decryptSecret(requireEncryptionKey(deps.encryptionKey), site.forumApiKeyEncrypted);
  } catch (error) {
    if (!deps.encryptionKey) throw error;
    log("error", "site_credentials_unreadable", { siteId: site.id });
    const message = `The stored API key of site ${site.id} cannot be read; ${reconnectHint}`;
    await setSiteStatus(deps.db, site.id, "ERROR", message);
    throw new AppError("conflict", message);
  }
  return xenForoClient(deps, site.url, apiKey, site.forumUserId);
}

/**
 * Runs `work` against the site's forum. When the forum rejects the stored key (or the key
 * lost what posting needs) the site turns to ERROR and the caller gets a 422 saying so, never
 * a 500; the first success afterwards turns it back to CONNECTED.
 */
export async function withForum<T>(deps: ForumDeps, site: SiteRow, work: (client: XenForoClient) => Promise<T>): Promise<T> {
  const client = await xenForoClientFor(deps, site);
  let result: T;
  try {
    result = await work(client);
  } catch (error) {
    if (!isKeyRejected(error)) throw error;
    await setSiteStatus(deps.db, site.id, "ERROR", error.message);
    throw new AppError("unprocessable", `${error.message}; site ${site.id} is now in status ERROR: ${reconnectHint}`);
  }
  if (site.status === "ERROR") await setSiteStatus(deps.db, site.id, "CONNECTED", null);
  return result;
}
