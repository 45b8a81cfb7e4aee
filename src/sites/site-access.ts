import { WordPressClient } from "../adapters/wordpress/client";
import { isWordPressFailure } from "../adapters/wordpress/errors";
import type { Transport } from "../adapters/wordpress/transport";
import { createXenForoClient, type XenForoClient } from "../adapters/xenforo/client";
import { isKeyRejected } from "../adapters/xenforo/errors";
import { decryptSecret, requireEncryptionKey } from "../core/crypto";
import { AppError } from "../core/errors";
import { log } from "../core/logger";
import { assertOutboundUrl } from "../core/outbound-url";
import type { Services } from "../services/container";
import { setSiteStatus, type SiteRow } from "./service";
import { notifySiteError } from "../email/events";

/** What talking to a user's site needs: a part of the services container. */
export type SiteAccessDeps = Pick<Services, "db" | "fetch" | "config" | "encryptionKey">;

/**
 * How one platform is reached with a site's stored credentials: where its secret lives, how a
 * client is made, what counts as "the platform rejected the credentials", and what to tell
 * the user then.
 */
interface PlatformAccess<Client> {
  secretName: string;
  encryptedSecret(site: SiteRow): string | null;
  reconnectHint(site: SiteRow): string;
  client(deps: SiteAccessDeps, site: SiteRow, secret: string): Client;
  isRejection(error: unknown): boolean;
  /** The reason stored on the site, and the message of the 422. */
  rejection(site: SiteRow, error: unknown): { reason: string; message: string };
  /** A site in ERROR proves it works again with this call before the work's own calls count. */
  proveRecovery?(client: Client): Promise<unknown>;
}

/** The network side of a WordPress client: injected fetch, the configured time limit, the outbound URL rule. */
export function wordPressTransport(deps: Pick<SiteAccessDeps, "fetch" | "config">): Transport {
  return {
    fetch: deps.fetch,
    timeoutMs: deps.config.outboundTimeoutMs,
    checkUrl: (url) => void assertOutboundUrl(url, { allowPrivate: deps.config.allowPrivateUrls }),
  };
}

/** A XenForo client for the forum at `url`, with the configured time limit and the outbound URL rule. */
export function xenForoClient(deps: Pick<SiteAccessDeps, "fetch" | "config">, url: string, apiKey: string, userId: number): XenForoClient {
  const baseUrl = assertOutboundUrl(url, { allowPrivate: deps.config.allowPrivateUrls });
  return createXenForoClient({ baseUrl, apiKey, userId, fetch: deps.fetch, timeoutMs: deps.config.outboundTimeoutMs });
}

const wordPressAccess: PlatformAccess<WordPressClient> = {
  secretName: "WordPress credentials",
  encryptedSecret: (site) => (site.blogUsername ? site.blogAppPasswordEncrypted : null),
  reconnectHint: (site) =>
    `create a new application password in WordPress and send it with PATCH /api/sites/${site.id} as {"blogUsername", "blogAppPassword"}`,
  client: (deps, site, appPassword) =>
    new WordPressClient({
      ...wordPressTransport(deps),
      baseUrl: site.url,
      apiRoot: site.blogApiRoot,
      username: site.blogUsername!,
      appPassword,
    }),
  isRejection: (error) => isWordPressFailure(error, "credentials_rejected"),
  rejection: (site) => ({
    reason: "WordPress rejected the stored user name or application password",
    message: `WordPress rejected the stored user name or application password of site ${site.id}; ${wordPressAccess.reconnectHint(site)}`,
  }),
  // WordPress serves public lists even to rejected credentials: a site in ERROR proves it works
  // again with users/me, not with whatever the work happens to call.
  proveRecovery: (client) => client.verifyCredentials(),
};

const forumAccess: PlatformAccess<XenForoClient> = {
  secretName: "XenForo API key",
  encryptedSecret: (site) => (site.forumUserId === null ? null : site.forumApiKeyEncrypted),
  reconnectHint: () =>
    "create a working API key in the forum's admin panel and connect the forum again with POST /api/platforms/forum/connect",
  client: (deps, site, apiKey) => xenForoClient(deps, site.url, apiKey, site.forumUserId!),
  isRejection: isKeyRejected,
  rejection: (site, error) => {
    const reason = error instanceof Error ? error.message : "the forum rejected the stored API key";
    return { reason, message: `${reason}; site ${site.id} is now in status ERROR: ${forumAccess.reconnectHint(site)}` };
  },
};

/** A client for the site with its stored (decrypted) secret; unreadable secrets turn the site to ERROR (409). */
async function clientFor<Client>(deps: SiteAccessDeps, platform: PlatformAccess<Client>, site: SiteRow): Promise<Client> {
  const encrypted = platform.encryptedSecret(site);
  if (!encrypted)
    throw new AppError("site_credentials_missing", `Site ${site.id} has no stored ${platform.secretName}; ${platform.reconnectHint(site)}`);
  let secret: string;
  try {
    secret = await decryptSecret(requireEncryptionKey(deps.encryptionKey), encrypted);
  } catch (error) {
    if (!deps.encryptionKey) throw error;
    log("error", "site_credentials_unreadable", { siteId: site.id });
    const message = `The stored ${platform.secretName} of site ${site.id} cannot be read; ${platform.reconnectHint(site)}`;
    await setSiteStatus(deps.db, site, "ERROR", message);
    await notifySiteError(deps, site, message);
    throw new AppError("site_credentials_missing", message);
  }
  return platform.client(deps, site, secret);
}

/**
 * Runs `work` against the site's platform. When the platform rejects the stored credentials the
 * site turns to ERROR and the caller gets a 422 saying how to reconnect (never a 500); the first
 * success afterwards turns it back to CONNECTED.
 */
async function withSiteClient<Client, T>(
  deps: SiteAccessDeps,
  platform: PlatformAccess<Client>,
  site: SiteRow,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = await clientFor(deps, platform, site);
  let result: T;
  try {
    if (site.status === "ERROR" && platform.proveRecovery) await platform.proveRecovery(client);
    result = await work(client);
  } catch (error) {
    if (!platform.isRejection(error)) throw error;
    const { reason, message } = platform.rejection(site, error);
    await setSiteStatus(deps.db, site, "ERROR", reason);
    await notifySiteError(deps, site, reason);
    throw new AppError("site_credentials_rejected", message);
  }
  if (site.status === "ERROR") await setSiteStatus(deps.db, site, "CONNECTED", null);
  return result;
}

/** Runs `work` against a blog site's WordPress (see withSiteClient). */
export const withWordPress = <T>(deps: SiteAccessDeps, site: SiteRow, work: (client: WordPressClient) => Promise<T>) =>
  withSiteClient(deps, wordPressAccess, site, work);

/** Runs `work` against a forum site's XenForo (see withSiteClient). */
export const withForum = <T>(deps: SiteAccessDeps, site: SiteRow, work: (client: XenForoClient) => Promise<T>) =>
  withSiteClient(deps, forumAccess, site, work);
