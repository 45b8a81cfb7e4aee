import { getSiteOfPlatform } from "../sites/service";
import { withWordPress, type SiteAccessDeps } from "../sites/site-access";
import { readAllPosts } from "./read-posts";
import { replaceInventory } from "./store";

/**
 * Reads every published post of a blog site into its inventory and answers how many there are.
 * The credentials are checked first: WordPress serves public lists even to rejected
 * credentials, and a sync should reveal a broken connection rather than hide it.
 */
export async function syncInventory(deps: SiteAccessDeps, accountId: string, siteId: string, now = new Date()): Promise<{ synced: number }> {
  const site = await getSiteOfPlatform(deps.db, accountId, siteId, "blog");
  const posts = await withWordPress(deps, site, async (wp) => {
    await wp.verifyCredentials();
    return readAllPosts(wp);
  });
  await replaceInventory(deps.db, accountId, siteId, posts, now);
  return { synced: posts.length };
}
