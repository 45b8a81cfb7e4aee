import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { members, users, type Locale, type PublishMode } from "../db/schema";
import { siteNameOrHost } from "../sites/display-name";
import type { SiteRow } from "../sites/service";

/** Why a new plan's mode is not `publish` by default: the offline writer would put placeholder text on a real site. */
export type PublishModeReason = "offline_writer";

export interface PublishModeDefault {
  publishMode: PublishMode;
  reason: PublishModeReason | null;
}

/**
 * A local demo site: a host under `.invalid` (RFC 6761, resolves nowhere) or a loopback address
 * (the WordPress of `npm run dev`). Offline text may go live there; anywhere else it is placeholder
 * text with dead links in front of real readers.
 */
export function isDemoSite(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return false;
  }
  if (host === "invalid" || host.endsWith(".invalid")) return true;
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "[::1]" || host === "::1") return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/** A new plan's mode when none is chosen: `review` when the writer is offline and the site is real, else `publish`. */
export function defaultPublishMode(site: Pick<SiteRow, "url">, writerOffline: boolean): PublishModeDefault {
  return writerOffline && !isDemoSite(site.url)
    ? { publishMode: "review", reason: "offline_writer" }
    : { publishMode: "publish", reason: null };
}

/** The account's language: its first owner's panel language. */
export async function accountLocale(db: Database, accountId: string): Promise<Locale> {
  const [owner] = await db
    .select({ locale: users.locale })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.accountId, accountId), eq(members.role, "owner")))
    .orderBy(asc(members.createdAt), asc(members.id))
    .limit(1);
  return owner?.locale ?? "en";
}

/** A new plan's name: "<site name> · <month year>" in the account's language ("Fırın Blogu · Kasım 2026"). */
export function defaultPlanName(site: Pick<SiteRow, "platform" | "blogName" | "displayName" | "url">, locale: Locale, now: Date): string {
  const month = new Intl.DateTimeFormat(locale === "tr" ? "tr-TR" : "en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    now,
  );
  return `${siteNameOrHost(site)} · ${month}`.slice(0, 80);
}
