import { auditStatement } from "../audit/audit";
import { and, eq, inArray, lt, ne } from "drizzle-orm";
import { WEBMASTERS_READONLY } from "../adapters/google-oauth/port";
import { isProviderError, ProviderError } from "../adapters/provider-error";
import { bytesToBase64, decryptSecret, encryptSecret, requireEncryptionKey, sha256Hex } from "../core/crypto";
import { AppError } from "../core/errors";
import { errorFields, log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import { type GoogleConnectionStatus, googleAuthStates, googleConnections, type GoogleProperty, sites } from "../db/schema";
import type { Services } from "../services/container";
import { applyPropertyChoice, availableProperties, SEARCHABLE_PLATFORMS, searchableSites } from "./property";
import { queueSiteSync } from "./sync-runs";
import { panelPathOf } from "../core/panel-path";

// The account's Google connection (OAuth 2.0 for web-server apps, EXTERNAL_APIS-2 §2): the owner
// consents on Google's page, Google sends the browser back to the callback with a code, and the
// refresh token it yields is kept encrypted for the daily sync.

/** Where the owner lands after Google when the request named no panel page: Settings (Integrations). */
export const DEFAULT_RETURN_TO = "/settings";
const STATE_TTL_MS = 10 * 60_000;
export const CALLBACK_PATH = "/api/integrations/google/callback";
/** What the offline provider says the account is connected as. */
export const OFFLINE_EMAIL = "offline@search-console.invalid";

/** Why the callback sent the owner back with `google=error`: the panel words each in its language. */
export type GoogleConnectFailure =
  | "state_invalid"
  | "access_denied"
  | "google_error"
  | "not_configured"
  | "exchange_failed"
  | "scope_missing"
  | "refresh_token_missing";

/** Either Search Console scope reads the figures (the full one may come from an earlier grant of the same client). */
const SEARCH_CONSOLE_SCOPES = new Set([WEBMASTERS_READONLY, "https://www.googleapis.com/auth/webmasters"]);
const encoder = new TextEncoder();
const base64Url = (bytes: Uint8Array) => bytesToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const randomToken = () => base64Url(crypto.getRandomValues(new Uint8Array(32)));

function refuseOffline(services: Services, what: string): void {
  if (services.config.search.provider === "offline") {
    throw new AppError(
      "conflict",
      `Search Console is offline on this service (SEARCH_CONSOLE_PROVIDER=offline): every site counts as connected with invented figures, so there is nothing to ${what}`,
    );
  }
}

function redirectUriFor(services: Services, origin: string): string {
  return `${services.config.publicBaseUrl ?? origin}${CALLBACK_PATH}`;
}

/**
 * Starts a connection: a single-use state (stored hashed, with the PKCE verifier and the panel
 * page to return to, for 10 minutes) and Google's authorization URL for the owner's browser.
 */
export async function startGoogleAuth(
  services: Services,
  accountId: string,
  returnTo: string | undefined,
  origin: string,
  now = new Date(),
) {
  refuseOffline(services, "connect");
  const oauth = services.googleOAuth();
  const state = randomToken();
  const codeVerifier = randomToken();
  const codeChallenge = base64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(codeVerifier))));
  await services.db.batch([
    services.db.delete(googleAuthStates).where(lt(googleAuthStates.expiresAt, toIsoSeconds(now))),
    services.db.insert(googleAuthStates).values({
      stateHash: await sha256Hex(state),
      accountId,
      codeVerifier,
      returnTo: returnTo ?? DEFAULT_RETURN_TO,
      expiresAt: toIsoSeconds(new Date(now.getTime() + STATE_TTL_MS)),
    }),
  ]);
  return { url: oauth.authorizationUrl({ state, codeChallenge, redirectUri: redirectUriFor(services, origin) }) };
}

/** What Google's redirect carries (unknown parameters such as `authuser` are ignored). */
export interface GoogleCallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/**
 * Finishes a connection from Google's redirect and answers the panel path to send the browser to:
 * `…?google=connected`, or `…?google=error&reason=<GoogleConnectFailure>`. Nothing is stored
 * unless Google granted the Search Console scope; then each site's property is chosen and its
 * first sync queued.
 */
export async function completeGoogleAuth(
  services: Services,
  query: GoogleCallbackQuery,
  origin: string,
  now = new Date(),
): Promise<string> {
  const pending = query.state ? await consumeState(services, query.state) : undefined;
  if (!pending) return panelPath(DEFAULT_RETURN_TO, "state_invalid");
  if (pending.expiresAt < toIsoSeconds(now)) return panelPath(pending.returnTo, "state_invalid");
  const back = (failure?: GoogleConnectFailure) => panelPath(pending.returnTo, failure);
  if (query.error) return back(query.error === "access_denied" ? "access_denied" : "google_error");
  if (!query.code) return back("google_error");

  let oauth: ReturnType<Services["googleOAuth"]>;
  try {
    oauth = services.googleOAuth();
  } catch {
    return back("not_configured");
  }
  let grant: Awaited<ReturnType<typeof oauth.exchangeCode>>;
  try {
    grant = await oauth.exchangeCode({
      code: query.code,
      codeVerifier: pending.codeVerifier,
      redirectUri: redirectUriFor(services, origin),
    });
  } catch (error) {
    log("warn", "google_connect_exchange_failed", { accountId: pending.accountId, ...errorFields(error) });
    return back("exchange_failed");
  }
  if (!grant.scopes.some((scope) => SEARCH_CONSOLE_SCOPES.has(scope))) {
    // Half a grant is no connection: give back what the owner did allow.
    await revokeQuietly(services, grant.refreshToken ?? grant.accessToken, pending.accountId);
    return back("scope_missing");
  }

  const [existing] = await services.db.select().from(googleConnections).where(eq(googleConnections.accountId, pending.accountId));
  const sameGoogleAccount = existing && (!grant.subject || !existing.googleSubject || grant.subject === existing.googleSubject);
  // Without consent again Google sends no new refresh token: the stored one still serves the same Google account.
  const refreshTokenEncrypted = grant.refreshToken
    ? await encryptSecret(requireEncryptionKey(services.encryptionKey), grant.refreshToken)
    : sameGoogleAccount
      ? existing.refreshTokenEncrypted
      : null;
  if (!refreshTokenEncrypted) return back("refresh_token_missing");

  let properties: GoogleProperty[] = [];
  try {
    properties = await services.searchConsole().listSites(grant.accessToken);
  } catch (error) {
    // The first sync reads the list again; the connection itself is good.
    log("warn", "google_connect_sites_list_failed", { accountId: pending.accountId, ...errorFields(error) });
  }
  const stamp = toIsoSeconds(now);
  const connection = {
    googleEmail: grant.email,
    googleSubject: grant.subject,
    refreshTokenEncrypted,
    scopes: grant.scopes.join(" "),
    status: "CONNECTED" as const,
    statusMessage: null,
    properties,
    // The row stands for the grant: a new grant is a new connection.
    createdAt: stamp,
    updatedAt: stamp,
  };
  await services.db.batch([
    services.db
      .insert(googleConnections)
      .values({ accountId: pending.accountId, ...connection })
      .onConflictDoUpdate({ target: googleConnections.accountId, set: connection }),
    // Google's callback carries no session: the member who started it is in google.connect_started.
    auditStatement(
      services.db,
      pending.accountId,
      { memberId: null, via: "system", label: "Google" },
      {
        action: "google.connected",
        targetType: "google_connection",
        targetId: pending.accountId,
        detail: { googleEmail: grant.email, properties: properties.length },
      },
    ),
  ]);

  for (const site of await searchableSites(services.db, pending.accountId)) {
    if (await applyPropertyChoice(services.db, site, properties)) await queueSiteSync(services, site, now);
  }
  log("info", "google_connected", { accountId: pending.accountId, properties: properties.length });
  return back();
}

/** The state row, deleted as it is read so it serves once. */
async function consumeState(services: Services, state: string) {
  const [row] = await services.db
    .delete(googleAuthStates)
    .where(eq(googleAuthStates.stateHash, await sha256Hex(state)))
    .returning();
  return row;
}

function panelPath(returnTo: string, failure?: GoogleConnectFailure): string {
  // Checked when it was given; checked again here, where the browser is sent (a row stored before the check).
  const url = new URL(panelPathOf(returnTo) ?? DEFAULT_RETURN_TO, "https://panel.invalid");
  url.searchParams.set("google", failure ? "error" : "connected");
  if (failure) url.searchParams.set("reason", failure);
  return `${url.pathname}${url.search}${url.hash}`;
}

async function revokeQuietly(services: Services, token: string, accountId: string): Promise<void> {
  try {
    await services.googleOAuth().revoke(token);
  } catch (error) {
    log("warn", "google_revoke_failed", { accountId, ...errorFields(error) });
  }
}

export interface GoogleIntegration {
  configured: boolean;
  connected: boolean;
  offline: boolean;
  email: string | null;
  status: GoogleConnectionStatus | null;
  message: string | null;
  properties: GoogleProperty[];
  connectedAt: string | null;
}

/** Whether Google is configured and connected, as which Google account, with which properties. */
export async function getGoogleIntegration(services: Services, accountId: string): Promise<GoogleIntegration> {
  if (services.config.search.provider === "offline") {
    return {
      configured: true,
      connected: true,
      offline: true,
      email: OFFLINE_EMAIL,
      status: "CONNECTED",
      message: null,
      properties: (await availableProperties(services, accountId)) ?? [],
      connectedAt: null,
    };
  }
  const [row] = await services.db.select().from(googleConnections).where(eq(googleConnections.accountId, accountId));
  return {
    configured: services.config.search.google !== null,
    connected: row !== undefined,
    offline: false,
    email: row?.googleEmail ?? null,
    status: row?.status ?? null,
    message: row?.statusMessage ?? null,
    properties: row?.properties ?? [],
    connectedAt: row?.createdAt ?? null,
  };
}

/**
 * Disconnects Google: the grant is revoked at Google (when Google cannot be reached the local copy
 * goes anyway), the row deleted and the sites back to pending. Their stored figures stay.
 */
export async function disconnectGoogle(services: Services, accountId: string): Promise<void> {
  refuseOffline(services, "disconnect");
  const [row] = await services.db.select().from(googleConnections).where(eq(googleConnections.accountId, accountId));
  if (!row) throw new AppError("google_not_connected", "Google Search Console is not connected");
  try {
    await revokeQuietly(services, await decryptSecret(requireEncryptionKey(services.encryptionKey), row.refreshTokenEncrypted), accountId);
  } catch (error) {
    log("warn", "google_disconnect_token_unreadable", { accountId, ...errorFields(error) });
  }
  await services.db.batch([
    services.db.delete(googleConnections).where(eq(googleConnections.accountId, accountId)),
    // Runs in flight stop at their next step (their run is no longer the site's).
    services.db
      .update(sites)
      .set({ searchConsoleState: "pending", searchConsoleMessage: null, searchSyncQueuedOn: null })
      .where(and(eq(sites.accountId, accountId), ne(sites.status, "DISCONNECTED"))),
  ]);
  log("info", "google_disconnected", { accountId });
}

/**
 * Offline, the "token" names the account, as a real one names a Google user: the stand-in
 * invents figures for that account's pages only (src/adapters/search-console/offline.ts).
 */
export const offlineAccessToken = (accountId: string) => `offline:${accountId}`;

/**
 * A fresh access token for the account's grant. A grant Google no longer accepts marks the
 * connection ERROR and its sites grant_broken, then throws the non-retryable `credentials_rejected`.
 */
export async function accessTokenFor(services: Services, accountId: string): Promise<string> {
  if (services.config.search.provider === "offline") return offlineAccessToken(accountId);
  const [row] = await services.db.select().from(googleConnections).where(eq(googleConnections.accountId, accountId));
  if (!row) throw new AppError("google_not_connected", "Google Search Console is not connected");
  if (row.status === "ERROR") {
    throw new ProviderError("credentials_rejected", "Google", row.statusMessage ?? "The Google connection must be redone");
  }
  const refreshToken = await decryptSecret(requireEncryptionKey(services.encryptionKey), row.refreshTokenEncrypted);
  try {
    return (await services.googleOAuth().refresh(refreshToken)).accessToken;
  } catch (error) {
    if (isProviderError(error, "credentials_rejected")) await markGrantBroken(services, accountId, error.message);
    throw error;
  }
}

const GRANT_BROKEN_MESSAGE =
  "Google no longer accepts the Search Console connection (revoked or expired); reconnect Google in Settings → Integrations";

/** The grant is dead: the connection says so and every site of the account stops syncing until a reconnect. */
export async function markGrantBroken(services: Services, accountId: string, reason: string): Promise<void> {
  await services.db.batch([
    services.db
      .update(googleConnections)
      .set({ status: "ERROR", statusMessage: reason, updatedAt: toIsoSeconds(new Date()) })
      .where(eq(googleConnections.accountId, accountId)),
    services.db
      .update(sites)
      .set({ searchConsoleState: "grant_broken", searchConsoleMessage: GRANT_BROKEN_MESSAGE })
      .where(and(eq(sites.accountId, accountId), inArray(sites.platform, SEARCHABLE_PLATFORMS), ne(sites.status, "DISCONNECTED"))),
  ]);
  log("warn", "google_grant_broken", { accountId });
}

/** Keeps sites.list as last read on the connection. */
export async function storeProperties(services: Services, accountId: string, properties: GoogleProperty[]): Promise<void> {
  await services.db.update(googleConnections).set({ properties }).where(eq(googleConnections.accountId, accountId));
}
