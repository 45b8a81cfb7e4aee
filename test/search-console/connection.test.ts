import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WEBMASTERS_READONLY } from "../../src/adapters/google-oauth/port";
import { decryptSecret } from "../../src/core/crypto";
import { googleAuthStates, googleConnections, sites } from "../../src/db/schema";
import { startGoogleAuth } from "../../src/search-console/connection";
import { TEST_GOOGLE_REDIRECT_URI } from "../fakes/google-oauth";
import { BASE, call, db, expectError, seedAccount, seedSite, testEnv, testServices, useVars } from "../harness";
import { connectGoogle, takeSyncSteps, useGoogle, useRecordedSearch } from "./google-connection";

const connectionOf = async (accountId: string) =>
  (await db().select().from(googleConnections).where(eq(googleConnections.accountId, accountId)))[0];
const siteRow = async (siteId: string) => (await db().select().from(sites).where(eq(sites.id, siteId)))[0]!;

async function integration(token: string) {
  const response = await call("/api/integrations/google", { token });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe("connecting Google Search Console", () => {
  it("says it is not configured until the operator sets the client id and secret", async () => {
    useVars({ SEARCH_CONSOLE_PROVIDER: "google" });
    const { token } = await seedAccount();
    await expectError(await call("/api/integrations/google", { method: "POST", token }), 409, "google_not_configured");
    expect(await integration(token)).toEqual({
      configured: false,
      connected: false,
      offline: false,
      email: null,
      status: null,
      message: null,
      properties: [],
      connectedAt: null,
    });
  });

  it("sends the owner to Google with offline access, the Search Console scope, a state and an S256 challenge, and keeps the grant encrypted", async () => {
    const { google, sent } = useGoogle();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "blog", url: "https://www.bakery.example" });
    google.searchConsole.setSites([
      { siteUrl: "sc-domain:bakery.example", permissionLevel: "siteOwner" },
      { siteUrl: "https://other.example/", permissionLevel: "siteFullUser" },
    ]);

    const { url, response, location } = await connectGoogle(token, google, {}, `/sites/${site.id}`);

    const params = new URL(url).searchParams;
    expect(params.get("redirect_uri")).toBe(TEST_GOOGLE_REDIRECT_URI);
    expect(params.get("access_type")).toBe("offline");
    expect(params.get("scope")?.split(" ")).toContain(WEBMASTERS_READONLY);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.status).toBe(302);
    expect(location).toBe(`/sites/${site.id}?google=connected`);

    const stored = (await connectionOf(accountId))!;
    expect(stored).toMatchObject({ status: "CONNECTED", googleEmail: "owner@bakery.example" });
    expect(stored.refreshTokenEncrypted).not.toContain("fake-refresh");
    expect(await decryptSecret(testEnv.ENCRYPTION_KEY!, stored.refreshTokenEncrypted)).toMatch(/^1\/\/fake-refresh-/);
    // The state served once and is gone.
    expect(await db().select().from(googleAuthStates).where(eq(googleAuthStates.accountId, accountId))).toEqual([]);

    expect(await integration(token)).toMatchObject({
      configured: true,
      connected: true,
      offline: false,
      email: "owner@bakery.example",
      status: "CONNECTED",
      properties: [
        { siteUrl: "sc-domain:bakery.example", permissionLevel: "siteOwner" },
        { siteUrl: "https://other.example/", permissionLevel: "siteFullUser" },
      ],
    });
    expect(await siteRow(site.id)).toMatchObject({ searchConsoleProperty: "sc-domain:bakery.example", searchConsoleState: "pending" });
    expect(takeSyncSteps(sent, [site.id])).toEqual([expect.objectContaining({ siteId: site.id, phase: "start", startRow: 0 })]);
  });

  it("keeps nothing and gives the grant back when the Search Console box was unticked", async () => {
    const { google } = useGoogle();
    const { accountId, token } = await seedAccount();
    const { location } = await connectGoogle(token, google, { grant: ["openid", "email"] });
    expect(location).toBe("/settings?google=error&reason=scope_missing");
    expect(await connectionOf(accountId)).toBeUndefined();
    expect(google.oauth.received.revoke).toHaveLength(1);
    expect((await integration(token)).connected).toBe(false);
  });

  it("comes back with access_denied when the owner declines", async () => {
    const { google } = useGoogle();
    const { accountId, token } = await seedAccount();
    const { location } = await connectGoogle(token, google, { deny: true }, "/settings#integrations");
    expect(location).toBe("/settings?google=error&reason=access_denied#integrations");
    expect(await connectionOf(accountId)).toBeUndefined();
  });

  it("takes a state once: a replayed callback, an unknown or an expired state is state_invalid, never an error page", async () => {
    const { google } = useGoogle();
    const { accountId, token } = await seedAccount();
    const first = await connectGoogle(token, google);
    expect(first.location).toBe("/settings?google=connected");

    const replay = await call(first.callbackPath);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).toBe("/settings?google=error&reason=state_invalid");
    const unknown = await call("/api/integrations/google/callback?code=4%2F0Afake&state=made-up");
    expect(unknown.headers.get("Location")).toBe("/settings?google=error&reason=state_invalid");
    const bare = await call("/api/integrations/google/callback");
    expect(bare.headers.get("Location")).toBe("/settings?google=error&reason=state_invalid");

    // A stored path that would leave the panel (stored before it was checked) brings the browser to Settings.
    const { url: stored } = await startGoogleAuth(testServices(), accountId, "/..//evil.invalid/phish", BASE);
    const leaving = new URL(await google.oauth.consent(stored));
    const back = await call(leaving.pathname + leaving.search);
    expect(back.headers.get("Location")).toMatch(/^\/settings\?google=/);

    const { url } = await startGoogleAuth(testServices(), accountId, "/sites", BASE, new Date(Date.now() - 11 * 60_000));
    const late = new URL(await google.oauth.consent(url));
    const expired = await call(late.pathname + late.search);
    expect(expired.headers.get("Location")).toBe("/sites?google=error&reason=state_invalid");
  });

  it("accepts only panel paths to come back to", async () => {
    useGoogle();
    const { token } = await seedAccount();
    // Issue 40 §7: a path that normalises off the panel ("/..//host") is refused too.
    for (const returnTo of [
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example/",
      "settings",
      "/a b",
      "/..//evil.invalid/phish",
      "/./..//evil.invalid",
      "/%2e%2e//evil.invalid",
    ]) {
      await expectError(await call("/api/integrations/google", { method: "POST", token, json: { returnTo } }), 400, "invalid_request");
    }
    await expectError(await call("/api/integrations/google", { method: "POST", token, json: { extra: 1 } }), 400, "invalid_request");
    // Without a body the owner comes back to Settings.
    expect((await call("/api/integrations/google", { method: "POST", token })).status).toBe(200);
  });

  it("needs a management token except for Google's callback", async () => {
    await expectError(await call("/api/integrations/google"), 401);
    await expectError(await call("/api/integrations/google", { method: "POST" }), 401);
    await expectError(await call("/api/integrations/google", { method: "DELETE" }), 401);
    expect((await call("/api/integrations/google/callback?state=x&code=y")).status).toBe(302);
  });

  it("shows each account only its own connection", async () => {
    const { google } = useGoogle();
    const owner = await seedAccount();
    const other = await seedAccount();
    await connectGoogle(owner.token, google);
    expect((await integration(owner.token)).connected).toBe(true);
    expect((await integration(other.token)).connected).toBe(false);
    await expectError(await call("/api/integrations/google", { method: "DELETE", token: other.token }), 409, "google_not_connected");
    expect(await connectionOf(owner.accountId)).toBeDefined();
  });

  it("disconnects: the grant is revoked at Google, the row deleted, the sites back to pending with their figures", async () => {
    const { google } = useGoogle();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.example" });
    google.searchConsole.setSites([{ siteUrl: "sc-domain:bakery.example", permissionLevel: "siteOwner" }]);
    await connectGoogle(token, google);
    await db().update(sites).set({ searchConsoleState: "synced", searchSyncedThrough: 20_000 }).where(eq(sites.id, site.id));
    const refreshToken = await decryptSecret(testEnv.ENCRYPTION_KEY!, (await connectionOf(accountId))!.refreshTokenEncrypted);

    expect((await call("/api/integrations/google", { method: "DELETE", token })).status).toBe(204);
    expect(google.oauth.received.revoke.map((entry) => entry.token)).toEqual([refreshToken]);
    expect(await connectionOf(accountId)).toBeUndefined();
    expect(await siteRow(site.id)).toMatchObject({ searchConsoleState: "pending", searchSyncedThrough: 20_000 });
    expect((await integration(token)).connected).toBe(false);
    await expectError(await call("/api/integrations/google", { method: "DELETE", token }), 409, "google_not_connected");
  });

  it("disconnects even when Google cannot be reached", async () => {
    const { google } = useGoogle();
    const { accountId, token } = await seedAccount();
    await connectGoogle(token, google);
    google.oauth.failTokenEndpoint(503);
    expect((await call("/api/integrations/google", { method: "DELETE", token })).status).toBe(204);
    expect(await connectionOf(accountId)).toBeUndefined();
  });
});

describe("the offline provider", () => {
  it("counts every site as connected to an invented Domain property; connecting and disconnecting are not needed", async () => {
    useRecordedSearch();
    const { accountId, token } = await seedAccount();
    await seedSite(accountId, { url: "https://www.offline-bakery.example" });
    await seedSite(accountId, { platform: "forum", url: "https://forum.offline-bakery.example" });
    expect(await integration(token)).toEqual({
      configured: true,
      connected: true,
      offline: true,
      email: "offline@search-console.invalid",
      status: "CONNECTED",
      message: null,
      properties: [{ siteUrl: "sc-domain:offline-bakery.example", permissionLevel: "siteOwner" }],
      connectedAt: null,
    });
    await expectError(await call("/api/integrations/google", { method: "POST", token }), 409, "conflict");
    await expectError(await call("/api/integrations/google", { method: "DELETE", token }), 409, "conflict");
  });
});
