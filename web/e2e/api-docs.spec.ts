import { expect, test, type Page } from "@playwright/test";
import { DEMO, SCREENSHOTS, signIn } from "./support";

// Issue 28: the API reference at /api/docs renders the service's own OpenAPI document in
// Chromium with nothing from another site (every request off this origin is refused here, as
// with no internet), under its own Content-Security-Policy, with no console error; the API
// access screen links to it.

/** Console errors, page errors and policy violations of the page, and every request that left the origin (refused). */
async function watch(page: Page): Promise<{ errors: string[]; foreign: string[] }> {
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await page.context().route(
    (url) => url.origin !== origin,
    (route) => {
      foreign.push(route.request().url());
      return route.abort("internetdisconnected");
    },
  );
  return { errors, foreign };
}

test("the API reference renders offline from this origin, with no console error", async ({ page }) => {
  const seen = await watch(page);
  const document = await (await page.request.get("/api/openapi.json")).json();
  const listArticles = document.paths["/api/v1/public/articles"].get;
  const summary: string = listArticles.summary;
  const perPage: string = listArticles.parameters.find((parameter: { name: string }) => parameter.name === "per_page").description;

  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("heading", { name: /Content Autopilot API/ })).toBeVisible();
  const operation = page.getByText(summary, { exact: true }).first();
  await expect(operation).toBeVisible();
  // An operation opens with its parameters, drawn from the document too.
  await operation.click();
  await expect(page.getByText(perPage, { exact: true }).first()).toBeVisible();
  // The viewport only: the whole reference is a page some thousands of pixels long.
  await page.screenshot({ path: `${SCREENSHOTS}api-docs-1280.png` });
  // Its form and the token dialog draw under the policy too.
  await page.getByRole("button", { name: "Try it out" }).first().click();
  await expect(page.getByRole("button", { name: "Execute" }).first()).toBeVisible();
  await page
    .getByRole("button", { name: /^Authorize/ })
    .first()
    .click();
  await expect(page.getByText("bearerAuth").first()).toBeVisible();

  expect(seen.errors).toEqual([]);
  expect(seen.foreign).toEqual([]);
});

test("the API access screen links to the reference", async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto("/api-access");
  // Watched from here: signed out, the panel's own session probe answers 401 by design.
  const seen = await watch(page);
  await page.getByRole("link", { name: /Open the API reference/ }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.getByRole("heading", { name: /Content Autopilot API/ })).toBeVisible();
  expect(seen.errors).toEqual([]);
  expect(seen.foreign).toEqual([]);
});
