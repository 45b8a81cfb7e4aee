import { readBlogName } from "../sites/blog-name";
import { bylineOf } from "../sites/byline";
import { readSeoConnector } from "../sites/seo-connector";
import { getSiteOfPlatform } from "../sites/service";
import { withWordPress, type SiteAccessDeps } from "../sites/site-access";
import { recordSiteFacts } from "../sites/site-facts";
import { checkUnknownTargets } from "./link-targets";
import { replacePostLinks } from "./links-store";
import { readAllPosts } from "./read-posts";
import { replaceExistingPosts } from "./store";

/**
 * Reads every published post of a blog site as its existing posts and answers how many there are.
 * The credentials are checked first: WordPress serves public lists even to rejected
 * credentials, and a sync should reveal a broken connection rather than hide it. The connector
 * plugin is looked for again (installed, removed, another SEO plugin) and the site's `seo` follows,
 * with the connected user's display name (the byline of the posts the service publishes) and the
 * blog's title (kept as it was when the site cannot tell it). The posts' internal links and old
 * slugs replace the ones stored (src/links/), and a few unknown link targets are checked.
 */
export async function syncExistingPosts(
  deps: SiteAccessDeps,
  accountId: string,
  siteId: string,
  now = new Date(),
): Promise<{ synced: number }> {
  const site = await getSiteOfPlatform(deps.db, accountId, siteId, "blog");
  const { posts, facts } = await withWordPress(deps, site, async (wp) => {
    const { user } = await wp.verifyCredentials();
    const posts = await readAllPosts(wp, undefined, site.url);
    const [seo, blogName] = await Promise.all([readSeoConnector(wp, site.url, site.indexNowKey), readBlogName(wp, site.url)]);
    const facts = { seo, blogAuthorName: bylineOf(user), blogName };
    return { posts, facts };
  });
  await replaceExistingPosts(deps.db, accountId, siteId, posts, now);
  await replacePostLinks(deps.db, accountId, siteId, posts);
  await checkUnknownTargets(deps, siteId, now);
  await recordSiteFacts(deps.db, site, facts);
  return { synced: posts.length };
}
