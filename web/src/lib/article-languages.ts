// The languages the panel offers for a site's articles, and a language's name for people. The
// API takes any language code (tr, en, pt-BR…) and stores it in lower case; the panel offers the
// common ones by name, and keeps a site's other code as it is.

/** The offered article languages, as the API stores them. */
export const ARTICLE_LANGUAGES = ["tr", "en", "de", "fr", "es", "it", "pt-br", "pt", "nl", "ar", "ru"] as const;

const displayNames = new Map<string, Intl.DisplayNames>();

/** "Turkish" in English, "Türkçe" in Turkish; the code itself when the browser has no name for it. */
export function languageName(code: string, locale: string): string {
  try {
    let names = displayNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: "language" });
      displayNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** An option's text: the name in the panel's language, with the language's own name beside it ("German · Deutsch"). */
export function languageOption(code: string, locale: string): string {
  const name = languageName(code, locale);
  const own = languageName(code, code);
  return own !== name && own !== code ? `${name} · ${own}` : name;
}
