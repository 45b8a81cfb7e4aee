import { describe, expect, it } from "vitest";
import openapi from "../src/api/openapi.json";
import { qualityMessages } from "../src/i18n/quality";
import { planMessages } from "../src/screens/plans/messages";

// The words for what an item's research and an article's quality report, taken from the API's
// OpenAPI document (web/src/api/openapi.json), never from a list copied into the panel: a value
// added to the API without words in both languages fails here.
type Schema = { properties: Record<string, Schema & { description?: string; enum?: (string | null)[]; items?: Schema }> };
const schemas = openapi.components.schemas as unknown as Record<string, Schema>;

/**
 * Why a result was not read: `ItemResearch.skipped[].reason` is a string whose values the API
 * lists in the field's description ("Results not read, and why: own_site, video_or_social, …").
 */
function skipReasons(): string[] {
  const description = schemas.ItemResearch?.properties.skipped?.description ?? "";
  const list = description.split(":").at(-1) ?? "";
  return list
    .split(",")
    .map((reason) => reason.trim())
    .filter((reason) => /^[a-z_]+$/.test(reason));
}

describe("an item's research in both languages", () => {
  const reasons = skipReasons();

  it("the API lists why a result was not read", () => {
    expect(reasons).toEqual(expect.arrayContaining(["own_site", "robots_disallowed", "timeout", "empty"]));
    expect(reasons.length).toBeGreaterThanOrEqual(11);
  });

  it.each(reasons)("skipped because of '%s' has words in English and Turkish", (reason) => {
    const key = `skipped.${reason}` as keyof typeof planMessages.en;
    expect(planMessages.en[key], `en ${key}`).toBeTruthy();
    expect(planMessages.tr[key], `tr ${key}`).toBeTruthy();
  });
});

describe("readability (an article's, a suggestion's) in both languages", () => {
  const formulas = (schemas.Quality?.properties.readability?.properties.formula?.enum ?? []).filter(
    (value): value is string => value !== null,
  );

  it("the API names its formulas", () => {
    expect(formulas).toEqual(expect.arrayContaining(["flesch-reading-ease", "atesman", "mean-lengths"]));
  });

  it.each(formulas)("the formula '%s' has a name in English and Turkish", (formula) => {
    const key = `formula.${formula}` as keyof typeof qualityMessages.en;
    expect(qualityMessages.en[key], `en ${key}`).toBeTruthy();
    expect(qualityMessages.tr[key], `tr ${key}`).toBeTruthy();
  });
});
