// Money, numbers and dates for people: only through Intl, in the chosen language and the
// browser's time zone (the API speaks UTC and decimal strings).
import type { Language } from "./chosen-language";

export type { Language } from "./chosen-language";
export const LANGUAGES: readonly Language[] = ["en", "tr"];

/** The BCP 47 locale for a language: the browser's own variant when it speaks that language. */
export function localeFor(language: Language, preferred: readonly string[] = []): string {
  return preferred.find((tag) => tag.toLowerCase().split("-")[0] === language) ?? (language === "tr" ? "tr-TR" : "en-GB");
}

/**
 * An Intl formatter made once per locale and options: building one costs far more than using it
 * (a screen formats hundreds of figures, a phone's first render pays for each new formatter).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/** `₺1.234,50` in Turkish, `TRY 1,234.50` in English, from the API's decimal string ("1234.50"). */
export function formatMoney(amount: string | number, language: Language): string {
  const value = typeof amount === "number" ? amount : Number(amount);
  if (language === "tr") return numberFormat("tr-TR", { style: "currency", currency: "TRY" }).format(value);
  return numberFormat("en-US", { style: "currency", currency: "TRY", currencyDisplay: "code" })
    .format(value)
    .replace(/\u00a0/g, " ");
}

export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}

/** A date and time in the user's time zone; `timeZone` is for tests. */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
}

export function formatDay(isoDate: string, locale: string): string {
  // A report day ("2026-11-23") is a UTC calendar day: shown as that day, not shifted.
  return dateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** Fills `{name}` placeholders. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
