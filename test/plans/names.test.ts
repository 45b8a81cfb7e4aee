import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { defaultAccountName } from "../../src/accounts/display-name";
import { members, plans, sites, users } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedSite } from "../harness";
import { seedMember } from "../members/helpers";
import { offlinePlan } from "../pipeline/helpers";

const NOVEMBER = new Date();
const monthEn = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(NOVEMBER);
const monthTr = new Intl.DateTimeFormat("tr-TR", { month: "long", year: "numeric", timeZone: "UTC" }).format(NOVEMBER);

async function patch(path: string, token: string, json: unknown) {
  return call(path, { method: "PATCH", token, json });
}

async function ownerLocale(accountId: string, locale: "en" | "tr") {
  const [owner] = await db().select({ userId: members.userId }).from(members).where(eq(members.accountId, accountId));
  await db().update(users).set({ locale }).where(eq(users.id, owner!.userId));
}

describe("plan names", () => {
  it("a new plan is named '<site name> · <month year>' in the account's language, and PATCH renames it (trimmed)", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, {
      platform: "blog",
      url: "https://bakery.invalid",
      blogName: "The Bakery",
      businessContext: "Bread",
    });
    const plan = (await offlinePlan(token, site.id)) as unknown as { id: string; name: string };
    expect(plan.name).toBe(`The Bakery · ${monthEn}`);

    await ownerLocale(accountId, "tr");
    await patch(`/api/sites/${site.id}`, token, { displayName: "Fırın Blogu" });
    const turkish = (await offlinePlan(token, site.id)) as unknown as { name: string };
    expect(turkish.name).toBe(`Fırın Blogu · ${monthTr}`);
    expect(monthTr).toMatch(/^[A-ZÇĞİÖŞÜ][a-zçğıöşü]+ \d{4}$/);

    const renamed = await patch(`/api/autopilot/plans/${plan.id}`, token, { name: "  Aralık kampanyası  " });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: plan.id, name: "Aralık kampanyası" });
    const list = (await (await call("/api/autopilot/plans", { token })).json()) as { items: { id: string; name: string }[] };
    expect(list.items.find((p) => p.id === plan.id)?.name).toBe("Aralık kampanyası");
  });

  it("refuses a bad name with 400 and changes nothing; 404 for another account's plan; an editor may rename, a viewer not", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", businessContext: "Bread" });
    const plan = (await offlinePlan(token, site.id)) as unknown as { id: string; name: string };
    for (const body of [
      { name: "" },
      { name: "   " },
      { name: "x".repeat(81) },
      { name: "two\nlines" },
      { name: "tab\there" },
      { name: "<b>bold</b>" },
      { name: "a\u202Eb" },
      { name: 5 },
      {},
      { name: "fine", status: "ACTIVE" },
    ])
      await expectError(await patch(`/api/autopilot/plans/${plan.id}`, token, body), 400, "invalid_request");
    const [row] = await db().select().from(plans).where(eq(plans.id, plan.id));
    expect(row!.name).toBe(plan.name);

    const other = await seedAccount();
    await expectError(await patch(`/api/autopilot/plans/${plan.id}`, other.token, { name: "Mine" }), 404, "not_found");
    const viewer = await seedMember(accountId, "viewer");
    await expectError(await patch(`/api/autopilot/plans/${plan.id}`, viewer.token, { name: "Mine" }), 403, "insufficient_role");
    const editor = await seedMember(accountId, "editor");
    expect((await patch(`/api/autopilot/plans/${plan.id}`, editor.token, { name: "x".repeat(80) })).status).toBe(200);
  });
});

describe("site display names", () => {
  it("replaces the WordPress title wherever the site is named; null gives the title back", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "blog", url: "https://bakery.invalid", blogName: "WP Title" });
    expect(await (await call(`/api/sites/${site.id}`, { token })).json()).toMatchObject({ name: "WP Title", displayName: null });

    const named = await patch(`/api/sites/${site.id}`, token, { displayName: "  Fırın Blogu " });
    expect(named.status).toBe(200);
    expect(await named.json()).toMatchObject({ name: "Fırın Blogu", displayName: "Fırın Blogu" });
    const listed = (await (await call("/api/sites", { token })).json()) as { id: string; name: string }[];
    expect(listed.find((s) => s.id === site.id)?.name).toBe("Fırın Blogu");

    expect(await (await patch(`/api/sites/${site.id}`, token, { displayName: null })).json()).toMatchObject({
      name: "WP Title",
      displayName: null,
    });
    // A custom site has no platform title: its display name is its only name.
    const custom = await seedSite(accountId, { platform: "custom" });
    expect(await (await patch(`/api/sites/${custom.id}`, token, { displayName: "Shop blog" })).json()).toMatchObject({ name: "Shop blog" });
  });

  it("400 for a bad display name, and nothing changes", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "blog", blogName: "WP Title", displayName: "Kept" });
    for (const displayName of ["", "  ", "x".repeat(81), "a\u0000b", "line\nbreak", "<script>x", "\u2066x"])
      await expectError(await patch(`/api/sites/${site.id}`, token, { displayName }), 400, "invalid_request");
    const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
    expect(row!.displayName).toBe("Kept");
  });
});

describe("the account's name", () => {
  it("derives a default from a business domain, else the first site, else the address's name part, never the e-mail", () => {
    expect(defaultAccountName("info@kadikoy-ajans.com.tr")).toBe("Kadikoy Ajans");
    expect(defaultAccountName("hello@bakery.co.uk")).toBe("Bakery");
    expect(defaultAccountName("ayse.yilmaz@gmail.com", "Fırın Blogu")).toBe("Fırın Blogu");
    expect(defaultAccountName("ayse.yilmaz@gmail.com")).toBe("Ayse Yilmaz");
    expect(defaultAccountName("owner-17@example.com")).toBe("Owner");
    expect(defaultAccountName("42@hotmail.com")).toBe("Account");
  });

  it("GET /api/auth/me answers displayName: the name when set, else the first site's; the e-mail never", async () => {
    const { accountId, token, email } = await seedAccount();
    await seedSite(accountId, { platform: "blog", url: "https://www.firin.invalid", blogName: null });
    const me = (await (await call("/api/auth/me", { token })).json()) as { name: string | null; displayName: string };
    expect(me.name).toBeNull();
    expect(me.displayName).toBe("firin.invalid");
    expect(me.displayName).not.toContain(email);

    const renamed = await patch("/api/account", token, { name: "  Kadıköy Ajans " });
    expect(await renamed.json()).toMatchObject({ name: "Kadıköy Ajans", displayName: "Kadıköy Ajans" });
    for (const name of ["", "x".repeat(61), "a\nb", "<i>x"])
      await expectError(await patch("/api/account", token, { name }), 400, "invalid_request");
    expect(await (await call("/api/auth/me", { token })).json()).toMatchObject({ displayName: "Kadıköy Ajans" });
  });
});
