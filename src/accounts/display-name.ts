import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts, sites } from "../db/schema";
import { siteNameOrHost } from "../sites/display-name";

// An account without a name is still called something in the header, e-mails and the client's
// page, and never by its owner's e-mail address (a client reads the approval page).

/** Mail providers whose domain says nothing about the business. */
const MAILBOX_PROVIDERS = new Set([
  "gmail.com",
  "googlemail.com",
  "hotmail.com",
  "hotmail.com.tr",
  "outlook.com",
  "outlook.com.tr",
  "live.com",
  "msn.com",
  "yahoo.com",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "yandex.com",
  "yandex.com.tr",
  "yandex.ru",
  "mail.ru",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mynet.com",
]);
/** Second-level labels under a country code (kadikoyajans.com.tr): not the business's name. */
const GENERIC_LABELS = new Set(["com", "co", "org", "net", "gen", "biz", "web", "info", "bel", "av", "edu", "gov", "ac", "k12"]);
/** Domains reserved for examples and tests (RFC 2606, RFC 6761). */
const RESERVED = /(^|\.)(example\.(com|net|org)|invalid|test|localhost|example)$/;

/** "kadikoy-ajans" → "Kadikoy Ajans"; "ayse.yilmaz" → "Ayse Yilmaz". */
function wordsOf(label: string): string {
  return label
    .split(/[-_.+]+/)
    .filter((word) => word !== "" && !/^\d+$/.test(word))
    .map((word) => word.charAt(0).toLocaleUpperCase("en") + word.slice(1))
    .join(" ");
}

/** The business's name as its mail domain spells it, or null for a mailbox provider or a reserved domain. */
function organisationOf(domain: string): string | null {
  if (MAILBOX_PROVIDERS.has(domain) || RESERVED.test(domain)) return null;
  const labels = domain.split(".").slice(0, -1);
  while (labels.length > 1 && GENERIC_LABELS.has(labels[labels.length - 1]!)) labels.pop();
  const name = wordsOf(labels[labels.length - 1] ?? "");
  return name === "" ? null : name;
}

/**
 * The name an unnamed account goes by: its business's mail domain ("info@kadikoy-ajans.com.tr" →
 * "Kadikoy Ajans"); with a mailbox provider's address, its first site's name; else the address's
 * name part ("ayse.yilmaz@gmail.com" → "Ayse Yilmaz").
 */
export function defaultAccountName(email: string, firstSiteName: string | null = null): string {
  const [local = "", domain = ""] = email.toLowerCase().split("@");
  return organisationOf(domain) ?? firstSiteName ?? (wordsOf(local) || "Account");
}

/** What the account is called: its name, or the default derived from its e-mail and first site. */
export async function accountDisplayName(db: Database, account: { id: string; email: string; name: string | null }): Promise<string> {
  if (account.name) return account.name;
  const [first] = await db
    .select({ platform: sites.platform, blogName: sites.blogName, displayName: sites.displayName, url: sites.url })
    .from(sites)
    .where(and(eq(sites.accountId, account.id), ne(sites.status, "DISCONNECTED")))
    .orderBy(asc(sites.createdAt), asc(sites.id))
    .limit(1);
  return defaultAccountName(account.email, first ? siteNameOrHost(first) : null);
}

/** accountDisplayName of an account read by id ("" when there is no such account). */
export async function accountDisplayNameOf(db: Database, accountId: string): Promise<string> {
  const [account] = await db
    .select({ id: accounts.id, email: accounts.email, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account ? accountDisplayName(db, account) : "";
}
