import { expect, type Page, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import {
  DEMO,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectRowActionsVisible,
  expectTableSemantics,
  firstId,
  screenshot,
  settled,
  signUpFresh,
  TOUR_ACCOUNT_STATE,
  WIDTHS,
} from "./support";

// Every screen of the tour account (tour-account.setup.ts) in English at a desktop and a phone
// width and in Turkish: axe finds no serious or critical violation (once per screen and language),
// nothing scrolls sideways, and a screenshot of each is saved (test-results/panel-screens/). The
// three walks share the account and run side by side.

/** The screens whose tables the tour's account fills: each must show rows. */
const SCREENS_WITH_ROWS = new Set([
  "sites",
  "plans",
  "articles",
  "review-queue",
  "media",
  "webhooks",
  "billing",
  "api-access",
  "plan",
  "plan-active",
]);

/** The tour account's screens, with the ids of its site, an article and its two plans. */
async function tourScreens(page: Page): Promise<[string, string][]> {
  const articleId = await firstId(page, "/api/autopilot/articles?per_page=1", (body) => body.items[0]?.id);
  const screens: [string, string][] = [
    ["overview", "/"],
    ["sites", "/sites"],
    ["sites-connect-wordpress", "/sites?connect=wordpress"],
    ["plans", "/plans"],
    ["articles", "/articles"],
    ["review-queue", "/articles?status=pending"],
    ["article", `/articles/${articleId}`],
    ["posts", "/posts"],
    ["media", "/media"],
    ["webhooks", "/webhooks"],
    ["billing", "/billing"],
    ["api-access", "/api-access"],
    ["settings", "/settings"],
  ];
  const siteId = await firstId(page, "/api/sites", (body) => body[0]?.id);
  if (siteId)
    screens.push(
      ["site", `/sites/${siteId}`],
      ["site-brief", `/sites/${siteId}?tab=brief`],
      ["site-chat", `/sites/${siteId}?tab=chat`],
      ["site-search", `/sites/${siteId}?tab=search`],
    );
  const planId = await firstId(
    page,
    "/api/autopilot/plans",
    (body) => body.items.find((plan: { status: string }) => plan.status === "DRAFT")?.id,
  );
  if (planId) screens.push(["plan", `/plans/${planId}`]);
  // The approved plan: items written, waiting for review, scheduled; their links and actions.
  const activePlanId = await firstId(
    page,
    "/api/autopilot/plans",
    (body) => body.items.find((plan: { status: string }) => plan.status === "ACTIVE")?.id,
  );
  if (activePlanId) screens.push(["plan-active", `/plans/${activePlanId}`]);
  return screens;
}

/** The walks: English at each width (axe at the first: it reads the markup, the same at both), and Turkish. */
const WALKS = [
  { language: "en", width: WIDTHS[0], axe: true, suffix: `${WIDTHS[0]}`, label: `${WIDTHS[0]}px` },
  { language: "en", width: WIDTHS[1], axe: false, suffix: `${WIDTHS[1]}`, label: `${WIDTHS[1]}px` },
  { language: "tr", width: 1280, axe: true, suffix: "tr", label: "Turkish" },
] as const;

test.describe("the tour account", () => {
  test.use({ storageState: TOUR_ACCOUNT_STATE });
  test.describe.configure({ mode: "parallel" });

  for (const walk of WALKS)
    test(`every screen ${walk.language === "tr" ? "in Turkish" : `at ${walk.width} px`}: ${walk.axe ? "accessible, " : ""}no sideways scroll, screenshot`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width: walk.width, height: walk.width === 375 ? 812 : 900 });
      if (walk.language === "tr") {
        await page.goto("/settings");
        await page.getByLabel("Language").first().selectOption("tr");
      }
      const screens = await tourScreens(page);
      for (const [name, path] of screens) {
        const where = `${name} at ${walk.label}`;
        await page.goto(path);
        await settled(page);
        if (walk.axe) await expectAccessible(page, where);
        await expectNoHorizontalOverflow(page, where);
        const rows = await expectRowActionsVisible(page, where);
        if (walk.language === "en" && SCREENS_WITH_ROWS.has(name)) {
          expect(rows, `${where} shows rows`).toBeGreaterThan(0);
          await expectTableSemantics(page, where);
        }
        await screenshot(page, `${name}-${walk.suffix}`);
      }
      if (walk.language === "tr") {
        // Turkish money.
        await page.goto("/");
        await expect(page.getByRole("link", { name: /^Bakiye: ₺\d{1,3}(\.\d{3})*,\d{2}$/ })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Genel bakış", level: 1 })).toBeVisible();
      }
    });

  test("media: an image uploaded with the file input shows progress, then its public address, and is listed", async ({ page }) => {
    await page.goto("/media");
    // A 2 × 2 PNG, made here.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
      "base64",
    );
    await page.getByLabel("Choose images to upload").setInputFiles({ name: "starter.png", mimeType: "image/png", buffer: png });
    await expect(page.getByText("starter.png was uploaded.")).toBeVisible({ timeout: 30_000 });
    const listed = page.getByRole("row", { name: /starter/ });
    await expect(listed).toBeVisible();
    const address = (await listed.locator("code").innerText()).trim();
    expect((await page.request.get(address)).headers()["content-type"]).toBe("image/webp");
    await expectAccessible(page, "media after an upload");
  });
});

test("a new account: the overview starts with connecting a site, then planning; no token nobody saw; languages by name", async ({
  page,
}) => {
  await page.goto("/sign-in");
  await signUpFresh(page, "first-steps");
  expect(await (await page.request.get("/api/tokens")).json()).toEqual([]);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/");
    await settled(page);
    const steps = page.getByRole("region", { name: "First step: connect your site" });
    await expect(steps).toBeVisible();
    await expect(steps.getByRole("link", { name: "Connect a WordPress site" })).toHaveAttribute("href", "/sites?connect=wordpress");
    // Nothing happened yet: a sentence, not an empty chart.
    await expect(page.getByText("Nothing yet: the chart fills in once your first article is written.")).toBeVisible();
    await expect(page.locator(".chart svg")).toHaveCount(0);
    await expectAccessible(page, `new account's overview at ${width}px`);
    await expectNoHorizontalOverflow(page, `new account's overview at ${width}px`);
    await screenshot(page, `overview-new-account-${width}`);
  }

  // The article language is chosen by name.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/sites?connect=custom");
  const language = page.getByLabel("Article language");
  await expect(language).toHaveValue("en");
  await expect(language.locator("option", { hasText: "German · Deutsch" })).toHaveAttribute("value", "de");
  await expect(language.locator("option", { hasText: "Brazilian Portuguese" })).toHaveAttribute("value", "pt-br");
  await language.selectOption({ label: "Turkish · Türkçe" });
  await page.getByLabel("Site address").fill("https://first-steps.invalid/blog");
  await page.getByRole("button", { name: "Connect the site" }).click();
  await page.getByRole("link", { name: "I have stored the secret: open the site" }).click();
  // Titled by its host; its address, with the path, is among its facts.
  await expect(page.getByRole("heading", { name: "first-steps.invalid", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "https://first-steps.invalid/blog", exact: true })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^Turkish$/ })).toBeVisible();

  // A site, no plan yet: the next step is the plan, for that site.
  await page.goto("/");
  const next = page.getByRole("region", { name: "Next step: plan your articles" });
  await expect(next).toBeVisible();
  await next.getByRole("link", { name: "Create a plan" }).click();
  await expect(page).toHaveURL(/\/plans\?siteId=site_/);
  await expect(page.getByLabel("Site", { exact: true })).toContainText("first-steps.invalid");
  await screenshot(page, "plans-first-plan-1280");
});

test("keyboard only: skip link, sign in, navigate; the phone menu opens and closes", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.getByLabel("Email")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Language")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(DEMO.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Billing" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/billing$/);
  await expect(nav.getByRole("link", { name: "Billing" })).toHaveAttribute("aria-current", "page");

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(nav).toBeHidden();
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(nav).toBeHidden();
});

test("a 401 returns to sign-in and, signed in, back to the page asked for", async ({ page }) => {
  await page.goto("/articles?status=pending");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Farticles%3Fstatus%3Dpending$/);
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText(/email or password/i);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/articles\?status=pending$/);
  // The page has finished loading: none of its own calls is still in flight when the session ends.
  await settled(page);
  await page.waitForLoadState("networkidle");

  // The session ends elsewhere (signed out in another tab): the next call returns to sign-in.
  await page.request.delete("/api/session", { headers: { Origin: new URL(page.url()).origin } });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Plans" }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fplans$/);
});

test("the signed-out pages, 1280 px and 375 px: accessible, no sideways scroll, screenshot", async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 812 });
    for (const [name, path] of [
      ["sign-in", "/sign-in"],
      ["sign-up", "/sign-up"],
      ["invite", "/invite#abcdefghijklmnopqrstuvwxyz"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessible(page, `${name} at ${width}px`);
      await expectNoHorizontalOverflow(page, `${name} at ${width}px`);
      const rows = await expectRowActionsVisible(page, `${name} at ${width}px`);
      if (SCREENS_WITH_ROWS.has(name)) {
        expect(rows, `${name} at ${width}px shows rows`).toBeGreaterThan(0);
        await expectTableSemantics(page, `${name} at ${width}px`);
      }
      await screenshot(page, `${name}-${width}`);
    }
  }
});

test("a developer signs in by pasting a manage token; it is kept in the tab's memory only", async ({ page }) => {
  // The demo account's token, which `npm run dev` printed and keeps in .wrangler/demo-token.
  const token = readFileSync(new URL("../../.wrangler/demo-token", import.meta.url), "utf8").trim();
  await page.goto("/sign-in");
  await page.getByText("Developers: sign in with an API token").click();
  await page.getByLabel("API token (scope manage)").fill(`sap_${"x".repeat(40)}`);
  await page.getByRole("button", { name: "Use the token" }).click();
  await expect(page.getByRole("alert")).toContainText("This token was not accepted");
  await page.getByLabel("API token (scope manage)").fill(token);
  await page.getByRole("button", { name: "Use the token" }).click();
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await expect(page.getByText(DEMO.email)).toBeVisible();
  expect(
    await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie),
  ).not.toContain(token);
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in$/);
});
