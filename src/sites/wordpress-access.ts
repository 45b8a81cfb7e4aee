import type { Context } from "hono";
import { WordPressClient } from "../adapters/wordpress/client";
import { isWordPressFailure } from "../adapters/wordpress/errors";
import type { Transport } from "../adapters/wordpress/transport";
import { decryptSecret, requireEncryptionKey } from "../core/crypto";
import { AppError } from "../core/errors";
import { log } from "../core/logger";
import { assertOutboundUrl } from "../core/outbound-url";
import type { Database } from "../db/client";
import type { Config } from "../env";
import type { AppEnv } from "../http/context";
import type { OutboundFetch } from "../http/outbound-fetch";
import { setSiteStatus, type SiteRow } from "./service";

/** What talking to a user's WordPress needs; built per request (or per job) from the bindings. */
export interface WordPressDeps {
  db: Database;
  fetch: OutboundFetch;
  config: Config;
  encryptionKey: string | undefined;
}

export function wordPressDepsOf(c: Context<AppEnv>): WordPressDeps {
  return { db: c.get("db"), fetch: c.get("outboundFetch"), config: c.get("config"), encryptionKey: c.env.ENCRYPTION_KEY };
}

/** The network side of a client: injected fetch, the configured time limit, the outbound URL rule. */
export function wordPressTransport(deps: Pick<WordPressDeps, "fetch" | "config">): Transport {
  return {
    fetch: deps.fetch,
    timeoutMs: deps.config.outboundTimeoutMs,
    checkUrl: (url) => void assertOutboundUrl(url, { allowPrivate: deps.config.allowPrivateUrls }),
  };
}

const reconnectHint = (site: SiteRow) =>
  `create a new application password in WordPress and send it with PATCH /api/sites/${site.id} as {"blogUsername", "blogAppPassword"}`;

/** A client for a connected WordPress site, with its stored (decrypted) credentials. */
export async function wordPressClientFor(deps: WordPressDeps, site: SiteRow): Promise<WordPressClient> {
  if (!site.blogUsername || !site.blogAppPasswordEncrypted) {
    throw new AppError("conflict", `Site ${site.id} has no stored WordPress credentials; ${reconnectHint(site)}`);
  }
  let appPassword: string;
  try {
    appPassword = await decryptSecret(requireEncryptionKey(deps.encryptionKey), site.blogAppPasswordEncrypted);
  } catch (error) {
    if (!deps.encryptionKey) throw error;
    log("error", "site_credentials_unreadable", { siteId: site.id });
    const message = `The stored credentials of site ${site.id} cannot be read; ${reconnectHint(site)}`;
    await setSiteStatus(deps.db, site.id, "ERROR", message);
    throw new AppError("conflict", message);
  }
  return new WordPressClient({
    ...wordPressTransport(deps),
    baseUrl: site.url,
    apiRoot: site.blogApiRoot,
    username: site.blogUsername,
    appPassword,
  });
}

/**
 * Runs `work` against the site's WordPress. When WordPress rejects the stored credentials the
 * site turns to ERROR and the caller gets a 422 saying how to reconnect (never a 500); the
 * first success afterwards turns it back to CONNECTED.
 */
export async function withWordPress<T>(deps: WordPressDeps, site: SiteRow, work: (client: WordPressClient) => Promise<T>): Promise<T> {
  const client = await wordPressClientFor(deps, site);
  let result: T;
  try {
    // WordPress serves public lists even to rejected credentials: a site in ERROR proves it
    // works again with users/me, not with whatever the work happens to call.
    if (site.status === "ERROR") await client.verifyCredentials();
    result = await work(client);
  } catch (error) {
    if (!isWordPressFailure(error, "credentials_rejected")) throw error;
    const message = `WordPress rejected the stored user name or application password of site ${site.id}; ${reconnectHint(site)}`;
    await setSiteStatus(deps.db, site.id, "ERROR", "WordPress rejected the stored user name or application password");
    throw new AppError("unprocessable", message);
  }
  if (site.status === "ERROR") await setSiteStatus(deps.db, site.id, "CONNECTED", null);
  return result;
}
