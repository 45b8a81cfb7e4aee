import { eq } from "drizzle-orm";
import { accountDisplayNameOf } from "../accounts/display-name";
import type { Database } from "../db/client";
import { sites } from "../db/schema";
import { siteDisplayName } from "../sites/display-name";

/** What an e-mail calls the account and its sites, as they are called when it is sent. */
export interface EmailNames {
  /** The account's display name (src/accounts/display-name.ts); "" for a message of no account (a sign-up's). */
  account: string;
  /** The display name of each site that has one (src/sites/display-name.ts), by site id; the others go by their host. */
  sites: Record<string, string>;
}

/** The names of the account's things an e-mail of it may mention, read when it is rendered (a rename since it was queued shows). */
export async function emailNamesOf(db: Database, accountId: string | null): Promise<EmailNames> {
  if (!accountId) return { account: "", sites: {} };
  const rows = await db
    .select({ id: sites.id, platform: sites.platform, blogName: sites.blogName, displayName: sites.displayName, url: sites.url })
    .from(sites)
    .where(eq(sites.accountId, accountId));
  return {
    account: await accountDisplayNameOf(db, accountId),
    // A site without a name is left to the e-mail's own host of it, which keeps an IDN readable (URL.hostname is punycode).
    sites: Object.fromEntries(
      rows.flatMap((row) => {
        const name = siteDisplayName(row);
        return name ? [[row.id, name] as const] : [];
      }),
    ),
  };
}
