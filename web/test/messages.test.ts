import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import openapi from "../src/api/openapi.json";
import { errorMessages } from "../src/i18n/errors";
import { qualityMessages } from "../src/i18n/quality";
import type { Messages } from "../src/i18n/language";
import { articleMessages } from "../src/screens/articles/messages";
import { billingMessages } from "../src/screens/billing/messages";
import { planMessages } from "../src/screens/plans/messages";
import { webhookMessages } from "../src/screens/webhooks/messages";

// Every screen's messages.ts (and the shared ones): Turkish has every English key, no empty text,
// and the same {placeholders}, so no screen shows an English word or a raw {name} in Turkish.
const files = [
  "src/i18n/common.ts",
  "src/i18n/errors.ts",
  "src/i18n/quality.ts",
  "src/i18n/search.ts",
  ...readdirSync(join(__dirname, "../src/screens"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("messages.ts"))
    .map((file) => `src/screens/${file}`),
];

/** Names, and words Turkish shares with English: the only texts allowed to read the same in both. */
const SHARED_WORDS = [
  "Content Autopilot",
  "English",
  "Türkçe",
  "WordPress",
  "OpenAI",
  "Anthropic",
  "Site",
  "Plan",
  "Forum",
  "Platform",
  "Model",
];

describe("the panel's words in English and Turkish", () => {
  it.each(files)("%s: both languages have the same keys and placeholders", async (file) => {
    expect(readFileSync(join(__dirname, "..", file), "utf8")).toContain("defineMessages");
    const module = (await import(/* @vite-ignore */ `../${file}`)) as Record<string, Messages<string>>;
    for (const messages of Object.values(module).filter((value) => typeof value === "object" && "en" in value)) {
      expect(Object.keys(messages.tr).sort()).toEqual(Object.keys(messages.en).sort());
      for (const [key, english] of Object.entries(messages.en)) {
        const turkish = messages.tr[key]!;
        expect(turkish.trim(), `${file} ${key}`).not.toBe("");
        const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(placeholders(turkish), `${file} ${key}`).toEqual(placeholders(english));
        // A Turkish text equal to its English one is left untranslated, unless it is a name or a word both languages share.
        const wordsOf = (text: string) => text.replace(/\{\w+\}|HTTP/g, "").replace(/[^\p{L}]/gu, "");
        if (turkish === english && wordsOf(english) !== "") expect(SHARED_WORDS, `${file} ${key} is not translated`).toContain(english);
      }
    }
  });
});

// The codes come from the Worker's OpenAPI document (web/src/api/openapi.json, kept fresh by
// test/http/openapi-snapshot.test.ts), which lists src/core/errors.ts's table as an enum.
type Schema = { properties: Record<string, { enum?: string[]; items?: { $ref?: string } }> };
const schemas = openapi.components.schemas as unknown as Record<string, Schema>;
const enumOf = (schema: string, field: string) => {
  const values = schemas[schema]?.properties[field]?.enum?.filter((value) => value !== null);
  if (!values?.length) throw new Error(`${schema}.${field} has no enum in openapi.json`);
  return values;
};

describe("every code the API can send has words in both languages", () => {
  const cases: [string, Messages<string>, string, string[]][] = [
    ["error codes", errorMessages as Messages<string>, "code.", enumOf("Error", "code")],
    ["field issue codes", errorMessages as Messages<string>, "issue.", enumOf("ValidationIssue", "code")],
    ["plan warnings", planMessages as Messages<string>, "warning.", enumOf("PlanWarningDetail", "code")],
    ["article edit warnings", articleMessages as Messages<string>, "warning.", enumOf("EditWarningDetail", "code")],
    ["webhook delivery failures", webhookMessages as Messages<string>, "error.", enumOf("WebhookDelivery", "lastErrorCode")],
    ["payment failures", billingMessages as Messages<string>, "payment.failedCode.", enumOf("Payment", "failedCode")],
    ["quality gate reasons", qualityMessages as Messages<string>, "reason.", enumOf("ReviewReason", "code")],
    ["fact check verdicts", qualityMessages as Messages<string>, "verdict.", [...enumOf("CheckedClaim", "verdict"), "unchecked"]],
  ];
  it.each(cases)("%s", (_, messages, prefix, codes) => {
    for (const code of codes) {
      expect(messages.en[`${prefix}${code}`], `en ${prefix}${code}`).toBeTruthy();
      expect(messages.tr[`${prefix}${code}`], `tr ${prefix}${code}`).toBeTruthy();
    }
  });

  it("docs/errors.md lists every error and issue code", () => {
    const doc = readFileSync(join(__dirname, "../../docs/errors.md"), "utf8");
    for (const code of [...enumOf("Error", "code"), ...enumOf("ValidationIssue", "code")]) expect(doc, code).toContain(`\`${code}\``);
  });

  it("owner-facing words never name an API field or say 'Invalid body field'", () => {
    const fieldNames =
      /\b(blogUsername|blogAppPassword|webhookUrl|businessContext|forumUserId|apiKey|amountTry|seoTitle|seoDesc|currentPassword)\b|Invalid body field/;
    for (const file of files) {
      const text = readFileSync(join(__dirname, "..", file), "utf8");
      const strings = [...text.matchAll(/:\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
      for (const string of strings) expect(string, file).not.toMatch(fieldNames);
    }
  });
});
