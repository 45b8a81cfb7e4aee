import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { sites, type SitePlatform, type SiteStatus } from "../db/schema";
import { AppError, notFound } from "../core/errors";
import { toIsoSeconds } from "../core/time";

export type SiteRow = typeof sites.$inferSelect;

/** One site of the account; a foreign or missing id is 404 alike. Disconnected sites are gone. */
export async function getSite(db: Database, accountId: string, siteId: string): Promise<SiteRow> {
  const [site] = await db.select().from(sites).where(and(eq(sites.id, siteId), eq(sites.accountId, accountId)));
  if (!site || site.status === "DISCONNECTED") throw notFound("Site");
  return site;
}

/** Like getSite, and 409 when the site is not of the platform the route works with. */
export async function getSiteOfPlatform(db: Database, accountId: string, siteId: string, platform: SitePlatform): Promise<SiteRow> {
  const site = await getSite(db, accountId, siteId);
  if (site.platform !== platform) {
    throw new AppError("conflict", `Site ${siteId} is a ${site.platform} site; this route works only with ${platform} sites`);
  }
  return site;
}

export async function listSites(db: Database, accountId: string): Promise<SiteRow[]> {
  return db
    .select()
    .from(sites)
    .where(and(eq(sites.accountId, accountId)))
    .orderBy(desc(sites.createdAt), desc(sites.id))
    .then((rows) => rows.filter((row) => row.status !== "DISCONNECTED"));
}

/**
 * Records what the platform last said about the stored credentials: ERROR with a reason when
 * it rejected them, CONNECTED again when a later call succeeds.
 */
export async function setSiteStatus(db: Database, siteId: string, status: Exclude<SiteStatus, "DISCONNECTED">, message: string | null): Promise<void> {
  await db
    .update(sites)
    .set({ status, statusMessage: message, updatedAt: toIsoSeconds(new Date()) })
    .where(and(eq(sites.id, siteId)));
}
