import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

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
  const analysis = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).exclude("iframe").analyze();
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

/** Nothing wider than the viewport, except inside a scrollable table. */
export async function expectNoHorizontalOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
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
