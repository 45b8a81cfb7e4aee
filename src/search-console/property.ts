import { and, eq, inArray, ne } from "drizzle-orm";
import { AppError } from "../core/errors";
import { propertyCovers } from "../core/page-url-key";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import {
  DEFAULT_SEARCH_SETTINGS,
  googleConnections,
  type GoogleProperty,
  type SearchConsoleState,
  type SearchSettings,
  sites,
} from "../db/schema";
import type { Services } from "../services/container";
import { getSite, type SiteRow } from "../sites/service";
import { queueSiteSync } from "./sync-runs";

// Which Search Console property a site's figures come from: chosen automatically from the
// properties the connected Google account can read, or by the owner.

/** The platforms whose pages Search Console reports on: blogs and custom sites (forums are not synced). */
export const SEARCHABLE_PLATFORMS = ["blog", "custom"] as const;

/** Analytics needs Owner or Full user access; sites.list names them in lowerCamel, the discovery document in UPPER_SNAKE. */
const READABLE_LEVELS = new Set(["siteOwner", "siteFullUser", "SITE_OWNER", "SITE_FULL_USER"]);

export type PropertyChoice =
  | { property: string }
  | {
      property: null;
      state: Extract<SearchConsoleState, "property_missing" | "property_ambiguous" | "property_forbidden">;
      message: string;
    };

/**
 * The property of `properties` that covers the site's URL and can be read (Owner or Full user):
 * exactly one, or among several the URL-prefix property of the site's own URL; otherwise why none.
 */
export function choosePropertyFor(site: Pick<SiteRow, "url">, properties: readonly GoogleProperty[]): PropertyChoice {
  const covering = properties.filter((entry) => propertyCovers(entry.siteUrl, site.url));
  const readable = covering.filter((entry) => READABLE_LEVELS.has(entry.permissionLevel));
  if (readable.length === 1) return { property: readable[0]!.siteUrl };
  if (readable.length > 1) {
    const exact = readable.find((entry) => sameUrlPrefix(entry.siteUrl, site.url));
    if (exact) return { property: exact.siteUrl };
    const names = readable.map((entry) => entry.siteUrl).join(", ");
    return {
      property: null,
      state: "property_ambiguous",
      message: `Several Search Console properties cover ${site.url} (${names}); choose one for the site`,
    };
  }
  if (covering.length > 0) {
    return {
      property: null,
      state: "property_forbidden",
      message: `The connected Google account has only restricted access to ${covering.map((entry) => entry.siteUrl).join(", ")}; Search Console figures need Owner or Full user access`,
    };
  }
  const host = hostOf(site.url);
  return {
    property: null,
    state: "property_missing",
    message: `No Search Console property of the connected Google account covers ${site.url}; add and verify sc-domain:${host?.replace(/^www\./, "") ?? "your-domain"} (a Domain property) or ${urlPrefixOf(site.url)} (a URL-prefix property) in Search Console`,
  };
}

/** The property the offline provider invents for a site: the Domain property of its host without www. */
export function offlinePropertyOf(siteUrl: string): string {
  return `sc-domain:${(hostOf(siteUrl) ?? "example.invalid").replace(/^www\./, "")}`;
}

/**
 * The properties the account's sites can be matched against: the connection's (sites.list as last
 * read), or offline the invented ones of its sites; null without a Google connection.
 */
export async function availableProperties(services: Pick<Services, "db" | "config">, accountId: string): Promise<GoogleProperty[] | null> {
  if (services.config.search.provider === "offline") {
    const rows = await searchableSites(services.db, accountId);
    return [...new Set(rows.map((site) => offlinePropertyOf(site.url)))]
      .sort()
      .map((siteUrl) => ({ siteUrl, permissionLevel: "siteOwner" }));
  }
  const [connection] = await services.db
    .select({ properties: googleConnections.properties })
    .from(googleConnections)
    .where(eq(googleConnections.accountId, accountId));
  return connection ? connection.properties : null;
}

/** The account's sites that Search Console reports on: connected blogs and custom sites. */
export function searchableSites(db: Database, accountId: string): Promise<SiteRow[]> {
  return db
    .select()
    .from(sites)
    .where(and(eq(sites.accountId, accountId), inArray(sites.platform, SEARCHABLE_PLATFORMS), eq(sites.status, "CONNECTED")));
}

/**
 * Records the site's property against `properties`: the owner's choice stays; otherwise it is
 * chosen again (a new property means a first sync of the full history). Returns the property to
 * sync, or null when the site now says why there is none.
 */
export async function applyPropertyChoice(db: Database, site: SiteRow, properties: readonly GoogleProperty[]): Promise<string | null> {
  if (site.searchConsolePropertyChosen && site.searchConsoleProperty) {
    if (site.searchConsoleState !== "synced" && site.searchConsoleState !== "pending") {
      await db.update(sites).set({ searchConsoleState: "pending", searchConsoleMessage: null }).where(eq(sites.id, site.id));
    }
    return site.searchConsoleProperty;
  }
  const choice = choosePropertyFor(site, properties);
  if (choice.property === null) {
    await db
      .update(sites)
      .set({ searchConsoleProperty: null, searchConsoleState: choice.state, searchConsoleMessage: choice.message })
      .where(eq(sites.id, site.id));
    return null;
  }
  const changed = choice.property !== site.searchConsoleProperty;
  await db
    .update(sites)
    .set({
      searchConsoleProperty: choice.property,
      searchConsoleState: !changed && site.searchConsoleState === "synced" ? "synced" : "pending",
      searchConsoleMessage: null,
      ...(changed ? { searchSyncedThrough: null } : {}),
    })
    .where(eq(sites.id, site.id));
  return choice.property;
}

export interface SiteSearchConsoleInput {
  /** A property of the connection that covers the site; null hands the choice back to the automatic one. */
  property?: string | null;
  refreshDecaying?: boolean;
  autoApply?: boolean;
  maxRefreshesPerWeek?: number;
}

/**
 * The owner's choices for one site: its Search Console property (422 `search_console_property_unknown`
 * unless the connection lists it and it covers the site) and its search-loop settings. A new
 * property is synced at once, from the start of its history.
 */
export async function updateSiteSearchConsole(
  services: Services,
  accountId: string,
  siteId: string,
  input: SiteSearchConsoleInput,
  now = new Date(),
): Promise<SiteRow> {
  const site = await getSite(services.db, accountId, siteId);
  if (site.platform === "forum") {
    throw new AppError("wrong_platform", `Site ${siteId} is a forum; Search Console figures are kept for blogs and custom sites`);
  }
  const changes: Partial<typeof sites.$inferInsert> = {};
  let resync = false;
  if (input.property !== undefined) {
    const properties = await availableProperties(services, accountId);
    if (properties === null) {
      throw new AppError(
        "google_not_connected",
        "Connect Google Search Console first (POST /api/integrations/google); its properties are listed then",
      );
    }
    if (input.property === null) {
      Object.assign(changes, { searchConsolePropertyChosen: false });
      resync = site.searchConsolePropertyChosen;
    } else {
      const listed = properties.some((entry) => entry.siteUrl === input.property);
      if (!listed || !propertyCovers(input.property, site.url)) {
        throw new AppError(
          "search_console_property_unknown",
          listed
            ? `The Search Console property ${input.property} does not cover ${site.url}`
            : `The connected Google account has no Search Console property ${input.property}; GET /api/integrations/google lists its properties`,
          [
            {
              path: "property",
              code: "not_found",
              message: "Choose a property the connected Google account lists and that covers the site's URL",
            },
          ],
        );
      }
      const changed = input.property !== site.searchConsoleProperty;
      Object.assign(changes, {
        searchConsoleProperty: input.property,
        searchConsolePropertyChosen: true,
        searchConsoleMessage: null,
        searchConsoleState: !changed && site.searchConsoleState === "synced" ? "synced" : "pending",
        ...(changed ? { searchSyncedThrough: null } : {}),
      });
      resync = changed || site.searchConsoleState !== "synced";
    }
  }
  const settings = settingsOf(site.searchSettings, input);
  if (settings) changes.searchSettings = settings;
  const [row] = await services.db
    .update(sites)
    .set({ ...changes, updatedAt: toIsoSeconds(now) })
    .where(and(eq(sites.id, siteId), eq(sites.accountId, accountId), ne(sites.status, "DISCONNECTED")))
    .returning();
  if (resync && row!.status === "CONNECTED") return (await queueSiteSync(services, row!, now)) ?? row!;
  return row!;
}

/**
 * Syncs the site now instead of at the next day's tick (the panel's "Sync now"): a new run that
 * supersedes one in flight, reading the days since the last sync (all 16 months the first time).
 */
export async function syncSiteNow(services: Services, accountId: string, siteId: string, now = new Date()): Promise<SiteRow> {
  const site = await getSite(services.db, accountId, siteId);
  if (site.platform === "forum") {
    throw new AppError("wrong_platform", `Site ${siteId} is a forum; Search Console figures are kept for blogs and custom sites`);
  }
  if (site.status !== "CONNECTED") {
    throw new AppError("site_in_error", `Site ${siteId} is in ERROR (${site.statusMessage ?? "see its status"}); fix its connection first`);
  }
  if ((await availableProperties(services, accountId)) === null) {
    throw new AppError("google_not_connected", "Connect Google Search Console first (POST /api/integrations/google)");
  }
  return (await queueSiteSync(services, site, now)) ?? site;
}

function settingsOf(stored: SearchSettings | null, input: SiteSearchConsoleInput): SearchSettings | null {
  const given = {
    ...(input.refreshDecaying !== undefined ? { refreshDecaying: input.refreshDecaying } : {}),
    ...(input.autoApply !== undefined ? { autoApply: input.autoApply } : {}),
    ...(input.maxRefreshesPerWeek !== undefined ? { maxRefreshesPerWeek: input.maxRefreshesPerWeek } : {}),
  };
  return Object.keys(given).length > 0 ? { ...DEFAULT_SEARCH_SETTINGS, ...stored, ...given } : null;
}

/** `https://Example.com/blog` and `https://example.com/blog/` name the same URL prefix. */
function sameUrlPrefix(property: string, siteUrl: string): boolean {
  return !property.startsWith("sc-domain:") && urlPrefixOf(property).toLowerCase() === urlPrefixOf(siteUrl).toLowerCase();
}

function urlPrefixOf(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}
