import type { WordPressClient } from "../adapters/wordpress/client";
import type { WpPost } from "../adapters/wordpress/schemas";
import { AppError } from "../core/errors";
import type { SiteRow } from "../sites/service";

// The connector plugin's site-health meta (wordpress/content-autopilot-connector/includes/
// site-health.php, 1.3.0): a merged post's 301 target and a page's robots noindex.

export const REDIRECT_META = "_content_autopilot_redirect";
export const ROBOTS_META = "_content_autopilot_robots";

/** The connector version that honours these keys. */
const HEALTH_CONNECTOR = [1, 3] as const;

function connectorAtLeast(version: string | null, [major, minor]: readonly [number, number]): boolean {
  if (!version) return false;
  const [hasMajor = Number.NaN, hasMinor = 0] = version.split(".").map((part) => Number.parseInt(part, 10));
  if (Number.isNaN(hasMajor)) return false;
  return hasMajor > major || (hasMajor === major && (Number.isNaN(hasMinor) ? 0 : hasMinor) >= minor);
}

const outdated = (site: Pick<SiteRow, "id" | "seoConnector">) =>
  new AppError(
    "connector_outdated",
    `A redirect or noindex needs the connector plugin 1.3.0 or later on site ${site.id} (it reported ${site.seoConnector ?? "none"}); update the plugin, then sync the site`,
  );

/** 409 before anything is charged or written when the site's connector (as last read) cannot carry the meta. */
export function assertHealthConnector(site: Pick<SiteRow, "id" | "seoConnector">): void {
  if (!connectorAtLeast(site.seoConnector, HEALTH_CONNECTOR)) throw outdated(site);
}

/** A meta value of a post as WordPress returned it ('' when unset or unregistered). */
export function metaOf(post: WpPost, key: string): string {
  const meta = post.meta;
  if (!meta || Array.isArray(meta)) return "";
  const value = meta[key];
  return typeof value === "string" ? value : "";
}

/**
 * Writes one meta value and checks WordPress kept it: WordPress ignores keys no active plugin
 * registered, so a value that did not stick means the connector is missing or older than 1.3.0.
 */
export async function writeMeta(
  wp: WordPressClient,
  site: Pick<SiteRow, "id" | "seoConnector">,
  remoteId: number,
  key: string,
  value: string,
): Promise<WpPost> {
  const updated = await wp.updatePost(remoteId, { meta: { [key]: value } });
  const meta = updated.meta;
  if (!meta || Array.isArray(meta) || !(key in meta)) throw outdated(site);
  if (metaOf(updated, key) !== value)
    throw new AppError(
      "wordpress_refused",
      `WordPress did not keep ${key} = "${value}" on post ${remoteId} (a redirect must stay on the site's own host)`,
    );
  return updated;
}
