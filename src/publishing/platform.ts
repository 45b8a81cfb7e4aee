import type { SiteRow } from "../sites/service";
import type { SiteAccessDeps } from "../sites/site-access";
import { createForumPublisher } from "./forum";
import type { PublishingPlatform } from "./port";
import { wordPressPlatformForSite } from "./wordpress";

/**
 * Where a site's articles go: its WordPress or XenForo. Custom sites have no platform to call:
 * their article is our own row, read with GET /api/autopilot/articles or announced by webhook.
 */
export function publishingPlatformFor(deps: SiteAccessDeps, site: SiteRow): PublishingPlatform | null {
  if (site.platform === "blog") return wordPressPlatformForSite(deps, site);
  if (site.platform === "forum") return createForumPublisher(deps, site);
  return null;
}
