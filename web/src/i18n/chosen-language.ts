// Which language the panel starts in (web/src/early-reads.js makes the same choice, in plain
// script, for the page's first reads).

export type Language = "en" | "tr";

/** Where the panel keeps the language a person chose. */
export const LANGUAGE_STORAGE_KEY = "panel.language";

/** The language to start with: the saved choice, else the browser's first of Turkish or English. */
export function initialLanguage(saved: string | null, browser: readonly string[]): Language {
  if (saved === "en" || saved === "tr") return saved;
  for (const tag of browser) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "tr" || base === "en") return base;
  }
  return "en";
}

/** initialLanguage of this browser. */
export function startingLanguage(): Language {
  return initialLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY), navigator.languages ?? [navigator.language]);
}
