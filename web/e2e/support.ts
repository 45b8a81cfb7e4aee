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
  const describe = (v: (typeof results.violations)[number]) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`;
  const minor = results.violations.filter((v) => v.impact !== "serious" && v.impact !== "critical");
  if (minor.length > 0) console.log(`[axe] ${name}: ${minor.map(describe).join("; ")}`);
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map(describe);
  const untitledFrames = await page.locator("iframe").evaluateAll((frames) => frames.filter((frame) => !frame.getAttribute("title")?.trim()).map((frame) => frame.outerHTML.slice(0, 80)));
  blocking.push(...untitledFrames.map((frame) => `serious frame-title: Frames must have an accessible name — ${frame}`));
  expect(blocking, `axe on ${name}`).toEqual([]);
}

/** Nothing wider than the viewport, except inside a scrollable table. */
export async function expectNoHorizontalOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}
