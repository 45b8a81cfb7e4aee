import { expect, test, type Browser, type Page } from "@playwright/test";
import { common } from "../src/i18n/common";
import { approvalMessages } from "../src/screens/articles/approval-messages";
import { approveMessages } from "../src/screens/approve/messages";
import { planApprovalMessages } from "../src/screens/plans/approval-links-messages";
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  freshAddress,
  messagePattern,
  SCREENSHOTS,
  screenshot,
  settled,
  signUpFresh,
} from "./support";

// Issue 31 §2: the client's approval page (/approve/{token}) in Chromium, as someone with no
// account opens it: at 375 and 1280 px, axe-clean, in English and Turkish; asking for changes,
// approving a second link, and the pages of a link that can no longer be used. Then the team's
// side in the panel: an editor makes a link on the article page, copies it, and sees the client's
// comment there; an owner makes a plan's links at once.

const en = approveMessages.en;
const tr = approveMessages.tr;

interface Link {
  id: string;
  url: string;
}

/**
 * A fresh account (signed in on `page`) with a custom site (never fetched: .invalid) and a
 * review-mode plan whose `count` items were run now: `count` articles waiting for review.
 */
async function articlesInReview(page: Page, count: number): Promise<string[]> {
  await page.goto("/sign-in");
  await signUpFresh(page, "approval");
  const origin = { Origin: new URL(page.url()).origin };
  const connect = await page.request.post("/api/platforms/custom/connect", {
    data: { url: "https://approval-bakery.invalid", businessContext: "Home baking: sourdough bread, rye bread, focaccia" },
    headers: origin,
  });
  expect(connect.status(), await connect.text()).toBe(201);
  const site = await connect.json();
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
  return ids;
}

async function makeLink(page: Page, articleId: string): Promise<Link> {
  const res = await page.request.post(`/api/autopilot/articles/${articleId}/approval-link`, {
    // The score is shown only when the link says so (it is off by default).
    data: { expiresInDays: 7, showQuality: true },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

const pathOf = (link: Link) => new URL(link.url).pathname;

/** A browser with no session, as the client's: its own address (unknown links are counted per address). */
async function clientPage(browser: Browser, width: number, locale = "en-GB") {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 812 : 900 },
    locale,
    extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() },
  });
  return { context, page: await context.newPage() };
}

async function expectPageChecks(page: Page, name: string) {
  await expectNoHorizontalOverflow(page, name);
  await expectAccessible(page, name);
  await screenshot(page, name);
}

test("a client reads an article at 375 and 1280 px, asks for changes, then approves a second link", async ({ page, browser }) => {
  const [first, second] = await articlesInReview(page, 2);
  const changesLink = await makeLink(page, first!);
  const article = await (await page.request.get(`/api/autopilot/articles/${first}`)).json();

  for (const width of [1280, 375]) {
    const { context, page: client } = await clientPage(browser, width);
    const response = await client.goto(pathOf(changesLink));
    // The panel's own page, with its headers: the secret in the address is never sent to another site.
    expect(response!.status()).toBe(200);
    expect(response!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    await expect(client.getByRole("heading", { level: 1, name: en["approve.title"] })).toBeVisible();
    await expect(client.getByRole("heading", { name: article.title })).toBeVisible();
    await expect(client.locator(".search-snippet-title")).toHaveText(article.seoTitle || article.title);
    await expect(client.getByText(messagePattern(en["approve.scoreValue"]))).toBeVisible();
    await expect(client.locator(`iframe[title="${en["approve.bodyFrame"].replace("{title}", article.title)}"]`)).toBeVisible();
    await expect(client.getByRole("button", { name: en["approve.approve"], exact: true })).toBeVisible();
    await expect(client.getByRole("navigation")).toHaveCount(0);
    await expectPageChecks(client, `approval-open-${width}`);
    // Full-page captures leave the sandboxed frame blank: the text as the client reads it, on its own.
    await client.locator("iframe").scrollIntoViewIfNeeded();
    await client.locator("iframe").screenshot({ path: `${SCREENSHOTS}approval-body-${width}.png` });
    await context.close();
  }

  // Asking for changes, at 375 px: a comment is needed; then it reaches the team.
  const { context, page: client } = await clientPage(browser, 375);
  await client.goto(pathOf(changesLink));
  await client.getByRole("button", { name: en["approve.requestChanges"] }).click();
  await expect(client.getByText(en["approve.commentRequired"])).toBeVisible();
  await expectAccessible(client, "approval-comment-missing-375");
  const comment = "Please mention rye bread in the introduction.";
  await client.getByLabel(en["approve.comment"]).fill(comment);
  await client.getByRole("button", { name: en["approve.requestChanges"] }).click();
  await expect(client.getByText(en["approve.done.changes_requested"])).toBeVisible();
  await expect(client.getByRole("heading", { level: 1, name: en["approve.answeredTitle"] })).toBeVisible();
  await expect(client.getByText(comment)).toBeVisible();
  await expect(client.getByRole("button", { name: en["approve.approve"], exact: true })).toHaveCount(0);
  await expectPageChecks(client, "approval-changes-requested-375");
  const seen = await (await page.request.get(`/api/autopilot/articles/${first}`)).json();
  expect(seen.status).toBe("pending");
  expect(seen.approval).toMatchObject({ linkId: changesLink.id, state: "answered", decision: "changes", comment });

  // A second article approved: a review plan leaves publishing to the team, and the page says so before and after.
  const approveLink = await makeLink(page, second!);
  await client.goto(pathOf(approveLink));
  await expect(client.getByTestId("approve-effect")).toHaveText(en["approve.effect.team_publishes"]);
  await client.getByRole("button", { name: en["approve.approve"], exact: true }).click();
  await expect(client.getByText(en["approve.confirm.team_publishes"])).toBeVisible();
  await expectAccessible(client, "approval-confirm-375");
  await client.getByRole("button", { name: en["approve.confirm"] }).click();
  await expect(client.getByText(en["approve.done.approved"])).toBeVisible();
  await expectPageChecks(client, "approval-approved-375");
  expect((await (await page.request.get(`/api/autopilot/articles/${second}`)).json()).status).toBe("pending");
  // Coming back later: the answer is still what the page says.
  await client.reload();
  await expect(client.getByText(en["approve.done.approved"])).toBeVisible();
  await context.close();
});

test("in Turkish, and the pages of links that can no longer be used", async ({ page, browser }) => {
  const [open, edited, revoked] = await articlesInReview(page, 3);
  const openLink = await makeLink(page, open!);
  const editedLink = await makeLink(page, edited!);
  const revokedLink = await makeLink(page, revoked!);
  const origin = { Origin: new URL(page.url()).origin };
  // The team edits one article after making its link, and takes another link back.
  await new Promise((resolve) => setTimeout(resolve, 1100)); // a version is a second
  const edit = await page.request.patch(`/api/autopilot/articles/${edited}`, {
    data: { title: "A new title for rye bread" },
    headers: origin,
  });
  expect(edit.status(), await edit.text()).toBe(200);
  expect((await page.request.delete(`/api/autopilot/articles/${revoked}/approval-link`, { headers: origin })).status()).toBe(204);

  for (const width of [375, 1280]) {
    const { context, page: client } = await clientPage(browser, width, "tr-TR");
    await client.goto(pathOf(openLink));
    await expect(client.getByRole("heading", { level: 1, name: tr["approve.title"] })).toBeVisible();
    await expect(client.getByRole("button", { name: tr["approve.approve"], exact: true })).toBeVisible();
    await expect(client.getByText(tr["approve.snippetHeading"])).toBeVisible();
    await expectPageChecks(client, `approval-open-tr-${width}`);
    await context.close();
  }

  // The Turkish client asks for changes; then the answered page, in English through the language switch.
  const { context, page: client } = await clientPage(browser, 375, "tr-TR");
  await client.goto(pathOf(openLink));
  await client.getByLabel(tr["approve.comment"]).fill("Girişte çavdar ekmeğinden söz edin.");
  await client.getByRole("button", { name: tr["approve.requestChanges"] }).click();
  await expect(client.getByText(tr["approve.done.changes_requested"])).toBeVisible();
  await expectPageChecks(client, "approval-answered-tr-375");
  await client.getByLabel("Dil").selectOption("en");
  await expect(client.getByText(en["approve.done.changes_requested"])).toBeVisible();
  await client.getByLabel("Language").selectOption("tr");

  // Edited since: the page says so and offers no answer.
  await client.goto(pathOf(editedLink));
  await expect(client.getByRole("heading", { level: 1, name: tr["approve.problemTitle"] })).toBeVisible();
  // Issue 40 §13: only that it changed and whom to ask, never the edited draft.
  await expect(client.getByText(tr["approve.changed"])).toBeVisible();
  await expect(client.getByText(/Yeni bir bağlantı için .+@.+ adresine yazın\.|Ekipten yeni bir bağlantı isteyin\./)).toBeVisible();
  await expect(client.getByText("A new title for rye bread")).toHaveCount(0);
  await expect(client.getByRole("button")).toHaveCount(0);
  await expectPageChecks(client, "approval-changed-tr-375");

  // Revoked (an expired link reads the same): a clear page, in both languages.
  await client.goto(pathOf(revokedLink));
  await expect(client.getByText(tr["approve.expired"])).toBeVisible();
  await expectPageChecks(client, "approval-expired-tr-375");
  await client.getByLabel("Dil").selectOption("en");
  await expect(client.getByText(en["approve.expired"])).toBeVisible();
  await expectPageChecks(client, "approval-expired-375");

  // A link that never existed.
  await client.goto(`/approve/${"x".repeat(43)}`);
  await expect(client.getByText(en["approve.unknown"])).toBeVisible();
  await expectPageChecks(client, "approval-unknown-375");
  await context.close();
});

const team = approvalMessages.en;
const planLinks = planApprovalMessages.en;
const PASSWORD = "an-editor-password-123";

/** A member of the account signed in on `page`, invited as `role` and joined (new password) in a browser of its own that may use the clipboard. */
async function memberPage(page: Page, browser: Browser, role: string, width: number) {
  const invited = await page.request.post("/api/members", {
    data: { email: `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`, role },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL((await invited.json()).url).hash.slice(1);
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 812 : 900 },
    locale: "en-GB",
    permissions: ["clipboard-read", "clipboard-write"],
    extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() },
  });
  const member = await context.newPage();
  await member.goto("/sign-in");
  const joined = await member.request.post("/api/session/invite", {
    data: { token, password: PASSWORD },
    headers: { Origin: new URL(member.url()).origin },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return { context, page: member };
}

test("an editor makes a link on the article page, copies it, and reads the client's comment there", async ({ page, browser }) => {
  const [articleId] = await articlesInReview(page, 1);
  const { context: editorContext, page: editor } = await memberPage(page, browser, "editor", 1280);
  await editor.goto(`/articles/${articleId}`);
  const panel = editor.getByRole("region", { name: team["approval.title"] });
  await expect(panel.getByText(team["approval.none"])).toBeVisible();
  await panel.getByLabel(team["approval.expiry"]).selectOption("7");
  await panel.getByRole("button", { name: team["approval.make"] }).click();

  // The address, once, with its copy button; the clipboard holds exactly what the page shows.
  const shown = (await panel.getByTestId("approval-url").innerText()).trim();
  expect(shown).toMatch(/\/approve\/[A-Za-z0-9_-]{43}$/);
  await expect(panel.getByTestId("approval-state")).toHaveText(messagePattern(team["approval.open"]));
  await panel.getByRole("button", { name: `${common.en["action.copy"]}: ${team["approval.urlLabel"]}` }).click();
  const copied = await editor.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  const made = (await (await editor.request.get(`/api/autopilot/articles/${articleId}`)).json()).approval;
  expect(made).toMatchObject({ state: "open", decision: null });
  // Seven days, as chosen (to the second the API stores).
  expect(Math.round((Date.parse(made.expiresAt) - Date.now()) / 86_400_000)).toBe(7);
  await expect(panel.getByRole("button", { name: team["approval.withdraw"] })).toBeVisible();
  await expectPageChecks(editor, "approval-panel-link-1280");
  await editor.setViewportSize({ width: 375, height: 812 });
  await expectPageChecks(editor, "approval-panel-link-375");

  // The client opens the copied address in a browser of their own and asks for changes.
  const { context: clientContext, page: client } = await clientPage(browser, 375);
  await client.goto(new URL(copied).pathname);
  const comment = "Please mention rye bread in the introduction.\nAnd a photo of the crumb.";
  await client.getByLabel(en["approve.comment"]).fill(comment);
  await client.getByRole("button", { name: en["approve.requestChanges"] }).click();
  await expect(client.getByText(en["approve.done.changes_requested"])).toBeVisible();
  await clientContext.close();

  // Back on the article page: the answer, and the client's words as they wrote them.
  await panel.getByRole("button", { name: team["approval.check"] }).click();
  await expect(panel.getByTestId("approval-state")).toHaveText(messagePattern(team["approval.changes"]));
  await expect(panel.getByTestId("approval-comment")).toHaveText(comment);
  await expect(panel.getByText(team["approval.changesNext"])).toBeVisible();
  // An answered link cannot be withdrawn; a new one can be made once the article is edited.
  await expect(panel.getByRole("button", { name: team["approval.withdraw"] })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: team["approval.makeNew"] })).toBeVisible();
  await expectPageChecks(editor, "approval-panel-changes-375");
  await editor.setViewportSize({ width: 1280, height: 900 });
  await expectPageChecks(editor, "approval-panel-changes-1280");
  // The same after a reload: the comment is the article's, not the page's memory.
  await editor.reload();
  await expect(panel.getByTestId("approval-comment")).toHaveText(comment);
  await editorContext.close();
});

test("the plan page makes a link for each article waiting for review; a viewer sees where it stands, no buttons", async ({
  page,
  browser,
}) => {
  const [first, second] = await articlesInReview(page, 2);
  const planId = (await (await page.request.get(`/api/autopilot/articles/${first}`)).json()).planId as string;
  await page.goto(`/plans/${planId}`);
  const section = page.getByRole("region", { name: planLinks["planLinks.title"] });
  await section.getByRole("button", { name: planLinks["planLinks.make"] }).click();
  const items = section.getByRole("listitem");
  await expect(items).toHaveCount(2);
  for (const articleId of [first!, second!]) {
    const { title } = await (await page.request.get(`/api/autopilot/articles/${articleId}`)).json();
    const item = items.filter({ has: page.getByRole("link", { name: title }) });
    await expect(item.getByTestId("approval-url")).toHaveText(/\/approve\/[A-Za-z0-9_-]{43}$/);
    await expect(
      item.getByRole("button", { name: `${common.en["action.copy"]}: ${planLinks["planLinks.urlLabel"].replace("{title}", title)}` }),
    ).toBeVisible();
  }
  await expectPageChecks(page, "approval-plan-links-1280");

  // A viewer reads where the link stands on the article page, without a button to make or withdraw one, and no plan links.
  const { context, page: viewer } = await memberPage(page, browser, "viewer", 375);
  await viewer.goto(`/articles/${first}`);
  const panel = viewer.getByRole("region", { name: team["approval.title"] });
  await expect(panel.getByTestId("approval-state")).toHaveText(messagePattern(team["approval.open"]));
  await expect(panel.getByText(team["approval.editorsOnly"])).toBeVisible();
  await expect(panel.getByRole("button", { name: team["approval.makeNew"] })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: team["approval.withdraw"] })).toHaveCount(0);
  await expectPageChecks(viewer, "approval-panel-viewer-375");
  await viewer.goto(`/plans/${planId}`);
  await settled(viewer);
  await expect(viewer.getByRole("region", { name: planLinks["planLinks.title"] })).toHaveCount(0);
  await context.close();

  // Once none waits (both published by the team), the plan shows no links section at all.
  const origin = { Origin: new URL(page.url()).origin };
  for (const articleId of [first!, second!])
    expect((await page.request.post(`/api/autopilot/articles/${articleId}/publish`, { headers: origin })).status()).toBe(200);
  await page.reload();
  await settled(page);
  await expect(page.getByRole("region", { name: planLinks["planLinks.title"] })).toHaveCount(0);
});
