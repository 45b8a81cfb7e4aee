import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Messages } from "../src/i18n/language";

// Every screen's messages.ts (and the shared ones): Turkish has every English key, no empty text,
// and the same {placeholders}, so no screen shows an English word or a raw {name} in Turkish.
const files = [
  "src/i18n/common.ts",
  ...readdirSync(join(__dirname, "../src/screens"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("messages.ts"))
    .map((file) => `src/screens/${file}`),
];

describe("the panel's words in English and Turkish", () => {
  it.each(files)("%s: both languages have the same keys and placeholders", async (file) => {
    expect(readFileSync(join(__dirname, "..", file), "utf8")).toContain("defineMessages(");
    const module = (await import(/* @vite-ignore */ `../${file}`)) as Record<string, Messages<string>>;
    for (const messages of Object.values(module)) {
      expect(Object.keys(messages.tr).sort()).toEqual(Object.keys(messages.en).sort());
      for (const [key, english] of Object.entries(messages.en)) {
        const turkish = messages.tr[key]!;
        expect(turkish.trim(), `${file} ${key}`).not.toBe("");
        const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(placeholders(turkish), `${file} ${key}`).toEqual(placeholders(english));
      }
    }
  });
});
