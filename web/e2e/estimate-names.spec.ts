import { expect, type Page, test } from "@playwright/test";
import type { Language } from "../src/i18n/format";
import { estimateNameMessages } from "../src/screens/plans/estimate-names-messages";
import { settingsMessages } from "../src/screens/settings/messages";
import { expectAccessible, expectNoHorizontalOverflow, messagePattern, screenshot, settled, signUpFresh, WIDTHS } from "./support";

// What approval will cost before it is spent, names for the account, plan and site, and what
// "Plan from Search Console" used, in both languages at a desktop and a phone width.

const LANGUAGES = ["en", "tr"] as const satisfies readonly Language[];

async function checkScreen(page: Page, name: string) {
  await settled(page);
  await expectAccessible(page, name);
  await expectNoHorizontalOverflow(page, name);
  await screenshot(page, name);
}

async function useLanguage(page: Page, language: Language) {
  await page.evaluate((chosen) => localStorage.setItem("panel.language", chosen), language);
}

/** A fresh account with a custom site and a DRAFT plan from Search Console (no sync yet). */
async function accountWithPlan(page: Page) {
  await page.goto("/sign-in");
  await signUpFresh(page, "estimate");
  const headers = { Origin: new URL(page.url()).origin };
  const connect = await page.request.post("/api/platforms/custom/connect", {
    data: {
      url: "https://estimate-bakery.invalid",
      webhookUrl: "https://estimate-bakery.invalid/hooks",
      businessContext: "Home baking: sourdough bread, rye bread",
    },
    headers,
  });
  expect(connect.status(), await connect.text()).toBe(201);
  const siteId = ((await connect.json()) as { id: string }).id;
  const created = await page.request.post("/api/autopilot/plans", {
    data: { siteId, articleCount: 3, cadencePerWeek: 2, fromSearchConsole: true },
    headers,
    timeout: 120_000,
  });
  expect(created.status(), await created.text()).toBe(201);
  const plan = (await created.json()) as { id: string; name: string };
  const estimate = (await (await page.request.get(`/api/autopilot/plans/${plan.id}/estimate`)).json()) as {
    total: string;
    articles: number;
  };
  return { siteId, plan, estimate, headers };
}

test("the estimate before approval, names and the Search Console feedback, in both languages at 1280 and 375 px", async ({ page }) => {
  test.setTimeout(400_000);
  const { siteId, plan, estimate } = await accountWithPlan(page);
  expect(estimate.articles).toBe(3);

  for (const language of LANGUAGES) {
    const m = estimateNameMessages[language];
    const s = settingsMessages[language];
    await useLanguage(page, language);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const tag = `${language}-${width}`;

      // The plan: its name as the title, why nothing came from Search Console, the estimate and the total on the button.
      await page.goto(`/plans/${plan.id}`);
      await expect(page.getByTestId("plan-search-console")).toContainText(m["searchConsole.none.no_sync"]);
      const estimateBox = page.getByTestId("plan-estimate");
      await expect(estimateBox.getByRole("heading", { name: m["estimate.title"] })).toBeVisible();
      const total = (await estimateBox.getByTestId("estimate-total").innerText()).trim();
      const approve = estimateBox.getByRole("button", { name: messagePattern(m["estimate.approveFor"], { total }) });
      await expect(approve).toBeVisible();
      await approve.click();
      await expect(estimateBox.getByText(messagePattern(m["estimate.confirm"], { articles: "3", total }))).toBeVisible();
      await checkScreen(page, `estimate-confirm-${tag}`);
      await estimateBox.getByRole("button", { name: m["estimate.cancel"] }).click();

      // Rename the plan: the title follows.
      const planName = `${language === "tr" ? "Kasım kampanyası" : "November push"} ${width}`;
      await page.getByLabel(m["name.label"]).fill(planName);
      await page.getByRole("button", { name: m["name.save"] }).click();
      await expect(page.getByText(m["name.saved"])).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: planName })).toBeVisible();

      // The site's display name: it names the site on its page.
      const siteName = `${language === "tr" ? "Fırın Blogu" : "Bakery Blog"} ${width}`;
      await page.goto(`/sites/${siteId}`);
      await page.getByLabel(m["siteName.label"]).fill(siteName);
      await page.getByRole("button", { name: m["siteName.save"] }).click();
      await expect(page.getByText(m["siteName.saved"])).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: siteName })).toBeVisible();
      await checkScreen(page, `site-display-name-${tag}`);

      // The account's name: the header shows it.
      const accountName = `${language === "tr" ? "Kadıköy Ajans" : "Kadikoy Agency"} ${width}`;
      await page.goto("/settings");
      await page.getByLabel(s["account.name"]).fill(accountName);
      await page.getByRole("button", { name: s["account.nameSave"] }).click();
      await expect(page.getByText(s["account.nameSaved"])).toBeVisible();
      await expect(page.getByTestId("header-account-name")).toHaveText(accountName);

      // The plan list shows the plan by its name.
      await page.goto("/plans");
      await expect(page.getByRole("link", { name: planName })).toBeVisible();
      await checkScreen(page, `plan-list-names-${tag}`);
    }
  }

  // Approving after the confirmation starts the plan.
  await page.goto(`/plans/${plan.id}`);
  const m = estimateNameMessages.tr;
  const box = page.getByTestId("plan-estimate");
  await box.getByRole("button", { name: messagePattern(m["estimate.approveFor"]) }).click();
  await box.getByRole("button", { name: m["estimate.confirmYes"] }).click();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/autopilot/plans/${plan.id}`)).json()) as { status: string }).status)
    .toBe("ACTIVE");
});
