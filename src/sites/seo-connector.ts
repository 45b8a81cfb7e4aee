import type { WordPressClient } from "../adapters/wordpress/client";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { sites, type SeoPlugin } from "../db/schema";
import { and, eq } from "drizzle-orm";
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
 * the caller keeps what it knew.
 */
export async function readSeoConnector(wp: WordPressClient, siteUrl: string): Promise<SeoConnectorState | undefined> {
  try {
    const status = await wp.connectorStatus();
    return { seoConnector: status?.connector ?? null, seoPlugin: status?.seoPlugin ?? null };
  } catch (error) {
    log("warn", "seo_connector_status_unreadable", { host: new URL(siteUrl).host, error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

/** Stores what was found on the site (nothing when `found` is undefined) and answers the site as it now is. */
export async function recordSeoConnector(db: Database, site: SiteRow, found: SeoConnectorState | undefined): Promise<SiteRow> {
  if (!found || (found.seoConnector === site.seoConnector && found.seoPlugin === site.seoPlugin)) return site;
  const [row] = await db
    .update(sites)
    .set({ ...found, updatedAt: toIsoSeconds(new Date()) })
    .where(and(eq(sites.id, site.id), eq(sites.accountId, site.accountId)))
    .returning();
  log("info", "seo_connector_changed", { siteId: site.id, connector: found.seoConnector, seoPlugin: found.seoPlugin });
  return row ?? site;
}

/** Whether articles of the site are sent with their SEO fields and structured data. */
export const sendsSeoFields = (site: Pick<SiteRow, "platform" | "seoConnector">) => site.platform === "blog" && site.seoConnector !== null;

/** What the site's owner should know about how its articles reach their pages. */
export function siteWarnings(site: Pick<SiteRow, "platform" | "seoConnector" | "status">): string[] {
  if (site.platform !== "blog" || site.seoConnector !== null || site.status === "DISCONNECTED") return [];
  return [`SEO titles and descriptions do not reach your pages: install the connector plugin (download it from ${CONNECTOR_ZIP_PATH}, upload it in WordPress under Plugins → Add New → Upload Plugin, activate it), then sync the site`];
}
