import { expect, test, type Page } from "@playwright/test";
import { articleMessages } from "../src/screens/articles/messages";
import { postMessages } from "../src/screens/posts/messages";
import { DEMO, expectAccessible, expectNoHorizontalOverflow, expectTableSemantics, screenshot, settled, signIn, WIDTHS } from "./support";

// What each article and old post earns in Google search, on the demo account after its demo blog's
// Search Console sync (the offline Search Console invents figures for the blog's pages, some of
// them decaying): the lists' Clicks and Position columns and orders, the article's and the post's
// Search performance panel, the article's IndexNow status, the decaying posts first with their
// reason; at a desktop and a phone width, with axe and no sideways scroll; the posts list in Turkish.

test.describe.configure({ mode: "serial" });

const DEMO_BLOG = "https://blog.demo.invalid";
const en = <K extends string>(messages: { en: Record<K, string> }, key: K) => messages.en[key];

type ListedArticle = { id: string; status: string; search: { clicks: number } | null; indexNow: unknown };
type ListedPost = { id: string; title: string; decay: { reason: string; seasonal: boolean } | null };

/** Signs in as the demo account, syncs its demo blog's Search Console figures now and waits for them; answers the site's id. */
async function demoWithFigures(page: Page): Promise<string> {
  await signIn(page, DEMO.email, DEMO.password);
  const sites = (await (await page.request.get("/api/sites")).json()) as { id: string; url: string }[];
  const site = sites.find((candidate) => candidate.url === DEMO_BLOG);
  expect(site, "the demo blog").toBeTruthy();
  const sync = await page.request.post(`/api/sites/${site!.id}/search-console/sync`, { headers: { Origin: new URL(page.url()).origin } });
  expect(sync.status(), await sync.text()).toBe(202);
  await expect
    .poll(async () => (await (await page.request.get(`/api/sites/${site!.id}`)).json()).searchConsole.state, { timeout: 90_000 })
    .toBe("synced");
  return site!.id;
}

async function checkScreen(page: Page, name: string, width: number) {
  await settled(page);
  await expectAccessible(page, `${name} at ${width}px`);
  await expectNoHorizontalOverflow(page, `${name} at ${width}px`);
  await screenshot(page, `search-pages-${name}-${width}`);
}

test("the articles list: clicks and position over 28 days with their change, sorted by clicks", async ({ page }) => {
  await demoWithFigures(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/articles");
    await settled(page);
    // On a desktop the column's sort button (the order control then says the same); on a phone, whose
    // rows are cards without a header row to press, the order control.
    const orderControl = page.getByLabel(en(articleMessages, "list.order"), { exact: true });
    if (width === 375) await orderControl.selectOption("clicks-desc");
    else await page.getByRole("button", { name: en(articleMessages, "list.sortClicksDesc") }).click();
    await expect(page).toHaveURL(/sort=clicks-desc/);
    await expect(orderControl).toHaveValue("clicks-desc");
    await expect(page.locator("thead th", { hasText: en(articleMessages, "list.colClicksShort") })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(page.locator("thead th", { hasText: en(articleMessages, "list.colPositionShort") })).toBeAttached();
    // The most clicked article first: its figure, and its change said in words (the arrow is for the eye).
    const first = page.locator("main tbody tr").first();
    const clicks = first.locator(`td[data-label="${en(articleMessages, "list.colClicks")}"]`);
    await expect(clicks).toHaveText(/^\d[\d,]*/);
    await expect(clicks.locator(".visually-hidden")).toHaveText(/(more than|fewer than|the same as) the 28 days before/);
    await expect(first.locator(`td[data-label="${en(articleMessages, "list.colPosition")}"]`)).toHaveText(/^\d+\.\d/);
    // An article without Search Console figures (a draft, or one waiting for review) shows a dash.
    await expect(
      page.locator(`main tbody td[data-label="${en(articleMessages, "list.colClicks")}"]`, { hasText: /^—$/ }).first(),
    ).toBeVisible();
    await expectTableSemantics(page, `articles by clicks at ${width}px`);
    await checkScreen(page, "articles", width);

    // By position, best first, through the order control.
    await orderControl.selectOption("position-asc");
    await expect(page).toHaveURL(/sort=position-asc/);
    await expect(page.locator("thead th", { hasText: en(articleMessages, "list.colPositionShort") })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
  }
});

test("an article's page: its Search performance panel, top queries and IndexNow status", async ({ page }) => {
  await demoWithFigures(page);
  const list = (await (await page.request.get("/api/autopilot/articles?sort=clicks&order=desc&per_page=100")).json())
    .items as ListedArticle[];
  // The demo's published samples have figures and were never announced (their IndexNow record is null).
  const article = list.find((candidate) => candidate.search !== null && candidate.indexNow === null);
  expect(article, "a demo article with figures and no IndexNow record").toBeTruthy();
  const unpublished = list.find((candidate) => candidate.status === "pending" || candidate.status === "draft");

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(`/articles/${article!.id}`);
    await settled(page);
    const panel = page.getByRole("region", { name: "Search performance" });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel("Period")).toHaveValue("28");
    await expect(panel.getByText(/compared with/)).toBeVisible();
    for (const figure of ["Clicks", "Impressions", "CTR", "Average position"])
      await expect(panel.locator("dt", { hasText: figure }).first()).toBeVisible();
    await expect(panel.getByRole("img", { name: /^Clicks per day from / })).toBeVisible();
    await expect(panel.getByText(/ clicks from .+; the most on /)).toBeVisible();
    const queries = panel.getByRole("table", { name: "Top queries" });
    await expect(queries.locator("tbody tr").first()).toBeVisible();
    // Announced to no engine yet: said so, with what IndexNow is.
    await expect(page.getByTestId("index-now-status")).toContainText(en(articleMessages, "indexNow.none"));
    await checkScreen(page, "article", width);

    // Another period: the figures of the last 7 days, kept in the address.
    await panel.getByLabel("Period").selectOption("7");
    await expect(page).toHaveURL(/days=7/);
    await expect(panel.getByRole("img", { name: /^Clicks per day from / })).toBeVisible();
  }

  // An article not published yet has no page in Google: the panel says so instead of zeros.
  if (unpublished) {
    await page.goto(`/articles/${unpublished.id}`);
    await settled(page);
    await expect(page.getByTestId("search-unmatched")).toContainText("Not in Search Console yet");
    await expect(page.getByTestId("search-unmatched")).toContainText("It is not published yet");
  }
});

test("the old posts: decaying first with the reason, other orders, and a decaying post's page", async ({ page }) => {
  const siteId = await demoWithFigures(page);
  const posts = (await (await page.request.get(`/api/sites/${siteId}/posts?sort=decay&per_page=20`)).json()).items as ListedPost[];
  const decaying = posts[0]!;
  expect(decaying.decay, "the demo blog has a decaying post").not.toBeNull();
  const reason = decaying.decay!.seasonal
    ? en(postMessages, "decay.seasonal")
    : en(postMessages, `decay.${decaying.decay!.reason}` as "decay.clicks_fell");

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(`/posts?siteId=${siteId}`);
    await settled(page);
    await expect(page.getByLabel(en(postMessages, "posts.order"))).toHaveValue("decay");
    const first = page.locator("main tbody tr").first();
    await expect(first.getByRole("rowheader")).toContainText(decaying.title);
    await expect(first.getByRole("rowheader").locator(".badge")).toHaveText(reason);
    await expect(first.locator(`td[data-label="${en(postMessages, "posts.column.improvement")}"] .badge`)).toBeVisible();
    await expect(first.locator(`td[data-label="${en(postMessages, "posts.column.clicks")}"]`)).toHaveText(/^\d/);
    await expectTableSemantics(page, `posts at ${width}px`);
    await checkScreen(page, "posts", width);

    // The other orders through the same control.
    await page.getByLabel(en(postMessages, "posts.order")).selectOption("clicks");
    await expect(page).toHaveURL(/sort=clicks/);
    await expect(page.locator("thead th", { hasText: en(postMessages, "posts.column.clicksShort") })).toHaveAttribute(
      "aria-sort",
      "descending",
    );

    await page.goto(`/posts/${decaying.id}?siteId=${siteId}`);
    await settled(page);
    const panel = page.getByRole("region", { name: "Search performance" });
    await expect(panel.getByRole("img", { name: /^Clicks per day from / })).toBeVisible();
    await expect(panel.getByRole("table", { name: "Top queries" })).toBeVisible();
    const notice = page.getByTestId("decay-notice");
    await expect(notice).toContainText(en(postMessages, "post.decayTitle"));
    await expect(notice.locator(".badge")).toHaveText(reason);
    await expect(notice).toContainText(en(postMessages, "post.decayCure"));
    await expect(page.getByRole("region", { name: en(postMessages, "post.improveTitle") })).toContainText(
      en(postMessages, "post.decayCure"),
    );
    await checkScreen(page, "post", width);
  }
});

test("the old posts list in Turkish", async ({ page }) => {
  const siteId = await demoWithFigures(page);
  await page.getByLabel("Language").first().selectOption("tr");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/posts?siteId=${siteId}`);
  await settled(page);
  await expect(page.getByLabel(postMessages.tr["posts.order"])).toHaveValue("decay");
  const first = page.locator("main tbody tr").first();
  await expect(first.getByRole("rowheader").locator(".badge")).toHaveText(
    new RegExp(
      `^(${["clicks_fell", "position_fell", "ctr_fell", "seasonal"].map((kind) => postMessages.tr[`decay.${kind}` as "decay.seasonal"]).join("|")})$`,
    ),
  );
  await expect(page.locator("thead th", { hasText: postMessages.tr["posts.column.clicksShort"] })).toBeAttached();
  await expect(first.locator(`td[data-label="${postMessages.tr["posts.column.clicks"]}"] .visually-hidden`)).toHaveText(/önceki 28 gün/);
  expect(await page.evaluate(() => window.__i18nMisses ?? []), "catalogue misses").toEqual([]);
  await checkScreen(page, "posts-tr", 375);
});
