import { createGoogleOAuthClient } from "../adapters/google-oauth/client";
import type { GoogleOAuth } from "../adapters/google-oauth/port";
import { createIndexNowClient } from "../adapters/index-now/client";
import { createOfflineIndexNow } from "../adapters/index-now/offline";
import type { IndexNow } from "../adapters/index-now/port";
import { createSearchConsoleClient } from "../adapters/search-console/client";
import { createOfflineSearchConsole } from "../adapters/search-console/offline";
import type { SearchConsole } from "../adapters/search-console/port";
import { AppError } from "../core/errors";
import { knownPagesOfProperty } from "../adapters/search-console/known-pages";
import type { Services } from "./container";
import { refuseOfflineInProduction } from "./providers";

type SearchDeps = Pick<Services, "config" | "fetch" | "db">;

/** Google's OAuth client; 409 `google_not_configured` until GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
export function googleOAuthFor(deps: SearchDeps): GoogleOAuth {
  const google = deps.config.search.google;
  if (!google) {
    throw new AppError(
      "google_not_configured",
      "Search Console is not configured on this service: the operator sets GOOGLE_CLIENT_ID and the GOOGLE_CLIENT_SECRET secret (docs/guides/search-console.md)",
    );
  }
  return createGoogleOAuthClient({ google, fetch: deps.fetch, timeoutMs: deps.config.outboundTimeoutMs });
}

/** Search Console as SEARCH_CONSOLE_PROVIDER says: Google's API, or figures invented for the site's own pages. */
export function searchConsoleFor(deps: SearchDeps): SearchConsole {
  const { config } = deps;
  if (config.search.provider === "offline") {
    refuseOfflineInProduction(config, "SEARCH_CONSOLE_PROVIDER=offline");
    return createOfflineSearchConsole({ pagesOf: (property, accountId) => knownPagesOfProperty(deps.db, property, accountId) });
  }
  const google = config.search.google;
  if (!google) throw googleOAuthFor(deps) as never;
  return createSearchConsoleClient({ baseUrl: google.searchConsoleUrl, fetch: deps.fetch, timeoutMs: config.outboundTimeoutMs });
}

/** IndexNow as INDEXNOW_PROVIDER says: the shared endpoint, or a stand-in that records without sending. */
export function indexNowFor(deps: SearchDeps): IndexNow {
  const { config } = deps;
  if (config.search.indexNowProvider === "offline") {
    refuseOfflineInProduction(config, "INDEXNOW_PROVIDER=offline");
    return createOfflineIndexNow();
  }
  return createIndexNowClient({ endpoint: config.search.indexNowEndpoint, fetch: deps.fetch, timeoutMs: config.outboundTimeoutMs });
}
