import { WordPressClient } from "../adapters/wordpress/client";
import { verifyWordPressSite, type VerifiedWordPress } from "../adapters/wordpress/discovery";
import { WordPressError } from "../adapters/wordpress/errors";
import { encryptSecret, requireEncryptionKey } from "../core/crypto";
import { AppError } from "../core/errors";
import { newId } from "../core/ids";
import { assertOutboundUrl } from "../core/outbound-url";
import { readBlogName } from "./blog-name";
import { bylineOf } from "./byline";
import { readSeoConnector } from "./seo-connector";
import { findSiteByUrl, getSiteOfPlatform, insertSite, newIndexNowKey, updateSite, type SiteRow } from "./service";
import { wordPressTransport, type SiteAccessDeps } from "./site-access";
import { isUniqueViolation } from "../db/errors";

export interface WordPressCredentials {
  blogUsername: string;
  blogAppPassword: string;
}

export interface ConnectWordPressInput extends WordPressCredentials {
  url: string;
  businessContext: string;
  language: string;
}

/**
 * Checks credentials against the site before anything is stored. Failures become 422s that
 * tell "no WordPress here" and "credentials refused" apart; a timeout stays a 504, a WordPress
 * 5xx a 502.
 */
async function verifyBeforeSaving(deps: SiteAccessDeps, url: string, credentials: WordPressCredentials): Promise<VerifiedWordPress> {
  try {
    return await verifyWordPressSite(clientOptions(deps, url, credentials));
  } catch (error) {
    throw connectFailure(url, error);
  }
}

function clientOptions(deps: SiteAccessDeps, url: string, credentials: WordPressCredentials) {
  return { ...wordPressTransport(deps), baseUrl: url, username: credentials.blogUsername, appPassword: credentials.blogAppPassword };
}

/**
 * What the verified site says about itself beyond the user: the connector plugin (a site that
 * cannot tell counts as without it; one that can is handed the site's IndexNow key) and the
 * blog's title (left out when unreadable: kept as stored).
 */
async function siteFacts(
  deps: SiteAccessDeps,
  url: string,
  credentials: WordPressCredentials,
  verified: VerifiedWordPress,
  indexNowKey: string,
) {
  const wp = new WordPressClient({ ...clientOptions(deps, url, credentials), apiRoot: verified.apiRoot });
  // Two independent reads: asked together, so a connect waits for one round trip, not two.
  const [connector, blogName] = await Promise.all([readSeoConnector(wp, url, indexNowKey), readBlogName(wp, url)]);
  const seo = connector ?? { seoConnector: null, seoPlugin: null };
  return blogName === undefined ? seo : { ...seo, blogName };
}

/** The 422 that says what went wrong with a connection check (a timeout stays a 504, a WordPress 5xx a 502). */
function connectFailure(url: string, error: unknown): unknown {
  if (!(error instanceof WordPressError)) return error;
  switch (error.failure) {
    case "credentials_rejected":
      return new AppError(
        "wordpress_credentials_rejected",
        `The WordPress site at ${url} rejected the user name or application password: check blogUsername and create a new application password (Users → Profile → Application Passwords)`,
      );
    case "not_wordpress":
    case "not_found":
      return new AppError("not_wordpress", `${url} is not a WordPress site, or its REST API (/wp-json/) is switched off or unreachable`);
    case "unreachable":
      return new AppError("site_unreachable", `Could not reach ${url}: check the address; the site must be reachable from the internet`);
    case "forbidden":
    case "refused":
      return new AppError("wordpress_refused", `The WordPress site at ${url} refused the connection check: ${error.message}`);
    default:
      return error;
  }
}

/** Connects a WordPress site: URL checked, credentials verified with users/me, then stored encrypted. */
export async function connectWordPressSite(deps: SiteAccessDeps, accountId: string, input: ConnectWordPressInput): Promise<SiteRow> {
  const url = assertOutboundUrl(input.url, { allowPrivate: deps.config.allowPrivateUrls, field: "url" });
  const alreadyConnected = async () => {
    const existing = await findSiteByUrl(deps.db, accountId, "blog", url);
    return (
      existing &&
      new AppError(
        "site_already_connected",
        `${url} is already connected as site ${existing.id}; to change its credentials use PATCH /api/sites/${existing.id}`,
      )
    );
  };
  const conflict = await alreadyConnected();
  if (conflict) throw conflict;
  const key = requireEncryptionKey(deps.encryptionKey);
  const verified = await verifyBeforeSaving(deps, url, input);
  const indexNowKey = newIndexNowKey();
  const facts = await siteFacts(deps, url, input, verified, indexNowKey);
  const site = await insertSite(deps.db, {
    id: newId("site"),
    accountId,
    platform: "blog",
    url,
    status: "CONNECTED",
    businessContext: input.businessContext,
    language: input.language,
    blogUsername: input.blogUsername,
    blogAppPasswordEncrypted: await encryptSecret(key, input.blogAppPassword),
    blogApiRoot: verified.apiRoot,
    blogAuthorName: bylineOf(verified.user),
    indexNowKey,
    ...facts,
  }).catch(async (error: unknown) => {
    // A connect of the same URL that raced this one won the unique index.
    if (isUniqueViolation(error)) throw (await alreadyConnected()) ?? error;
    throw error;
  });
  return site;
}

/** New credentials for a connected WordPress site, verified first; the site is CONNECTED again. */
export async function replaceWordPressCredentials(
  deps: SiteAccessDeps,
  accountId: string,
  siteId: string,
  credentials: WordPressCredentials,
): Promise<SiteRow> {
  const site = await getSiteOfPlatform(deps.db, accountId, siteId, "blog");
  const key = requireEncryptionKey(deps.encryptionKey);
  const verified = await verifyBeforeSaving(deps, site.url, credentials);
  const indexNowKey = site.indexNowKey ?? newIndexNowKey();
  const facts = await siteFacts(deps, site.url, credentials, verified, indexNowKey);
  return updateSite(deps.db, accountId, siteId, {
    ...facts,
    indexNowKey,
    blogUsername: credentials.blogUsername,
    blogAppPasswordEncrypted: await encryptSecret(key, credentials.blogAppPassword),
    blogApiRoot: verified.apiRoot,
    blogAuthorName: bylineOf(verified.user),
    status: "CONNECTED",
    statusMessage: null,
  });
}
