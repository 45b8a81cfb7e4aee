import type { UpdateSiteBody } from "./schemas";
import { getSite, updateSite, type SiteRow } from "./service";
import type { SiteAccessDeps } from "./site-access";
import { replaceWordPressCredentials } from "./wordpress-connect";

/**
 * PATCH of a site. New WordPress credentials are verified first (409 on a forum or custom
 * site), so a refused password changes nothing; then the plain fields are written.
 */
export async function changeSite(deps: SiteAccessDeps, accountId: string, siteId: string, body: UpdateSiteBody): Promise<SiteRow> {
  let site = await getSite(deps.db, accountId, siteId);
  if (body.blogAppPassword !== undefined) {
    const blogUsername = body.blogUsername ?? site.blogUsername ?? "";
    site = await replaceWordPressCredentials(deps, accountId, siteId, { blogUsername, blogAppPassword: body.blogAppPassword });
  }
  if (body.businessContext !== undefined || body.language !== undefined) {
    site = await updateSite(deps.db, accountId, siteId, { businessContext: body.businessContext, language: body.language });
  }
  return site;
}
