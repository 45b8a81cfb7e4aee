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

/** axe-core (WCAG 2.0/2.1 A and AA): no serious or critical violation; the rest is printed. */
export async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const describe = (v: (typeof results.violations)[number]) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`;
  const minor = results.violations.filter((v) => v.impact !== "serious" && v.impact !== "critical");
  if (minor.length > 0) console.log(`[axe] ${name}: ${minor.map(describe).join("; ")}`);
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map(describe), `axe on ${name}`).toEqual([]);
}

/** Nothing wider than the viewport, except inside a scrollable table. */
export async function expectNoHorizontalOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}
