import { expect, type Page, test } from "@playwright/test";
import { healthCardMessages } from "../src/screens/sites/health-card-messages";
import { healthMessages } from "../src/screens/sites/health-messages";
import { linkMessages } from "../src/screens/sites/links-messages";
import { DEMO, expectAccessible, expectNoHorizontalOverflow, screenshot, settled, signIn, WIDTHS } from "./support";

// The site as a whole on the demo blog (issue 42) under the offline Search Console: the health card
// on the overview and the Health tab, the cannibalised search and the article without traction the
// offline figures put there, and the Links tab, at a desktop and a phone width, with axe.

const SITE = "site_demo00000000000";
const card = healthCardMessages.en;

/** Queues a sync of the demo blog and waits until it is synced, later than before. */
async function syncedDemoSite(page: Page) {
  const read = async () =>
    ((await (await page.request.get(`/api/sites/${SITE}`)).json()) as { searchConsole: { state: string; syncedAt: string | null } })
      .searchConsole;
  const before = (await read()).syncedAt;
  const queued = await page.request.post(`/api/sites/${SITE}/search-console/sync`, { headers: { Origin: new URL(page.url()).origin } });
  expect(queued.status(), await queued.text()).toBe(202);
  await expect
    .poll(
      async () => {
        const now = await read();
        return now.state === "synced" && now.syncedAt !== null && now.syncedAt !== before;
      },
      { timeout: 180_000, intervals: [1_000, 2_000] },
    )
    .toBe(true);
}

async function checkScreen(page: Page, name: string) {
  await settled(page);
  await expectAccessible(page, name);
  await expectNoHorizontalOverflow(page, name);
  await screenshot(page, name);
}

test("the demo blog's health: the card, the Health tab's lists and the Links tab, at 1280 and 375 px", async ({ page }) => {
  test.setTimeout(400_000);
  await signIn(page, DEMO.email, DEMO.password);
  await syncedDemoSite(page);
  const health = (await (await page.request.get(`/api/sites/${SITE}/health`)).json()) as {
    score: number;
    cannibalized: number;
    noTraction: number;
  };
  expect(health.cannibalized).toBeGreaterThanOrEqual(1);
  expect(health.noTraction).toBeGreaterThanOrEqual(1);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });

    // The overview: a health card for each of the first three connected sites.
    await page.goto("/");
    const overviewCard = page.locator(".health-card").first();
    await expect(overviewCard.getByText(/^\d+ \/ 100$/)).toBeVisible();
    await checkScreen(page, `health-overview-${width}`);

    // The demo blog's Health tab: its card with the score the API gives, each figure linking to its list.
    await page.goto(`/sites/${SITE}?tab=health`);
    const siteCard = page.locator(".health-card");
    await expect(siteCard.getByText(`${health.score} / 100`)).toBeVisible();
    await siteCard
      .getByRole("link", { name: new RegExp(card["health.cannibalized"].replace("{count}", String(health.cannibalized))) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/sites/${SITE}\\?tab=health`));

    // The Health tab: the card, the shared search with its two pages, the silent article.
    await expect(page.getByRole("heading", { name: healthMessages.en["cannibal.title"] })).toBeVisible();
    await expect(page.getByTestId("cannibalized-query").first()).toBeVisible();
    await expect(page.getByTestId("traction-item").filter({ hasText: healthMessages.en["traction.state.none"] }).first()).toBeVisible();
    await checkScreen(page, `health-tab-${width}`);

    // The Links tab: the graph's counts and the orphans.
    await page.goto(`/sites/${SITE}?tab=links`);
    await expect(page.getByRole("heading", { name: linkMessages.en["links.title"] })).toBeVisible();
    await expect(page.getByText(linkMessages.en["links.orphans.title"])).toBeVisible();
    await checkScreen(page, `links-tab-${width}`);
  }
});
