import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { estimateNameMessages } from "../src/screens/plans/estimate-names-messages";

export const SCREENSHOTS = fileURLToPath(new URL("../../test-results/panel-screens/", import.meta.url));
mkdirSync(SCREENSHOTS, { recursive: true });

export const DEMO = { email: "demo@example.com", password: "demo-password-123" };
export const WIDTHS = [1280, 375] as const;

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

/** Waits until no "Loading…" status is shown (queries settled). */
export async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/^(Loading…|Yükleniyor…)$/)).toHaveCount(0);
}

const AXE_TIMEOUT_MS = 60_000;

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on the page around its frames: no serious or critical
 * violation; the rest is printed. The frames are left out: axe's analysis never returns from a
 * sandboxed frame in current Chromium (a frame without scripts cannot answer it), and their content
 * is not the panel's own (article previews are checked where they are built, web/test/preview.test.ts;
 * the PayTR page is PayTR's). What axe would have checked on the frame element itself, its title,
 * is checked here. A hang is a failure naming the page, not a stuck CI.
 */
export async function expectAccessible(page: Page, name: string) {
  if (await analysedAlready(page, name)) return;
  // Only the violations come back: axe skips collecting the passes and what it could not decide.
  const analysis = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ resultTypes: ["violations"] })
    .exclude("iframe")
    .analyze();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`axe did not answer on ${name} within ${AXE_TIMEOUT_MS / 1000} s`)), AXE_TIMEOUT_MS);
  });
  const results = await Promise.race([analysis, timeout]).finally(() => clearTimeout(timer));
  const describe = (v: (typeof results.violations)[number]) =>
    `${v.impact} ${v.id}: ${v.help} — ${v.nodes
      .map((n) => n.target.join(" "))
      .slice(0, 3)
      .join(", ")}`;
  const minor = results.violations.filter((v) => v.impact !== "serious" && v.impact !== "critical");
  if (minor.length > 0) console.log(`[axe] ${name}: ${minor.map(describe).join("; ")}`);
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map(describe);
  const untitledFrames = await page
    .locator("iframe")
    .evaluateAll((frames) => frames.filter((frame) => !frame.getAttribute("title")?.trim()).map((frame) => frame.outerHTML.slice(0, 80)));
  blocking.push(...untitledFrames.map((frame) => `serious frame-title: Frames must have an accessible name — ${frame}`));
  expect(blocking, `axe on ${name}`).toEqual([]);
}

/** The screens axe analysed in each test, by language and by name without its width. */
const analysed = new Set<string>();

/**
 * axe runs once per screen and language in a test, not once per width: its rules read the page's
 * markup, which is the same at 375 and 1280 px; what the width changes (sideways scrolling, where
 * the controls lie) is checked at each width by the checks below. A screen is its name with the
 * width left out ("overview at 375px" is "overview at 1280px"), in the page's `<html lang>`.
 */
async function analysedAlready(page: Page, name: string): Promise<boolean> {
  const screen = name
    .replace(/(\s+at)?\s*\b(375|1280)\s*(px)?\b/g, "")
    .replace(/[\s-]+$/, "")
    .trim();
  const language = await page.evaluate(() => document.documentElement.lang);
  const key = `${test.info().testId} ${language} ${screen}`;
  if (analysed.has(key)) return true;
  analysed.add(key);
  return false;
}

/** Nothing wider than the viewport, except inside a scrollable table. */
export async function expectNoHorizontalOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/**
 * A control a person reaches by scrolling up or down only: the page does not scroll sideways, and
 * the control, brought into view vertically (never sideways: every table box back at its left
 * edge), lies inside the viewport's width and inside its table's box.
 */
export async function expectReachable(control: Locator, name: string) {
  const page = control.page();
  await expectNoHorizontalOverflow(page, name);
  await expect(control, `${name}: not visible`).toBeVisible();
  const { box, table, width } = await control.evaluate((element) => {
    document.querySelectorAll(".table-wrap").forEach((wrap) => void (wrap.scrollLeft = 0));
    const top = element.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ left: 0, top: Math.max(0, top - window.innerHeight / 2), behavior: "instant" });
    const { left, right } = element.getBoundingClientRect();
    const wrap = element.closest(".table-wrap")?.getBoundingClientRect();
    return {
      box: { left, right },
      table: wrap ? { left: wrap.left, right: wrap.right } : null,
      width: document.documentElement.clientWidth,
    };
  });
  const where = `${name}: the control is at x ${Math.round(box.left)}–${Math.round(box.right)} in a page ${width}px wide`;
  expect(box.left, where).toBeGreaterThanOrEqual(0);
  expect(box.right, where).toBeLessThanOrEqual(width);
  if (table) {
    expect(box.left, `${where}, left of its table (${Math.round(table.left)})`).toBeGreaterThanOrEqual(table.left - 1);
    expect(box.right, `${where}, beyond its table's right edge (${Math.round(table.right)})`).toBeLessThanOrEqual(table.right + 1);
  }
}

/** A message of the panel's catalogues as a whole-text pattern: each `{placeholder}` given, or any text. */
/** Approves the plan on its page as an owner does: the button that says the total, then "Yes, approve". */
export async function approvePlanWithEstimate(page: Page, language: "en" | "tr" = "en"): Promise<void> {
  const m = estimateNameMessages[language];
  const box = page.getByTestId("plan-estimate");
  await box.getByRole("button", { name: messagePattern(m["estimate.approveFor"]) }).click();
  await box.getByRole("button", { name: m["estimate.confirmYes"] }).click();
}

/** A plan page's title: the plan's default name, its site's and the month's. */
export const planHeading = (site?: string) => new RegExp(`^${site === undefined ? ".+" : site.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} · `);

export function messagePattern(template: string, params: Record<string, string> = {}): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const parts = template.split(/\{(\w+)\}/);
  return new RegExp(`^${parts.map((part, i) => (i % 2 === 0 ? literal(part) : part in params ? literal(params[part]!) : ".+")).join("")}$`);
}

/**
 * Nothing a row says or offers is hidden off to the side: every button, link and status badge in
 * the rows of the page's tables, brought into view by scrolling the page up or down only (never
 * sideways), lies inside the viewport and inside its table's box. Answers how many rows were
 * checked, so a caller can insist the table was not empty.
 */
export async function expectRowActionsVisible(page: Page, name: string): Promise<number> {
  const viewport = page.viewportSize()!;
  // A table scrolled sideways earlier would hide the problem: every table box back at its left edge.
  await page.evaluate(() => document.querySelectorAll(".table-wrap").forEach((box) => void (box.scrollLeft = 0)));
  const rows = await page.locator("main tbody tr").count();
  const controls = page.locator("main tbody tr").locator("button, a[href], .badge");
  const count = await controls.count();
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    // Vertically only: Playwright's own scrollIntoViewIfNeeded would also scroll the table sideways.
    const table = await control.evaluate((element) => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ left: 0, top: Math.max(0, top - window.innerHeight / 2), behavior: "instant" });
      const box = element.closest(".table-wrap")?.getBoundingClientRect();
      return box ? { left: box.left, right: box.right } : null;
    });
    const box = (await control.boundingBox())!;
    const label = ((await control.getAttribute("aria-label")) ?? (await control.innerText())).trim();
    const where = `${name}: "${label}" is at x ${Math.round(box.x)}–${Math.round(box.x + box.width)}, y ${Math.round(box.y)}–${Math.round(box.y + box.height)} in a ${viewport.width} × ${viewport.height} viewport`;
    expect(box.x, where).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width);
    expect(box.y, where).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height);
    if (table) {
      expect(box.x, `${where}, left of its table (${Math.round(table.left)})`).toBeGreaterThanOrEqual(table.left - 1);
      expect(box.x + box.width, `${where}, beyond its table's right edge (${Math.round(table.right)})`).toBeLessThanOrEqual(
        table.right + 1,
      );
    }
  }
  await page.evaluate(() => window.scrollTo({ left: 0, top: 0, behavior: "instant" }));
  return rows;
}

/**
 * The tables are still tables to a screen reader (Chromium's accessibility tree), also where CSS
 * shows their rows as cards: a table, its column headers, and cells in its rows.
 */
export async function expectTableSemantics(page: Page, name: string) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: { role?: { value?: string }; ignored?: boolean }[] };
  await cdp.detach();
  const roles = new Set(nodes.filter((node) => !node.ignored).map((node) => node.role?.value));
  for (const role of ["table", "row", "columnheader", "cell"])
    expect(roles.has(role), `${name}: no ${role} in the accessibility tree`).toBe(true);
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}

/** A field of the first record an API list answers, or undefined. */
export async function firstId(page: Page, path: string, pick: (body: any) => string | undefined): Promise<string | undefined> {
  const res = await page.request.get(path);
  return res.ok() ? pick(await res.json()) : undefined;
}

/** The tour account's session (tour-account.setup.ts), for the specs that share it. */
export const TOUR_ACCOUNT_STATE = fileURLToPath(new URL("../../test-results/panel-state/tour-account.json", import.meta.url));

/**
 * An account with something in every table, made through the API: a custom site (never fetched:
 * .invalid) with its brief and a webhook address, a plan whose first two items were run now (two
 * articles with their hero images and charges: one published, with a webhook delivery that cannot
 * arrive, one waiting for review), a second plan left as a draft, an API token and an app allowed
 * through OAuth.
 */
export async function accountWithContent(page: Page): Promise<void> {
  const origin = { Origin: new URL(page.url()).origin };
  await signUpFresh(page, "tour");
  const connect = await page.request.post("/api/platforms/custom/connect", {
    data: {
      url: "https://tour-bakery.invalid",
      webhookUrl: "https://tour-bakery.invalid/hooks/autopilot",
      businessContext: "Home baking: sourdough bread, rye bread, focaccia",
    },
    headers: origin,
  });
  expect(connect.status(), await connect.text()).toBe(201);
  const site = await connect.json();
  await page.request.put(`/api/sites/${site.id}/brief`, {
    data: { business: "Home baking: sourdough bread, rye bread, focaccia", audience: "Home bakers" },
    headers: origin,
  });
  const plan = await (
    await page.request.post("/api/autopilot/plans", {
      data: { siteId: site.id, articleCount: 3, cadencePerWeek: 2, publishMode: "review" },
      headers: origin,
    })
  ).json();
  await page.request.post(`/api/autopilot/plans/${plan.id}/approve`, { headers: origin });
  // The first article is published (a webhook delivery, which cannot arrive), the second waits for review.
  const first = await page.request.post(`/api/autopilot/items/${plan.items[0].id}/run`, { headers: origin });
  expect(first.status()).toBe(200);
  expect((await page.request.post(`/api/autopilot/articles/${(await first.json()).articleId}/publish`, { headers: origin })).status()).toBe(
    200,
  );
  expect((await page.request.post(`/api/autopilot/items/${plan.items[1].id}/run`, { headers: origin })).status()).toBe(200);
  await page.request.post("/api/autopilot/plans", { data: { siteId: site.id, articleCount: 2, cadencePerWeek: 1 }, headers: origin });
  expect((await page.request.post("/api/tokens", { data: { name: "Bakery shop sync" }, headers: origin })).status()).toBe(201);
  await allowAnApp(page, "Tour MCP client");
}

/**
 * Registrations and sign-ups are limited per address, and the dev server keeps its windows between
 * runs: each comes from an address of its own (198.18.0.0/15, the benchmarking range).
 */
export const freshAddress = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** A new account, signed in (the session cookie is the page's). */
export async function signUpFresh(page: Page, label: string): Promise<void> {
  await signUpConfirmed(page, uniqueEmail(label), DEMO.password);
}

/**
 * A sign-up as a person makes it: the sign-up (202, the same for any address), the link the dev
 * mail sink wrote for `email`, and its confirmation (201), which signs the page in.
 */
export async function signUpConfirmed(page: Page, email: string, password: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/api/session/signup", {
    data: { email, password },
    headers: { Origin: origin, "CF-Connecting-IP": freshAddress() },
  });
  expect(res.status(), await res.text()).toBe(202);
  const token = new URL(await signUpLink(email)).hash.slice(1);
  const confirmed = await page.request.post("/api/session/signup/confirm", {
    data: { token },
    headers: { Origin: origin, "CF-Connecting-IP": freshAddress() },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
}

/** Where `npm run dev`'s mail sink writes each message (scripts/mail-sink.mjs), from the repository's root. */
const MAIL_DIR = fileURLToPath(new URL("../../.wrangler/emails/", import.meta.url));

/** The messages the mail sink wrote to `address` so far, raw. */
export function mailsTo(address: string): string[] {
  const names = existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR).filter((name) => name.endsWith(".eml")) : [];
  return names
    .map((name) => readFileSync(`${MAIL_DIR}${name}`, "latin1"))
    .filter((raw) => raw.toLowerCase().includes(`\r\nto: ${address.toLowerCase()}\r\n`));
}

/** A message's text part, decoded from base64 or quoted-printable (soft line breaks undone). */
export function mailText(raw: string): string {
  const part = raw.split(/\r\n--[^\r\n]+\r\n/).find((chunk) => /^Content-Type: text\/plain/i.test(chunk));
  if (!part) return "";
  const split = part.indexOf("\r\n\r\n");
  const head = part.slice(0, split);
  const body = part.slice(split + 4);
  if (/^Content-Transfer-Encoding:\s*base64/im.test(head)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/^Content-Transfer-Encoding:\s*quoted-printable/im.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The sign-up confirmation link e-mailed to `email` (the queue delivers it: waited for, up to 30 s). */
export async function signUpLink(email: string): Promise<string> {
  const pattern = /https?:\/\/\S+\/sign-up\/confirm#[A-Za-z0-9_-]+/;
  let link: string | undefined;
  await expect
    .poll(() => (link = mailsTo(email).map(mailText).join("\n").match(pattern)?.[0]), {
      message: `a sign-up confirmation e-mail to ${email} under ${MAIL_DIR}`,
      timeout: 30_000,
    })
    .toBeTruthy();
  return link!;
}

/** An app allowed through OAuth as an MCP client does it (registration, PKCE), the owner pressing Allow. */
export async function allowAnApp(page: Page, name: string): Promise<void> {
  const redirect = "http://127.0.0.1:9/oauth-callback";
  const registered = await page.request.post("/oauth/register", {
    headers: { "CF-Connecting-IP": freshAddress() },
    data: {
      client_name: name,
      redirect_uris: [redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { client_id: clientId } = await registered.json();
  const challenge = createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirect,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "tour",
    resource: new URL("/mcp", page.url()).href,
  });
  await page.route("http://127.0.0.1:9/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." }),
  );
  await page.goto(`/oauth/authorize?${query}`);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/^http:\/\/127\.0\.0\.1:9\/oauth-callback\?/);
  await page.unroute("http://127.0.0.1:9/**");
}

/** Why a search result was not read, as the API lists the reasons (ItemResearch.skipped's description). */
export const SKIP_REASONS: string[] = (
  JSON.parse(readFileSync(new URL("../src/api/openapi.json", import.meta.url), "utf8")).components.schemas.ItemResearch.properties.skipped
    .description as string
)
  .split(":")
  .at(-1)!
  .split(",")
  .map((reason) => reason.trim());

/**
 * The offline search reads every result it finds: an item's research is answered here with one
 * skipped result more for each reason the API can give, so its page says each of them in words.
 */
export async function withEverySkipReason(page: Page) {
  await page.route("**/api/autopilot/items/*", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const response = await route.fetch();
    const body = await response.json();
    if (body.research)
      body.research.skipped = SKIP_REASONS.map((reason, i) => ({ url: `https://skipped-${i}.example.invalid/${reason}`, reason }));
    await route.fulfill({ response, json: body });
  });
}
