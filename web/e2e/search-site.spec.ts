import { expect, type Page, test } from "@playwright/test";
import { googleMessages } from "../src/screens/settings/google-messages";
import { searchMessages } from "../src/screens/sites/search-messages";
import { siteMessages } from "../src/screens/sites/messages";
import { DEMO, expectAccessible, expectNoHorizontalOverflow, screenshot, settled, signIn, WIDTHS } from "./support";

// The search loop on the demo blog under the offline Search Console (`npm run dev`): a sync
// triggered through the API, Settings → Integrations in offline mode, the site's Search Console
// card, and its Search tab (totals, a decaying page, an opportunity added to a new draft plan in
// one click), at a desktop and a phone width and once in Turkish.

const SITE = "site_demo00000000000";
const en = searchMessages.en;

test.describe.configure({ mode: "serial" });

interface SiteRecord {
  searchConsole: { state: string; syncedAt: string | null; property: string | null };
}

async function readSite(page: Page): Promise<SiteRecord> {
  const response = await page.request.get(`/api/sites/${SITE}`);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** Queues a sync through the API and waits until the site says it is synced, later than before. */
async function syncDemoSite(page: Page) {
  const before = (await readSite(page)).searchConsole.syncedAt;
  const queued = await page.request.post(`/api/sites/${SITE}/search-console/sync`, { headers: { Origin: new URL(page.url()).origin } });
  expect(queued.status(), await queued.text()).toBe(202);
  await expect
    .poll(
      async () => {
        const { searchConsole } = await readSite(page);
        return searchConsole.state === "synced" && searchConsole.syncedAt !== null && searchConsole.syncedAt !== before;
      },
      { message: "the demo site's Search Console sync finishes", timeout: 180_000, intervals: [1_000, 2_000] },
    )
    .toBe(true);
}

async function checkScreen(page: Page, name: string) {
  await settled(page);
  await expectAccessible(page, name);
  await expectNoHorizontalOverflow(page, name);
  await screenshot(page, name);
}

test("the demo blog's search loop: integration, card, Search tab, an opportunity planned, at 1280 and 375 px", async ({ page }) => {
  test.setTimeout(600_000);
  page.on("dialog", (dialog) => void dialog.accept());
  await signIn(page, DEMO.email, DEMO.password);
  await syncDemoSite(page);
  const site = await readSite(page);
  expect(site.searchConsole.property).toBe("sc-domain:blog.demo.invalid");

  // An open plan of the site's own, made through the API: its newest, so the Search tab offers it first.
  const created = await page.request.post("/api/autopilot/plans", {
    data: { siteId: SITE, articleCount: 1, cadencePerWeek: 1, publishMode: "review" },
    headers: { Origin: new URL(page.url()).origin },
  });
  const plan = created.status() === 201 ? ((await created.json()) as { id: string; status: string }) : null;
  if (plan) expect(plan.status).toBe("DRAFT");

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });

    // Settings → Integrations: offline, nothing to connect, the invented property listed.
    await page.goto("/settings");
    const integration = page.getByTestId("google-integration");
    await expect(integration.getByText(googleMessages.en["google.offline"])).toBeVisible();
    await expect(integration.getByRole("cell", { name: "sc-domain:blog.demo.invalid" })).toBeVisible();
    await expect(integration.getByRole("button", { name: googleMessages.en["google.connect"] })).toHaveCount(0);
    await checkScreen(page, `search-settings-${width}`);

    // The site's card: the property chosen automatically, synced, its IndexNow key; Sync now waits for the new sync.
    await page.goto(`/sites/${SITE}`);
    const card = page.getByTestId("search-console-card");
    await expect(card.getByText("sc-domain:blog.demo.invalid")).toBeVisible();
    await expect(card.getByText(`(${en["card.chosenAutomatically"]})`)).toBeVisible();
    await expect(card.getByTestId("search-console-state")).toHaveText(en["state.synced"]);
    await expect(card.getByTestId("index-now")).toContainText("6f1d2c3b4a5e6d7c8b9a0f1e2d3c4b5a");
    await expect(card.getByLabel(en["loop.refreshDecaying"])).toBeVisible();
    if (width === 1280) {
      await card.getByRole("button", { name: en["card.syncNow"] }).click();
      await expect(card.getByText(en["card.synced"])).toBeVisible({ timeout: 180_000 });
    }
    await checkScreen(page, `search-site-${width}`);

    // The Search tab: listed among the site's tabs, totals with figures, the chart, pages, decay, opportunities.
    await page
      .getByRole("navigation", { name: siteMessages.en["site.tabs"] })
      .getByRole("link", { name: siteMessages.en["tab.search"] })
      .click();
    await expect(page).toHaveURL(new RegExp(`/sites/${SITE}\\?tab=search$`));
    const totals = page.getByTestId("search-totals");
    await expect(totals.locator(".search-total-value").first()).not.toHaveText("0");
    await expect(page.getByRole("img", { name: en["chart.title"] })).toBeVisible();
    await expect(page.getByRole("heading", { name: en["pages.title"] })).toBeVisible();
    const decaying = page.getByTestId("decaying-page");
    await expect(decaying.first()).toBeVisible();
    await expect(decaying.first()).toContainText(/Clicks fell|average position fell|click-through rate fell/);
    await checkScreen(page, `search-tab-${width}`);

    // Another window: the address keeps it, the comparison names it.
    await page.getByLabel(en["window.7"]).check();
    await expect(page).toHaveURL(/days=7/);
    await expect(totals).toContainText("previous 7 days");
    await page.getByLabel(en["window.28"]).check();
    await expect(page).not.toHaveURL(/days=/);
  }

  // One click adds the first opportunity to the new draft plan; the plan has it as an item.
  await page.setViewportSize({ width: 1280, height: 900 });
  const opportunity = page.getByTestId("opportunity").first();
  await expect(opportunity).toBeVisible();
  const keyword = (await opportunity.locator("th").innerText()).trim();
  if (plan) {
    await page.getByLabel(en["opportunities.plan"]).selectOption(plan.id);
    await opportunity.getByRole("button", { name: `Add to plan: ${keyword}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `“${keyword}” was added to this plan:` })).toBeVisible({ timeout: 60_000 });
    const items = (await (await page.request.get(`/api/autopilot/plans/${plan.id}`)).json()).items as { targetKeyword: string }[];
    expect(items.map((item) => item.targetKeyword)).toContain(keyword);
    await screenshot(page, "search-opportunity-added-1280");
  } else {
    // The site cannot plan (refused above): the rows say there is no open plan instead of offering the button.
    await expect(opportunity).toContainText(en["opportunities.noPlan"]);
  }

  // The overview's 30-day report: clicks and impressions from Google search, with the note on the last days.
  await page.goto("/");
  await expect(page.getByTestId("search-summary")).toContainText(/Google search: [\d,]+ clicks · [\d,]+ impressions/);
  await settled(page);
  await screenshot(page, "search-overview-1280");
});

test("the Search tab in Turkish: no catalogue miss, no English", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.email, DEMO.password);
  await page.getByLabel("Language").first().selectOption("tr");
  await page.goto(`/sites/${SITE}?tab=search`);
  await settled(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  await expect(page.getByRole("heading", { name: searchMessages.tr["tab.title"] })).toBeVisible();
  await expect(page.getByTestId("search-totals")).toContainText(searchMessages.tr["figure.clicks"]);
  await expect(page.getByTestId("decaying-page").first()).toBeVisible();
  expect(await page.evaluate(() => window.__i18nMisses ?? []), "catalogue misses").toEqual([]);
  // No English text of the search catalogue whose Turkish differs is on the page.
  const text = await page.locator("main").innerText();
  const english = Object.entries(en)
    .filter(([key, words]) => searchMessages.tr[key as keyof typeof en] !== words && !/\{\w+\}/.test(words) && words.length > 4)
    .filter(([, words]) => text.split("\n").some((line) => line.trim() === words))
    .map(([key]) => key);
  expect(english, "English search texts on the Turkish tab").toEqual([]);
  await expectAccessible(page, "search-tab-tr");
  await expectNoHorizontalOverflow(page, "search-tab-tr");
  await screenshot(page, "search-tab-tr-1280");
  await page.goto(`/sites/${SITE}`);
  await settled(page);
  await expect(page.getByTestId("search-console-state")).toHaveText(searchMessages.tr["state.synced"]);
  await screenshot(page, "search-site-tr-1280");
  await page.getByLabel("Dil").first().selectOption("en");
});
