import { describe, expect, it } from "vitest";
import { initialLanguage } from "../src/i18n/chosen-language";
import { formatDateTime, formatDay, formatMoney, formatNumber, interpolate, localeFor } from "../src/i18n/format";

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

  it("makes one formatter per locale and options, however many figures a screen shows", () => {
    const { NumberFormat, DateTimeFormat } = Intl;
    let made = 0;
    Intl.NumberFormat = class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        super(...args);
        made++;
      }
    } as typeof NumberFormat;
    Intl.DateTimeFormat = class extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args);
        made++;
      }
    } as typeof DateTimeFormat;
    try {
      for (let i = 0; i < 50; i++) {
        formatMoney(String(i), "tr");
        formatNumber(i * 1000, "en-US");
        formatDay("2026-11-23", "tr-TR");
        formatDateTime("2026-11-23T21:30:00Z", "en-GB", "Europe/London");
      }
      expect(made).toBeLessThanOrEqual(4);
      // Each call still answers in its own locale and zone.
      expect(formatNumber(1234.5, "tr-TR")).toBe("1.234,5");
      expect(formatNumber(1234.5, "en-US")).toBe("1,234.5");
      expect(formatDateTime("2026-11-23T21:30:00Z", "en-GB", "Europe/Istanbul")).toBe("24 Nov 2026, 00:30");
    } finally {
      Intl.NumberFormat = NumberFormat;
      Intl.DateTimeFormat = DateTimeFormat;
    }
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(interpolate("{count} articles, {missing}", { count: 3 })).toBe("3 articles, {missing}");
  });
});
