import { describe, expect, it } from "vitest";
import { numbersOf, rivalsNumber, statesNumber } from "../../../src/content/quality/numbers";

// Issue 41 §5: numbers are read with their units, in the notation of the text's language.

const HOUR = 3600;
const usd = (value: number) => ({ value, unit: "usd", of: null });
const hours = (value: number) => ({ value: value * HOUR, unit: "duration", of: null });

describe("numbersOf", () => {
  it("reads one amount of money however it is written", () => {
    for (const [text, language] of [
      ["$7,000", "en"],
      ["$7000", "en"],
      ["7.000 $", "tr"],
      ["seven thousand dollars", "en"],
      ["$7k", "en"],
      ["7 thousand USD", "en"],
    ])
      expect(numbersOf(text!, language!), `${text} (${language})`).toEqual([usd(7000)]);
    expect(numbersOf("yedi bin TL", "tr")).toEqual([{ value: 7000, unit: "try", of: null }]);
    expect(numbersOf("€1.5m", "en")).toEqual([{ value: 1_500_000, unit: "eur", of: null }]);
  });

  it("reads thousands and decimals as the language writes them", () => {
    const read = (text: string, language: string) => numbersOf(text, language).map((number) => number.value);
    expect(read("3,5 kg", "tr")).toEqual([3500]);
    expect(numbersOf("3,5 kg", "tr")[0]!.unit).toBe("mass");
    expect(read("1.000", "tr")).toEqual([1000]);
    expect(read("1.000", "en")).toEqual([1]);
    expect(read("3,500", "en")).toEqual([3500]);
    expect(read("3.5", "en")).toEqual([3.5]);
    expect(read("1.250,75 €", "de")).toEqual([1250.75]);
    // A point that cannot part thousands is a decimal point, as many Turkish pages write it.
    expect(read("3.5 saat", "tr")).toEqual([3.5 * HOUR]);
  });

  it("reads fractions, ages, percents, temperatures and years", () => {
    expect(numbersOf("59½", "en")).toEqual([{ value: 59.5, unit: "count", of: null }]);
    expect(numbersOf("at age 59½", "en")).toEqual([{ value: 59.5, unit: "age", of: null }]);
    expect(numbersOf("a 50-year-old baker", "en")).toEqual([{ value: 50, unit: "age", of: null }]);
    expect(numbersOf("65 yaşındaki", "tr")).toEqual([{ value: 65, unit: "age", of: null }]);
    for (const [text, language] of [
      ["yüzde 20", "tr"],
      ["yüzde yirmi", "tr"],
      ["%20'si", "tr"],
      ["20%", "en"],
      ["20 percent", "en"],
    ])
      expect(numbersOf(text!, language!), text).toEqual([{ value: 20, unit: "percent", of: null }]);
    expect(numbersOf("350°F", "en")).toEqual([{ value: 350, unit: "fahrenheit", of: null }]);
    expect(numbersOf("175 °C", "en")).toEqual([{ value: 175, unit: "celsius", of: null }]);
    expect(numbersOf("180 derece", "tr")).toEqual([{ value: 180, unit: "degree", of: null }]);
    expect(numbersOf("In 2024, and in 1990s", "en")).toEqual([
      { value: 2024, unit: "year", of: null },
      { value: 1990, unit: "year", of: null },
    ]);
    expect(numbersOf("2024'te", "tr")).toEqual([{ value: 2024, unit: "year", of: null }]);
  });

  it("reads durations in one scale, in words too, with Turkish endings", () => {
    expect(numbersOf("24 hours", "en")).toEqual([hours(24)]);
    expect(numbersOf("12 hours", "en")).toEqual([hours(12)]);
    expect(numbersOf("twelve hours", "en")).toEqual([hours(12)]);
    expect(numbersOf("on iki saat", "tr")).toEqual([hours(12)]);
    expect(numbersOf("24 saatte", "tr")).toEqual([hours(24)]);
    expect(numbersOf("1 day", "en")).toEqual(numbersOf("24h", "en"));
    expect(numbersOf("3 günlük", "tr")).toEqual([hours(72)]);
    // "yıldız" (star) is no "yıl" (year).
    expect(numbersOf("5 yıldızlı otel", "tr")[0]!.unit).toBe("count");
  });

  it("reads a range as its two ends in one unit", () => {
    for (const [text, language] of [
      ["4–6 hours", "en"],
      ["4-6 hours", "en"],
      ["4 to 6 hours", "en"],
      ["4 ila 6 saat", "tr"],
    ])
      expect(numbersOf(text!, language!), text).toEqual([hours(4), hours(6)]);
    expect(numbersOf("20–30%", "en").map((number) => number.unit)).toEqual(["percent", "percent"]);
    // "between … and …" when the word before the first number says so; "and" alone joins nothing.
    expect(numbersOf("between 75 and 80 °F", "en")).toEqual([
      { value: 75, unit: "fahrenheit", of: null },
      { value: 80, unit: "fahrenheit", of: null },
    ]);
    expect(numbersOf("zwischen 24 und 27 °C", "de").map((number) => number.unit)).toEqual(["celsius", "celsius"]);
    expect(numbersOf("2 eggs and 3 cups", "en").map((number) => number.unit)).toEqual(["count", "cup"]);
  });

  it("reads the unit after a Turkish distributive ending: 60'ar gram", () => {
    expect(numbersOf("60'ar gram unla", "tr")).toEqual([{ value: 60, unit: "mass", of: null }]);
    expect(numbersOf("2024'te", "tr")).toEqual([{ value: 2024, unit: "year", of: null }]);
  });

  it("reads weights and volumes in their scales, and what a count counts", () => {
    expect(numbersOf("500 g", "en")).toEqual(numbersOf("0.5 kg", "en"));
    expect(numbersOf("1.1 kg", "en")).toEqual(numbersOf("1100 grams", "en"));
    expect(numbersOf("2 su bardağı un", "tr")).toEqual([{ value: 2, unit: "cup", of: null }]);
    expect(numbersOf("250 ml", "en")).toEqual([{ value: 250, unit: "volume", of: null }]);
    expect(numbersOf("3 large eggs", "en")).toEqual([{ value: 3, unit: "count", of: "larg" }]);
    expect(numbersOf("12 eggs", "en")).toEqual([{ value: 12, unit: "count", of: "egg" }]);
  });

  it("leaves numbers inside names, clock times and lone number words alone", () => {
    expect(numbersOf("MP3 players, 4K screens, COVID-19, the 1st, at 10:30, no one", "en")).toEqual([]);
    expect(numbersOf("bir kez daha", "tr")).toEqual([]);
  });
});

describe("comparing numbers", () => {
  const one = (text: string, language = "en") => numbersOf(text, language)[0]!;

  it("a number states another of equal value and unit", () => {
    expect(statesNumber(one("$7,000"), one("$7000"))).toBe(true);
    expect(statesNumber(one("7.000 $", "tr"), one("seven thousand dollars"))).toBe(true);
    expect(statesNumber(one("24 hours"), one("12 hours"))).toBe(false);
    expect(statesNumber(one("€7,000"), one("$7,000"))).toBe(false);
    // "Degrees" of no named scale state either scale's value.
    expect(statesNumber(one("350 degrees"), one("350°F"))).toBe(true);
    expect(statesNumber(one("350°C"), one("350°F"))).toBe(false);
  });

  it("another value of the same unit rivals it; of a count, only a count of the same thing", () => {
    expect(rivalsNumber(one("24 hours"), one("12 hours"))).toBe(true);
    expect(rivalsNumber(one("$7,000"), one("$6,500"))).toBe(true);
    expect(rivalsNumber(one("24°C"), one("12 hours"))).toBe(false);
    expect(rivalsNumber(one("6 eggs"), one("12 eggs"))).toBe(true);
    expect(rivalsNumber(one("3 cups"), one("12 eggs"))).toBe(false);
    expect(rivalsNumber(one("5 loaves"), one("12 eggs"))).toBe(false);
  });
});
