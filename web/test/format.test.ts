import { describe, expect, it } from "vitest";
import { formatDateTime, formatMoney, initialLanguage, interpolate, localeFor } from "../src/i18n/format";

describe("money, dates and the starting language", () => {
  it("writes money as ₺1.234,50 in Turkish and TRY 1,234.50 in English, from the API's decimal strings", () => {
    expect(formatMoney("1234.50", "tr")).toBe("₺1.234,50");
    expect(formatMoney("1234.50", "en")).toBe("TRY 1,234.50");
    expect(formatMoney("-15.00", "tr")).toBe("-₺15,00");
    expect(formatMoney("0.00", "en")).toBe("TRY 0.00");
  });

  it("shows a UTC instant in the user's time zone and locale", () => {
    expect(formatDateTime("2026-11-23T21:30:00Z", "tr-TR", "Europe/Istanbul")).toBe("24 Kas 2026 00:30");
    expect(formatDateTime("2026-11-23T21:30:00Z", "en-GB", "Europe/London")).toBe("23 Nov 2026, 21:30");
  });

  it("starts in the saved language, else the browser's first of Turkish or English, else English", () => {
    expect(initialLanguage("tr", ["en-US"])).toBe("tr");
    expect(initialLanguage(null, ["de-DE", "tr-TR", "en"])).toBe("tr");
    expect(initialLanguage(null, ["EN-us"])).toBe("en");
    expect(initialLanguage("fr", ["fr-FR"])).toBe("en");
    expect(localeFor("en", ["en-US", "tr-TR"])).toBe("en-US");
    expect(localeFor("tr", ["en-US"])).toBe("tr-TR");
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(interpolate("{count} articles, {missing}", { count: 3 })).toBe("3 articles, {missing}");
  });
});
