// The last part of an article's address, made from a title or typed by an owner: lower-case ASCII
// letters, digits and single hyphens. Letters are folded the way readers of the text's language
// expect, as WordPress's own remove_accents does per locale: Turkish "ü" is "u", German "ü" is "ue".
// With the extension: scripts/ and bench/ import this file under Node's type stripping.

/** The longest slug we make or accept, in characters. */
export const SLUG_MAX_LENGTH = 80;

/** A slug as stored: words of a-z and 0-9 joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Turkish letters, and the Latin letters that NFKD below does not split into letter + accent.
// "I" needs no entry: Turkish lower-cases it to "ı", which folds to "i" like the English "i".
const LATIN_FOLDS: Record<string, string> = {
  ç: "c",
  ğ: "g",
  ı: "i",
  İ: "i",
  ö: "o",
  ş: "s",
  ü: "u",
  Ç: "c",
  Ğ: "g",
  Ö: "o",
  Ş: "s",
  Ü: "u",
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  đ: "d",
  Đ: "d",
  ł: "l",
  Ł: "l",
};

/** Where a language's readers expect a letter other than the common fold (WordPress's de_DE and da_DK). */
const LANGUAGE_FOLDS: Record<string, Record<string, string>> = {
  de: { ä: "ae", ö: "oe", ü: "ue", Ä: "ae", Ö: "oe", Ü: "ue" },
  da: { æ: "ae", Æ: "ae", ø: "oe", Ø: "oe", å: "aa", Å: "aa" },
};

/** "tr-TR", "de_DE", "TR" → "tr", "de", "tr". */
function primaryTag(language: string | undefined): string {
  return (language ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
}

/** Lower case with every letter folded to ASCII for `language`: "Ölçü" → "olcu" (tr), "Größe" → "groesse" (de). */
export function foldSlugLetters(text: string, language?: string): string {
  const own = LANGUAGE_FOLDS[primaryTag(language)] ?? {};
  return [...text]
    .map((ch) => own[ch] ?? LATIN_FOLDS[ch] ?? ch)
    .join("")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** "Ekmeğin Tarihi: İlk Fırınlar" → "ekmegin-tarihi-ilk-firinlar"; never empty ("article"). */
export function slugify(title: string, options: { maxLength?: number; language?: string } = {}): string {
  const slug = foldSlugLetters(title, options.language)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, options.maxLength ?? SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
  return slug || "article";
}

/** Why a typed slug is refused, by the validation issue codes of the API (src/core/errors.ts). */
export type SlugProblem = { code: "too_small" | "too_big" | "invalid_format"; problem: string };

/** A slug an owner typed, folded for the text's language (spaces become hyphens), or what is wrong with it. */
export function parseSlug(input: string, language?: string): { slug: string } | SlugProblem {
  const slug = foldSlugLetters(input.trim(), language).replace(/\s+/g, "-");
  if (slug === "") return { code: "too_small", problem: "must not be empty" };
  if ([...slug].length > SLUG_MAX_LENGTH) return { code: "too_big", problem: `must be at most ${SLUG_MAX_LENGTH} characters` };
  if (!SLUG_PATTERN.test(slug))
    return {
      code: "invalid_format",
      problem: "may hold only letters, digits and single hyphens between them (no slashes, dots or other signs)",
    };
  return { slug };
}
