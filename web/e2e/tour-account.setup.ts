import { test as setup } from "@playwright/test";
import { accountWithContent, TOUR_ACCOUNT_STATE } from "./support";

// The tour account, made once per run for the specs that only read it (screens.spec.ts): its plan's
// articles are written once by the pipeline, not once per spec; its session is kept for them.
setup("the tour account: a site, plans with written articles, a token and an app", async ({ page }) => {
  await page.goto("/sign-in");
  await accountWithContent(page);
  await page.context().storageState({ path: TOUR_ACCOUNT_STATE });
});
