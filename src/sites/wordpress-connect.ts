import { verifyWordPressSite, type VerifiedWordPress } from "../adapters/wordpress/discovery";
import { WordPressError } from "../adapters/wordpress/errors";
import { encryptSecret, requireEncryptionKey } from "../core/crypto";
import { AppError } from "../core/errors";
import { newId } from "../core/ids";
import { assertOutboundUrl } from "../core/outbound-url";
import { findSiteByUrl, getSiteOfPlatform, insertSite, updateSite, type SiteRow } from "./service";
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
    return await verifyWordPressSite({
      ...wordPressTransport(deps),
      baseUrl: url,
      username: credentials.blogUsername,
      appPassword: credentials.blogAppPassword,
    });
  } catch (error) {
    if (!(error instanceof WordPressError)) throw error;
    switch (error.failure) {
      case "credentials_rejected":
        throw new AppError(
          "unprocessable",
          `The WordPress site at ${url} rejected the user name or application password: check blogUsername and create a new application password (Users → Profile → Application Passwords)`,
        );
      case "not_wordpress":
      case "not_found":
        throw new AppError("unprocessable", `${url} is not a WordPress site, or its REST API (/wp-json/) is switched off or unreachable`);
      case "unreachable":
        throw new AppError("unprocessable", `Could not reach ${url}: check the address; the site must be reachable from the internet`);
      case "forbidden":
      case "refused":
        throw new AppError("unprocessable", `The WordPress site at ${url} refused the connection check: ${error.message}`);
      default:
        throw error;
    }
  }
}

/** Connects a WordPress site: URL checked, credentials verified with users/me, then stored encrypted. */
export async function connectWordPressSite(deps: SiteAccessDeps, accountId: string, input: ConnectWordPressInput): Promise<SiteRow> {
  const url = assertOutboundUrl(input.url, { allowPrivate: deps.config.allowPrivateUrls, field: "url" });
  const alreadyConnected = async () => {
    const existing = await findSiteByUrl(deps.db, accountId, "blog", url);
    return existing && new AppError("conflict", `${url} is already connected as site ${existing.id}; to change its credentials use PATCH /api/sites/${existing.id}`);
  };
  const conflict = await alreadyConnected();
  if (conflict) throw conflict;
  const key = requireEncryptionKey(deps.encryptionKey);
  const verified = await verifyBeforeSaving(deps, url, input);
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
  }).catch(async (error: unknown) => {
    // A connect of the same URL that raced this one won the unique index.
    if (isUniqueViolation(error)) throw (await alreadyConnected()) ?? error;
    throw error;
  });
  return site;
}

/** New credentials for a connected WordPress site, verified first; the site is CONNECTED again. */
export async function replaceWordPressCredentials(deps: SiteAccessDeps, accountId: string, siteId: string, credentials: WordPressCredentials): Promise<SiteRow> {
  const site = await getSiteOfPlatform(deps.db, accountId, siteId, "blog");
  const key = requireEncryptionKey(deps.encryptionKey);
  const verified = await verifyBeforeSaving(deps, site.url, credentials);
  return updateSite(deps.db, accountId, siteId, {
    blogUsername: credentials.blogUsername,
    blogAppPasswordEncrypted: await encryptSecret(key, credentials.blogAppPassword),
    blogApiRoot: verified.apiRoot,
    status: "CONNECTED",
    statusMessage: null,
  });
}
