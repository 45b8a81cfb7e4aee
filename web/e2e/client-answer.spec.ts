import { expect, test, type Browser, type Page } from "@playwright/test";
import { approvalMessages } from "../src/screens/articles/approval-messages";
import { approveMessages } from "../src/screens/approve/messages";
import { overviewMessages } from "../src/screens/overview/messages";
import {
  DEMO,
  expectAccessible,
  expectNoHorizontalOverflow,
  freshAddress,
  mailsTo,
  mailText,
  screenshot,
  settled,
  signUpConfirmed,
  uniqueEmail,
  WIDTHS,
} from "./support";

// Issue 43 §1, §2, §7: the client answers from a 375 px phone; the team learns it by e-mail (the
// dev mail sink's .eml), in "needs attention", in the list's Client approval column and filter,
// and in the article's approval history; in English and Turkish, at 375 and 1280 px.

type Language = "en" | "tr";
const LOCALES = { en: "en-GB", tr: "tr-TR" } as const;
const SUBJECTS = {
  en: { changes: "The client asked for changes: ", approve: "The client approved: " },
  tr: { changes: "Müşteri değişiklik istedi: ", approve: "Müşteri onayladı: " },
} as const;

interface Link {
  id: string;
  url: string;
}

/** A browser context in `language` at `width`, from an address of its own. */
async function contextAt(browser: Browser, width: number, language: Language) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 812 : 900 },
    locale: LOCALES[language],
    extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() },
  });
  return { context, page: await context.newPage() };
}

/**
 * A fresh owner (signed in on `page`, e-mails in `language`) with a custom site (never fetched:
 * .invalid) and a review plan whose `count` items were run now: `count` articles waiting for review.
 */
async function ownerWithArticlesInReview(page: Page, language: Language, count: number) {
  const email = uniqueEmail(`client-answer-${language}`);
  await page.goto("/sign-in");
  await signUpConfirmed(page, email, DEMO.password);
  const origin = { Origin: new URL(page.url()).origin };
  const locale = await page.request.put("/api/members/me/notifications", { data: { off: [], locale: language }, headers: origin });
  expect(locale.status(), await locale.text()).toBe(200);
  const site = await (
    await page.request.post("/api/platforms/custom/connect", {
      data: { url: "https://client-answer-bakery.invalid", businessContext: "Home baking: sourdough bread, rye bread, focaccia" },
      headers: origin,
    })
  ).json();
  const planAnswer = await page.request.post("/api/autopilot/plans", {
    data: { siteId: site.id, articleCount: count, cadencePerWeek: 2, publishMode: "review" },
    headers: origin,
  });
  expect(planAnswer.status(), await planAnswer.text()).toBe(201);
  const plan = await planAnswer.json();
  expect((await page.request.post(`/api/autopilot/plans/${plan.id}/approve`, { headers: origin })).status()).toBe(200);
  const ids: string[] = [];
  for (const item of plan.items as { id: string }[]) {
    const run = await page.request.post(`/api/autopilot/items/${item.id}/run`, { headers: origin });
    expect(run.status(), await run.text()).toBe(200);
    ids.push((await run.json()).articleId);
  }
  const titles = await Promise.all(ids.map(async (id) => (await (await page.request.get(`/api/autopilot/articles/${id}`)).json()).title));
  return { email, ids, titles: titles as string[] };
}

async function makeLink(page: Page, articleId: string): Promise<Link> {
  const res = await page.request.post(`/api/autopilot/articles/${articleId}/approval-link`, {
    data: {},
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** The text of the e-mail to `address` whose subject starts so (the queue delivers it: waited for). */
async function mailWithSubject(address: string, subject: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () =>
        (found = mailsTo(address).find((raw) => {
          // The header may be folded over several lines.
          const header = raw.match(/\r\nSubject: ((?:[^\r\n]|\r\n[ \t])*)/i)?.[1] ?? "";
          return decodeSubject(header.replace(/\r\n(?=[ \t])/g, "")).startsWith(subject);
        })),
      { message: `an e-mail "${subject}…" to ${address}`, timeout: 30_000 },
    )
    .toBeTruthy();
  return mailText(found!);
}

/** An RFC 2047 subject (=?UTF-8?B?…?= or =?UTF-8?Q?…?= words) as text. */
function decodeSubject(line: string): string {
  return line.replace(/\?=\s+=\?/g, "?==?").replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

async function checkPage(page: Page, name: string) {
  await expectNoHorizontalOverflow(page, name);
  await expectAccessible(page, name);
  await screenshot(page, name);
}

for (const language of ["en", "tr"] as const) {
  test(`the client answers from a phone and the team sees it (${language})`, async ({ browser }) => {
    const { context: ownerContext, page } = await contextAt(browser, 1280, language);
    const client = approveMessages[language];
    const team = approvalMessages[language];
    const overview = overviewMessages[language];
    const { email, ids, titles } = await ownerWithArticlesInReview(page, language, 2);
    const [changedId, approvedId] = ids as [string, string];
    const [changedTitle, approvedTitle] = titles as [string, string];
    const changesLink = await makeLink(page, changedId);
    const approveLink = await makeLink(page, approvedId);
    const comment = language === "en" ? "Please mention rye bread in the introduction." : "Girişte çavdar ekmeğinden söz edin.";

    // The client, on a phone: what approving does is said first; no score (not chosen); the text is not a scrolling box.
    const phone = await contextAt(browser, 375, language);
    await phone.page.goto(new URL(changesLink.url).pathname);
    await expect(phone.page.getByTestId("approve-effect")).toHaveText(client["approve.effect.team_publishes"]);
    await expect(phone.page.getByText(client["approve.score"])).toHaveCount(0);
    const frame = phone.page.locator("iframe.approve-body");
    await expect
      .poll(() => frame.evaluate((element: HTMLIFrameElement) => element.clientHeight), { message: "the frame is sized to its text" })
      .toBeGreaterThan(650);
    const inner = await frame.evaluate((element: HTMLIFrameElement) => ({
      scroll: element.contentDocument!.documentElement.scrollHeight,
      shown: element.clientHeight,
    }));
    expect(inner.scroll, "no scrolling inside the frame").toBeLessThanOrEqual(inner.shown + 1);
    await checkPage(phone.page, `client-answer-open-${language}-375`);
    await phone.page.getByLabel(client["approve.comment"]).fill(comment);
    await phone.page.getByRole("button", { name: client["approve.requestChanges"] }).click();
    await expect(phone.page.getByText(client["approve.done.changes_requested"])).toBeVisible();
    await checkPage(phone.page, `client-answer-changes-${language}-375`);

    // The second article approved: the confirmation and the answer say the team publishes it.
    await phone.page.goto(new URL(approveLink.url).pathname);
    await phone.page.getByRole("button", { name: client["approve.approve"], exact: true }).click();
    await expect(phone.page.getByText(client["approve.confirm.team_publishes"])).toBeVisible();
    await phone.page.getByRole("button", { name: client["approve.confirm"] }).click();
    await expect(phone.page.getByText(client["approve.done.approved"])).toBeVisible();
    await checkPage(phone.page, `client-answer-approved-${language}-375`);
    await phone.context.close();

    // The owner's mailbox: one e-mail per answer, in the owner's language, with the comment.
    const changesMail = await mailWithSubject(email, `${SUBJECTS[language].changes}${changedTitle}`);
    expect(changesMail).toContain(comment);
    expect(changesMail).toContain(`/articles/${changedId}`);
    await mailWithSubject(email, `${SUBJECTS[language].approve}${approvedTitle}`);

    for (const width of WIDTHS) {
      const { context, page: owner } = await contextAt(browser, width, language);
      await owner.goto("/sign-in");
      await signInAs(owner, email);

      // Needs attention: the comment and the approval waiting for the team.
      await owner.goto("/");
      await settled(owner);
      const attention = owner.getByRole("region", { name: overview.attention });
      const answers = attention.getByTestId("client-answer");
      await expect(answers).toHaveCount(2);
      await expect(attention.getByText(team["attention.changes"].replace("{title}", changedTitle))).toBeVisible();
      await expect(attention.getByText(comment)).toBeVisible();
      await expect(attention.getByText(team["attention.approved"].replace("{title}", approvedTitle))).toBeVisible();
      await checkPage(owner, `client-answer-attention-${language}-${width}`);

      // The review queue: the column, then the filter.
      await owner.goto("/articles?status=pending");
      await settled(owner);
      const rows = owner.locator("tbody tr");
      await expect(rows.filter({ hasText: changedTitle }).getByTestId("approval-status")).toContainText(
        team["approvalStatus.changes_requested"],
      );
      await expect(rows.filter({ hasText: approvedTitle }).getByTestId("approval-status")).toContainText(team["approvalStatus.approved"]);
      await owner.getByLabel(team["approvalStatus.label"]).selectOption("changes_requested");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(changedTitle);
      expect(new URL(owner.url()).searchParams.get("approval")).toBe("changes_requested");
      await checkPage(owner, `client-answer-list-${language}-${width}`);

      // The article's approval history.
      await owner.goto(`/articles/${changedId}`);
      const history = owner.getByTestId("approval-history");
      await expect(history.getByRole("heading", { name: team["history.title"] })).toBeVisible();
      await expect(history.getByText(comment)).toBeVisible();
      await checkPage(owner, `client-answer-history-${language}-${width}`);
      await context.close();
    }
    await ownerContext.close();
  });
}

/** The owner signed in in another browser context (its own cookie), through the API the sign-in page calls. */
async function signInAs(owner: Page, email: string) {
  const res = await owner.request.post("/api/session", {
    data: { email, password: DEMO.password },
    headers: { Origin: new URL(owner.url()).origin, "CF-Connecting-IP": freshAddress() },
  });
  expect(res.status(), await res.text()).toBe(200);
}
