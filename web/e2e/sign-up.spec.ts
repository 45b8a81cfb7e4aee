import { expect, type Page, test } from "@playwright/test";
import { errorMessages } from "../src/i18n/errors";
import { authMessages } from "../src/screens/auth/messages";
import { overviewMessages } from "../src/screens/overview/messages";
import {
  DEMO,
  expectAccessible,
  expectNoHorizontalOverflow,
  freshAddress,
  messagePattern,
  screenshot,
  signUpLink,
  uniqueEmail,
  WIDTHS,
} from "./support";

// Issue 40 §16: sign-up tells no one which addresses have accounts. Through the real sign-up page:
// a taken address and a new one read the same "check your e-mail"; the new one's link, read from
// the .eml the dev mail sink wrote, makes the account with one request and lands on the overview,
// signed in; the same link a second time is refused and offers a new sign-up.

const auth = authMessages.en;
const PASSWORD = "a long enough password";

async function signUpInPage(page: Page, email: string) {
  await page.goto("/sign-up");
  await page.getByLabel(auth["signIn.email"]).fill(email);
  await page.getByLabel(auth["signIn.password"], { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: auth["signUp.submit"] }).click();
  await expect(page.getByRole("heading", { name: auth["signUp.checkTitle"], level: 1 })).toBeVisible();
  await expect(page.getByTestId("sign-up-check-email")).toHaveText(messagePattern(auth["signUp.checkBody"], { email }));
}

async function atEachWidth(page: Page, name: string, check: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 812 });
    await check();
    await expectAccessible(page, `${name} at ${width}px`);
    await expectNoHorizontalOverflow(page, `${name} at ${width}px`);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("sign-up through the page: the same words for a taken and a new address, then the e-mailed link signs in once", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Sign-ups are limited per client address: this browser comes from an address of its own.
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": freshAddress() });

  // A taken address: the page says what it says to anyone, and nothing more.
  await signUpInPage(page, DEMO.email);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByRole("button", { name: auth["signUp.another"] }).click();
  await expect(page.getByLabel(auth["signIn.email"])).toHaveValue("");

  // A new address, in the panel's language.
  const email = uniqueEmail("sign-up-page");
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/session/signup") && request.method() === "POST");
  await signUpInPage(page, email);
  expect((await sent).postDataJSON()).toMatchObject({ email, locale: "en" });
  await atEachWidth(page, "sign-up-check-email", async () => {
    await expect(page.getByRole("link", { name: auth["signUp.signInLink"] })).toBeVisible();
    await expect(page.getByRole("button", { name: auth["signUp.another"] })).toBeVisible();
  });

  // The link from the e-mail, opened in the page: held while the confirmation is under way, so its page is seen.
  const link = new URL(await signUpLink(email));
  expect(link.hash.length).toBeGreaterThan(20);
  let confirmations = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/session/signup/confirm", async (route) => {
    confirmations += 1;
    expect(route.request().url()).not.toContain(link.hash.slice(1));
    await held;
    await route.continue();
  });
  await page.goto(link.pathname + link.hash);
  await atEachWidth(page, "sign-up-confirm-working", async () => {
    await expect(page.getByRole("heading", { name: auth["confirm.title"], level: 1 })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(auth["confirm.working"]);
  });
  release();

  // Signed in to the new account, on its overview: one request, however often React ran the effect.
  await expect(page.getByRole("heading", { name: overviewMessages.en.title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(confirmations).toBe(1);
  expect((await (await page.request.get("/api/auth/me")).json()).member.email).toBe(email);
  await page.unroute("**/api/session/signup/confirm");

  // The same link again, signed out: used, so refused, with the way to sign up again.
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
  const again = await context.newPage();
  try {
    await again.goto(link.pathname + link.hash);
    await atEachWidth(again, "sign-up-confirm-used", async () => {
      await expect(again.getByTestId("sign-up-confirm-refused")).toContainText(errorMessages.en["code.sign_up_link_invalid"]);
      await expect(again.getByRole("link", { name: auth["confirm.signUpAgain"] })).toBeVisible();
    });
    await again.getByRole("link", { name: auth["confirm.signUpAgain"] }).click();
    await expect(again.getByRole("heading", { name: auth["signUp.title"], level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
});
