import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { existingPosts, sites, type SitePlatform, type SiteStatus } from "../db/schema";
import { randomHex } from "../core/crypto";
import { AppError, notFound } from "../core/errors";
import { toIsoSeconds } from "../core/time";

export type SiteRow = typeof sites.$inferSelect;

/** One site of the account; a foreign or missing id is 404 alike. Disconnected sites are gone. */
export async function getSite(db: Database, accountId: string, siteId: string): Promise<SiteRow> {
  const [site] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.accountId, accountId)));
  if (!site || site.status === "DISCONNECTED") throw notFound("Site");
  return site;
}

/** A site that can take articles: working credentials, and a target forum for forum sites; 409 saying what to do `before` the action otherwise. */
export function assertSiteTakesArticles(site: SiteRow, before: string): void {
  if (site.status === "ERROR") {
    throw new AppError(
      "site_in_error",
      `Site ${site.id} is in status ERROR (${site.statusMessage ?? "its platform rejected the stored credentials"}); reconnect it before ${before}`,
    );
  }
  if (site.platform === "forum" && site.forumNodeId === null) {
    throw new AppError(
      "forum_not_chosen",
      `Site ${site.id} has no target forum yet; choose one with POST /api/platforms/forum/${site.id}/node before ${before}`,
    );
  }
}

/** Like getSite, and 409 when the site is not of the platform the route works with. */
export async function getSiteOfPlatform(db: Database, accountId: string, siteId: string, platform: SitePlatform): Promise<SiteRow> {
  const site = await getSite(db, accountId, siteId);
  if (site.platform !== platform) {
    throw new AppError("wrong_platform", `Site ${siteId} is a ${site.platform} site; this route works only with ${platform} sites`);
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
export async function setSiteStatus(
  db: Database,
  site: Pick<SiteRow, "id" | "accountId">,
  status: Exclude<SiteStatus, "DISCONNECTED">,
  message: string | null,
): Promise<void> {
  // A late call (a run that started before the disconnect) never brings a DISCONNECTED site back.
  await db
    .update(sites)
    .set({ status, statusMessage: message, updatedAt: toIsoSeconds(new Date()) })
    .where(and(eq(sites.id, site.id), eq(sites.accountId, site.accountId), ne(sites.status, "DISCONNECTED")));
}

export type NewSiteRow = typeof sites.$inferInsert;

/** A new IndexNow key: 32 lowercase hex characters (EXTERNAL_APIS-2.md §4.1 allows 8–128 of a-zA-Z0-9-). */
export const newIndexNowKey = () => randomHex(16);

/**
 * Where the site serves its IndexNow key: `/{key}.txt` under the site's address (the connector
 * plugin answers there on WordPress; a custom site hosts the file). Null for forums and keyless sites.
 */
export function indexNowKeyUrl(site: Pick<SiteRow, "platform" | "url" | "indexNowKey">): string | null {
  if (site.platform === "forum" || !site.indexNowKey) return null;
  return `${site.url.replace(/\/+$/, "")}/${site.indexNowKey}.txt`;
}

/** Stores a new site (credentials already encrypted by the caller) and returns the row; blog and custom sites get an IndexNow key. */
export async function insertSite(db: Database, values: NewSiteRow): Promise<SiteRow> {
  const indexNowKey = values.indexNowKey ?? (values.platform === "forum" ? null : newIndexNowKey());
  const [row] = await db
    .insert(sites)
    .values({ ...values, indexNowKey })
    .returning();
  return row!;
}

/** A connected (not disconnected) site of the account with this platform and URL, if any. */
export async function findSiteByUrl(db: Database, accountId: string, platform: SitePlatform, url: string): Promise<SiteRow | undefined> {
  const rows = await db
    .select()
    .from(sites)
    .where(and(eq(sites.accountId, accountId), eq(sites.platform, platform), eq(sites.url, url)));
  return rows.find((row) => row.status !== "DISCONNECTED");
}

export type SiteChanges = Partial<
  Pick<
    SiteRow,
    | "businessContext"
    | "language"
    | "autoLinks"
    | "blogUsername"
    | "blogAppPasswordEncrypted"
    | "blogApiRoot"
    | "blogAuthorName"
    | "seoConnector"
    | "seoPlugin"
    | "status"
    | "statusMessage"
    | "webhookUrl"
    | "webhookSecretEncrypted"
    | "previousWebhookSecretEncrypted"
    | "previousWebhookSecretUntil"
    | "indexNowKey"
    | "maxNewPerWeek"
    | "displayName"
  >
>;

/** Changes fields of one site of the account (404 for a foreign, missing or disconnected one). */
export async function updateSite(db: Database, accountId: string, siteId: string, changes: SiteChanges): Promise<SiteRow> {
  await getSite(db, accountId, siteId);
  const [row] = await db
    .update(sites)
    .set({ ...changes, updatedAt: toIsoSeconds(new Date()) })
    .where(and(eq(sites.id, siteId), eq(sites.accountId, accountId)))
    .returning();
  return row!;
}

/**
 * Disconnects a site: status DISCONNECTED, every stored credential erased, its existing posts
 * removed. The row stays so articles keep their history; the site is a 404 from then on.
 */
export async function disconnectSite(db: Database, accountId: string, siteId: string): Promise<SiteRow> {
  await getSite(db, accountId, siteId);
  const where = and(eq(sites.id, siteId), eq(sites.accountId, accountId));
  const [[row]] = await db.batch([
    db
      .update(sites)
      .set({
        status: "DISCONNECTED",
        statusMessage: null,
        blogUsername: null,
        blogAppPasswordEncrypted: null,
        forumApiKeyEncrypted: null,
        webhookSecretEncrypted: null,
        previousWebhookSecretEncrypted: null,
        previousWebhookSecretUntil: null,
        updatedAt: toIsoSeconds(new Date()),
      })
      .where(where)
      .returning(),
    db.delete(existingPosts).where(eq(existingPosts.siteId, siteId)),
  ]);
  return row!;
}
