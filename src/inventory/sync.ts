import { bylineOf, recordByline } from "../sites/byline";
import { readSeoConnector, recordSeoConnector } from "../sites/seo-connector";
import { getSiteOfPlatform } from "../sites/service";
import { withWordPress, type SiteAccessDeps } from "../sites/site-access";
import { readAllPosts } from "./read-posts";
import { replaceInventory } from "./store";

/**
 * Reads every published post of a blog site into its inventory and answers how many there are.
 * The credentials are checked first: WordPress serves public lists even to rejected
 * credentials, and a sync should reveal a broken connection rather than hide it. The connector
 * plugin is looked for again (installed, removed, another SEO plugin) and the site's `seo` follows,
 * with the connected user's display name (the byline of the posts the service publishes).
 */
export async function syncInventory(
  deps: SiteAccessDeps,
  accountId: string,
  siteId: string,
  now = new Date(),
): Promise<{ synced: number }> {
  const site = await getSiteOfPlatform(deps.db, accountId, siteId, "blog");
  const { posts, seo, byline } = await withWordPress(deps, site, async (wp) => {
    const { user } = await wp.verifyCredentials();
    return { posts: await readAllPosts(wp), seo: await readSeoConnector(wp, site.url), byline: bylineOf(user) };
  });
  await replaceInventory(deps.db, accountId, siteId, posts, now);
  await recordByline(deps.db, await recordSeoConnector(deps.db, site, seo), byline);
  return { synced: posts.length };
}
