import { and, eq } from "drizzle-orm";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { sites } from "../db/schema";
import type { SeoConnectorState } from "./seo-connector";
import type { SiteRow } from "./service";

/** What a sync reads about a WordPress site besides its posts; undefined: the site could not tell, keep what was known. */
export interface SiteFacts {
  seo: SeoConnectorState | undefined;
  blogAuthorName: string | null | undefined;
  blogName: string | null | undefined;
}

/** Stores the facts that changed, in one write (none when nothing did), and answers the site as it now is. */
export async function recordSiteFacts(db: Database, site: SiteRow, facts: SiteFacts): Promise<SiteRow> {
  const found = { ...facts.seo, blogAuthorName: facts.blogAuthorName, blogName: facts.blogName };
  const changed = Object.fromEntries(
    Object.entries(found).filter(([field, value]) => value !== undefined && value !== site[field as keyof typeof found]),
  ) as Partial<SiteRow>;
  if (Object.keys(changed).length === 0) return site;
  const [row] = await db
    .update(sites)
    .set({ ...changed, updatedAt: toIsoSeconds(new Date()) })
    .where(and(eq(sites.id, site.id), eq(sites.accountId, site.accountId)))
    .returning();
  log("info", "site_facts_changed", { siteId: site.id, fields: Object.keys(changed) });
  return row ?? site;
}
