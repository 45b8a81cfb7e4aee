import { readSeoConnector, recordSeoConnector } from "../sites/seo-connector";
import { getSiteOfPlatform } from "../sites/service";
import { withWordPress, type SiteAccessDeps } from "../sites/site-access";
import { readAllPosts } from "./read-posts";
import { replaceInventory } from "./store";

/**
 * Reads every published post of a blog site into its inventory and answers how many there are.
 * The credentials are checked first: WordPress serves public lists even to rejected
 * credentials, and a sync should reveal a broken connection rather than hide it. The connector
 * plugin is looked for again (installed, removed, another SEO plugin) and the site's `seo` follows.
 */
export async function syncInventory(deps: SiteAccessDeps, accountId: string, siteId: string, now = new Date()): Promise<{ synced: number }> {
  const site = await getSiteOfPlatform(deps.db, accountId, siteId, "blog");
  const { posts, seo } = await withWordPress(deps, site, async (wp) => {
    await wp.verifyCredentials();
    return { posts: await readAllPosts(wp), seo: await readSeoConnector(wp, site.url) };
  });
  await replaceInventory(deps.db, accountId, siteId, posts, now);
  await recordSeoConnector(deps.db, site, seo);
  return { synced: posts.length };
}
