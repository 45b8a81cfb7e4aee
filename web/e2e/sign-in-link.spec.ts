import { expect, test } from "@playwright/test";
import { authMessages } from "../src/screens/auth/messages";
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  freshAddress,
  mailsTo,
  mailText,
  messagePattern,
  screenshot,
  signUpConfirmed,
  uniqueEmail,
  WIDTHS,
} from "./support";

// Issue 40 §8: guesses at someone's e-mail lock its sign-in window, so a locked-out person asks for
// a one-time sign-in link by e-mail on the sign-in page and signs in with it from the .eml the dev
// mail sink wrote; the same link a second time is refused.

const auth = authMessages.en;
const PASSWORD = "a long enough password";

test("a locked-out person signs in with an e-mailed one-time link", async ({ browser }) => {
  const owner = await browser.newContext();
  const setup = await owner.newPage();
  await setup.goto("/sign-in");
  const email = uniqueEmail("locked-out");
  await signUpConfirmed(setup, email, PASSWORD);
  await owner.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/sign-in");
  const origin = new URL(page.url()).origin;
  // Ten wrong guesses from elsewhere lock the e-mail's window.
  for (let i = 0; i < 10; i++) {
    const guess = await page.request.post("/api/session", {
      data: { email, password: `wrong guess ${i} long` },
      headers: { Origin: origin, "CF-Connecting-IP": freshAddress() },
    });
    expect(guess.status()).toBe(401);
  }
  await page.getByLabel(auth["signIn.email"]).first().fill(email);
  await page.getByLabel(auth["signIn.password"], { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: auth["signIn.submit"] }).click();
  const ask = page.getByTestId("sign-in-link");
  await expect(ask).toHaveAttribute("open", "");
  await ask.getByRole("button", { name: auth["link.send"] }).click();
  await expect(page.getByText(messagePattern(auth["link.sent"], { email }))).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 812 });
    await expectAccessible(page, `sign-in link asked at ${width}px`);
    await expectNoHorizontalOverflow(page, `sign-in link asked at ${width}px`);
    await screenshot(page, `sign-in-link-asked-${width}`);
  }

  let link: string | undefined;
  await expect
    .poll(
      () =>
        (link = mailsTo(email)
          .map(mailText)
          .join("\n")
          .match(/https?:\/\/\S+\/sign-in-link#[A-Za-z0-9_-]+/)?.[0]),
      {
        timeout: 30_000,
      },
    )
    .toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).hash);
  await expect(page).toHaveURL(new URL("/", origin).toString());
  const session = await page.request.get("/api/session");
  expect(await session.json()).toMatchObject({ email });

  // Used once: the same link in another browser is refused and offers a new one.
  const other = await (await browser.newContext()).newPage();
  await other.goto(new URL(link!).pathname + new URL(link!).hash);
  await expect(other.getByRole("link", { name: auth["link.askAgain"] })).toBeVisible();
  await screenshot(other, "sign-in-link-used-1280");
});
