import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { encryptSecret } from "../../src/core/crypto";
import { googleConnections, type GoogleProperty, sites } from "../../src/db/schema";
import { choosePropertyFor } from "../../src/search-console/property";
import { call, db, expectError, seedAccount, seedSite, testEnv, useVars } from "../harness";
import { takeSyncSteps, useRecordedSearch } from "./google-connection";

const owner = (siteUrl: string): GoogleProperty => ({ siteUrl, permissionLevel: "siteOwner" });

describe("choosing a site's property", () => {
  const site = { url: "https://www.bakery.example/blog" };

  it("takes the one readable property that covers the site's URL", () => {
    expect(choosePropertyFor(site, [owner("sc-domain:bakery.example"), owner("https://other.example/")])).toEqual({
      property: "sc-domain:bakery.example",
    });
    expect(choosePropertyFor(site, [{ siteUrl: "https://www.bakery.example/", permissionLevel: "SITE_FULL_USER" }])).toEqual({
      property: "https://www.bakery.example/",
    });
    // A URL-prefix property of the bare host does not cover www.
    expect(choosePropertyFor(site, [owner("https://bakery.example/"), owner("sc-domain:bakery.example")])).toEqual({
      property: "sc-domain:bakery.example",
    });
  });

  it("prefers the URL-prefix property of the site's own URL among several, else asks the owner, naming them", () => {
    expect(
      choosePropertyFor(site, [
        owner("sc-domain:bakery.example"),
        owner("https://www.bakery.example/"),
        owner("https://www.bakery.example/blog/"),
      ]),
    ).toEqual({ property: "https://www.bakery.example/blog/" });
    const ambiguous = choosePropertyFor(site, [owner("sc-domain:bakery.example"), owner("https://www.bakery.example/")]);
    expect(ambiguous).toMatchObject({ property: null, state: "property_ambiguous" });
    expect(ambiguous.property === null && ambiguous.message).toContain("sc-domain:bakery.example, https://www.bakery.example/");
  });

  it("says the property is forbidden when only restricted access covers the site", () => {
    const choice = choosePropertyFor(site, [
      { siteUrl: "sc-domain:bakery.example", permissionLevel: "siteRestrictedUser" },
      { siteUrl: "https://www.bakery.example/", permissionLevel: "siteUnverifiedUser" },
    ]);
    expect(choice).toMatchObject({ property: null, state: "property_forbidden" });
  });

  it("says which property to add when none covers the site", () => {
    const choice = choosePropertyFor(site, [owner("sc-domain:other.example")]);
    expect(choice).toMatchObject({ property: null, state: "property_missing" });
    expect(choice.property === null && choice.message).toContain("sc-domain:bakery.example");
    expect(choosePropertyFor(site, [])).toMatchObject({ state: "property_missing" });
  });
});

async function seedConnection(accountId: string, properties: GoogleProperty[]) {
  await db()
    .insert(googleConnections)
    .values({
      accountId,
      googleEmail: "owner@bakery.example",
      refreshTokenEncrypted: await encryptSecret(testEnv.ENCRYPTION_KEY!, "1//seeded-refresh"),
      scopes: "https://www.googleapis.com/auth/webmasters.readonly",
      properties,
    });
}

function put(token: string, siteId: string, json: unknown) {
  return call(`/api/sites/${siteId}/search-console`, { method: "PUT", token, json });
}

describe("PUT /api/sites/{siteId}/search-console", () => {
  const googleMode = () => useVars({ SEARCH_CONSOLE_PROVIDER: "google", GOOGLE_CLIENT_ID: "client", GOOGLE_CLIENT_SECRET: "secret" });

  it("records the owner's property and syncs it at once from the start of its history", async () => {
    googleMode();
    const sent = useRecordedSearch();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, {
      url: "https://www.bakery.example",
      searchConsoleProperty: "sc-domain:bakery.example",
      searchConsoleState: "synced",
      searchSyncedThrough: 20_000,
    });
    await seedConnection(accountId, [owner("sc-domain:bakery.example"), owner("https://www.bakery.example/")]);

    const response = await put(token, site.id, { property: "https://www.bakery.example/" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: string; searchConsole: Record<string, unknown> };
    expect(body.id).toBe(site.id);
    expect(body.searchConsole).toMatchObject({
      property: "https://www.bakery.example/",
      propertyChosen: true,
      state: "pending",
      syncedThrough: null,
    });
    expect(takeSyncSteps(sent, [site.id])).toEqual([expect.objectContaining({ phase: "start" })]);
  });

  it("refuses a property the connection does not list or that does not cover the site (422), changing nothing", async () => {
    googleMode();
    useRecordedSearch();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.example" });
    await seedConnection(accountId, [owner("sc-domain:bakery.example"), owner("https://other.example/")]);

    await expectError(await put(token, site.id, { property: "sc-domain:unknown.example" }), 422, "search_console_property_unknown");
    await expectError(await put(token, site.id, { property: "https://other.example/" }), 422, "search_console_property_unknown");
    const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
    expect(row).toMatchObject({ searchConsoleProperty: null, searchConsolePropertyChosen: false });
  });

  it("needs a Google connection to choose a property", async () => {
    googleMode();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.example" });
    await expectError(await put(token, site.id, { property: "sc-domain:bakery.example" }), 409, "google_not_connected");
  });

  it("saves the search-loop settings beside the defaults", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.example" });
    const response = await put(token, site.id, { refreshDecaying: true, maxRefreshesPerWeek: 5 });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { searchConsole: unknown }).searchConsole).toMatchObject({
      refreshDecaying: true,
      autoApply: false,
      maxRefreshesPerWeek: 5,
    });
    const again = await put(token, site.id, { autoApply: true });
    expect(((await again.json()) as { searchConsole: unknown }).searchConsole).toMatchObject({
      refreshDecaying: true,
      autoApply: true,
      maxRefreshesPerWeek: 5,
    });
  });

  it("takes the offline provider's invented property", async () => {
    const sent = useRecordedSearch();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://www.offline-bakery.example" });
    const response = await put(token, site.id, { property: "sc-domain:offline-bakery.example" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { searchConsole: unknown }).searchConsole).toMatchObject({ propertyChosen: true });
    expect(takeSyncSteps(sent, [site.id])).toHaveLength(1);
  });

  it("answers 400 for a bad body, 404 for another account's site, 409 for a forum, 401 without a token", async () => {
    const { accountId, token } = await seedAccount();
    const other = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.example" });
    const forum = await seedSite(accountId, { platform: "forum", url: "https://forum.bakery.example" });
    for (const body of [
      {},
      { maxRefreshesPerWeek: 0 },
      { maxRefreshesPerWeek: 51 },
      { refreshDecaying: "yes" },
      { property: "" },
      { colour: "red" },
    ]) {
      await expectError(await put(token, site.id, body), 400, "invalid_request");
    }
    await expectError(await put(other.token, site.id, { autoApply: true }), 404, "not_found");
    await expectError(await put(token, forum.id, { autoApply: true }), 409, "wrong_platform");
    await expectError(await call(`/api/sites/${site.id}/search-console`, { method: "PUT", json: { autoApply: true } }), 401);
    const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
    expect(row!.searchSettings).toBeNull();
  });
});
