import type { WordPressClient } from "../adapters/wordpress/client";
import { log } from "../core/logger";
import type { SeoPlugin } from "../db/schema";
import type { SiteRow } from "./service";

// The connector plugin on a WordPress site (wordpress/content-autopilot-connector): whether it is
// there and which SEO plugin it writes into. Read at connect, on new credentials and at every
// sync; without it the SEO title, description and structured data cannot reach the pages.

/** Where the connector plugin is downloaded (GET, no token needed). */
export const CONNECTOR_ZIP_PATH = "/api/platforms/wordpress/connector.zip";

export interface SeoConnectorState {
  seoConnector: string | null;
  seoPlugin: SeoPlugin | null;
}

/**
 * What the site's connector says about itself; none when its route is unknown (not installed or
 * not active). Undefined when the site could not tell (an error other than the missing route):
 * the caller keeps what it knew. A connector that serves IndexNow keys (1.2.0+) is handed
 * `indexNowKey` on the way, every time: a reinstalled plugin has lost it.
 */
export async function readSeoConnector(
  wp: WordPressClient,
  siteUrl: string,
  indexNowKey?: string | null,
): Promise<SeoConnectorState | undefined> {
  let status: Awaited<ReturnType<WordPressClient["connectorStatus"]>>;
  try {
    status = await wp.connectorStatus();
  } catch (error) {
    log("warn", "seo_connector_status_unreadable", { host: new URL(siteUrl).host, error: messageOf(error) });
    return undefined;
  }
  if (status && indexNowKey && connectorAtLeast(status.connector, 1, 2)) await handIndexNowKey(wp, siteUrl, indexNowKey);
  return { seoConnector: status?.connector ?? null, seoPlugin: status?.seoPlugin ?? null };
}

/** The connector stores the key and serves it at /{key}.txt; a failure is logged, never fatal (the key goes again at the next sync). */
async function handIndexNowKey(wp: WordPressClient, siteUrl: string, key: string): Promise<void> {
  try {
    await wp.setConnectorIndexNowKey(key);
  } catch (error) {
    log("warn", "indexnow_key_not_handed", { host: new URL(siteUrl).host, error: messageOf(error) });
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether articles of the site are sent with their SEO fields and structured data. */
export const sendsSeoFields = (site: Pick<SiteRow, "platform" | "seoConnector">) => site.platform === "blog" && site.seoConnector !== null;

/** The connector's post meta keys the service writes, by field (the canonical is left to WordPress). */
export interface ConnectorMetaKeys {
  seoTitle: string;
  seoDesc: string;
  jsonLd: string;
}

const CONNECTOR_META_KEYS: ConnectorMetaKeys = {
  seoTitle: "_content_autopilot_seo_title",
  seoDesc: "_content_autopilot_seo_desc",
  jsonLd: "_content_autopilot_jsonld",
};
/** Connector 1.0.x named its keys with the short `_ca_` prefix; 1.1.0 moved them, values included. */
const LEGACY_CONNECTOR_META_KEYS: ConnectorMetaKeys = { seoTitle: "_ca_seo_title", seoDesc: "_ca_seo_desc", jsonLd: "_ca_jsonld" };

/**
 * The key sets to write on the site's posts; none without the connector. A site last seen with
 * 1.0.x gets both: it may have been upgraded since (the version is read at connect and sync
 * only), and WordPress ignores the keys that no active plugin registered.
 */
export function connectorMetaKeys(site: Pick<SiteRow, "platform" | "seoConnector">): ConnectorMetaKeys[] {
  if (!sendsSeoFields(site)) return [];
  return isLegacyConnector(site.seoConnector!) ? [CONNECTOR_META_KEYS, LEGACY_CONNECTOR_META_KEYS] : [CONNECTOR_META_KEYS];
}

/** Whether a connector version is before 1.1.0 ("1.0.3" is; "1.1.0", "2.0" and unreadable ones are not). */
function isLegacyConnector(version: string): boolean {
  const [major, minor] = version.split(".").map((part) => Number.parseInt(part, 10));
  return major !== undefined && minor !== undefined && (major < 1 || (major === 1 && minor < 1));
}

/** Whether a connector version is `major.minor` or later ("1.2.0" and "2.0" are at least 1.2; "1.1.9" and unreadable ones are not). */
function connectorAtLeast(version: string, major: number, minor: number): boolean {
  const [hasMajor, hasMinor] = version.split(".").map((part) => Number.parseInt(part, 10));
  if (hasMajor === undefined || Number.isNaN(hasMajor)) return false;
  return hasMajor > major || (hasMajor === major && (hasMinor ?? 0) >= minor);
}

/** What the site's owner should know about how its articles reach their pages. */
export function siteWarnings(site: Pick<SiteRow, "platform" | "seoConnector" | "status">): string[] {
  if (site.platform !== "blog" || site.seoConnector !== null || site.status === "DISCONNECTED") return [];
  return [
    `SEO titles and descriptions do not reach your pages: install the connector plugin (download it from ${CONNECTOR_ZIP_PATH}, upload it in WordPress under Plugins → Add New → Upload Plugin, activate it), then sync the site`,
  ];
}
