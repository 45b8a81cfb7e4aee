import { AppError } from "../core/errors";
import { assertOutboundUrl } from "../core/outbound-url";
import type { UpdateSiteBody } from "./schemas";
import { getSite, updateSite, type SiteRow } from "./service";
import type { SiteAccessDeps } from "./site-access";
import { replaceWordPressCredentials } from "./wordpress-connect";

/**
 * PATCH of a site. A webhook URL is checked and new WordPress credentials are verified first
 * (409 on a site of another platform), so a refused input changes nothing; then the plain
 * fields are written.
 */
export async function changeSite(deps: SiteAccessDeps, accountId: string, siteId: string, body: UpdateSiteBody): Promise<SiteRow> {
  let site = await getSite(deps.db, accountId, siteId);
  if (body.autoLinks !== undefined && site.platform !== "blog")
    throw new AppError("wrong_platform", `Site ${siteId} is a ${site.platform} site; only blog sites have autoLinks`);
  let webhookUrl: string | null | undefined;
  if (body.webhookUrl !== undefined) {
    if (site.platform !== "custom")
      throw new AppError("wrong_platform", `Site ${siteId} is a ${site.platform} site; only custom sites have a webhookUrl`);
    webhookUrl =
      body.webhookUrl === null
        ? null
        : assertOutboundUrl(body.webhookUrl, { allowPrivate: deps.config.allowPrivateUrls, field: "webhookUrl" });
  }
  if (body.blogAppPassword !== undefined) {
    const blogUsername = body.blogUsername ?? site.blogUsername ?? "";
    site = await replaceWordPressCredentials(deps, accountId, siteId, { blogUsername, blogAppPassword: body.blogAppPassword });
  }
  if (
    body.businessContext !== undefined ||
    body.language !== undefined ||
    webhookUrl !== undefined ||
    body.autoLinks !== undefined ||
    body.maxNewPerWeek !== undefined ||
    body.displayName !== undefined
  ) {
    site = await updateSite(deps.db, accountId, siteId, {
      businessContext: body.businessContext,
      language: body.language,
      webhookUrl,
      autoLinks: body.autoLinks,
      maxNewPerWeek: body.maxNewPerWeek,
      displayName: body.displayName,
    });
  }
  return site;
}
