import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Messages } from "../src/i18n/language";

// docs/guides/panel.md's glossary: one word per thing in both languages. These are the words the
// Turkish panel once used for two things at once, or that read wrong.
const files = [
  ...readdirSync(join(__dirname, "../src/i18n"))
    .filter((file) => file.endsWith(".ts"))
    .map((file) => `src/i18n/${file}`),
  ...readdirSync(join(__dirname, "../src/screens"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("messages.ts"))
    .map((file) => `src/screens/${file}`),
];

async function allTexts(language: "en" | "tr"): Promise<[string, string][]> {
  const texts: [string, string][] = [];
  for (const file of files) {
    if (!readFileSync(join(__dirname, "..", file), "utf8").includes("defineMessages")) continue;
    const module = (await import(/* @vite-ignore */ `../${file}`)) as Record<string, Messages<string>>;
    for (const messages of Object.values(module).filter((value) => typeof value === "object" && value && "en" in value))
      for (const [key, text] of Object.entries(messages[language])) texts.push([`${file} ${key}`, text]);
  }
  return texts;
}

describe("the glossary", () => {
  it("keeps “özet” for the excerpt alone; a site's brief is its “yönerge”", async () => {
    const withOzet = (await allTexts("tr")).filter(([, text]) => /özet/i.test(text)).map(([where]) => where);
    expect(withOzet).toEqual(["src/screens/articles/messages.ts edit.excerpt"]);
  });

  it("has none of the Turkish words that read wrong", async () => {
    const wrong = /\byedek|yapılmadan yapılmış|az kalsın|Araştırılma\b|Sitede görün\b|Kalite puanı/i;
    expect((await allTexts("tr")).filter(([, text]) => wrong.test(text)).map(([where]) => where)).toEqual([]);
  });

  it("says content score, never quality score, in English", async () => {
    expect((await allTexts("en")).filter(([, text]) => /quality score/i.test(text)).map(([where]) => where)).toEqual([]);
  });

  it("puts “Önce” first in Turkish sort options", async () => {
    const options = (await allTexts("tr")).filter(([where]) => /\.order\.[\w-]+$/.test(where));
    expect(options.length).toBeGreaterThan(10);
    for (const [where, text] of options) expect(text, where).toMatch(/^Önce /);
  });
});
