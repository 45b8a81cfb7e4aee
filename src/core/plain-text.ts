import type { z } from "@hono/zod-openapi";

// Titles, SEO texts, keywords, brief fields and names are plain text: they reach WordPress
// titles and meta tags, forum threads, prompts and logs. A browser reads `<` followed by a letter,
// `/`, `!` or `?` as the start of markup; control characters and unpaired surrogates are never text.

const MARKUP = /<[A-Za-z!/?]/;
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// Multi-line fields keep tab, line feed and carriage return.
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// With the `u` flag a surrogate pair is one code point, so only an unpaired half matches.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/**
 * The bidirectional controls (embeddings, overrides, isolates, and the marks) that make text read
 * differently than it is stored: "txt.exe" shown as "exe.txt".
 */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** `text` without bidirectional controls: for what a person typed that others read (a client's comment). */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

export interface PlainTextRules {
  /** Tab and line breaks allowed. */
  multiline?: boolean;
  /** `<` that starts a tag refused (text shown on pages: titles, SEO fields, terms). */
  noMarkup?: boolean;
  /** Bidirectional controls refused (names shown to others: an account's, an app's). */
  noBidi?: boolean;
}

/** What makes `value` unacceptable as plain text under `rules`, or null. */
export function plainTextProblem(value: string, rules: PlainTextRules = {}): string | null {
  const control = (rules.multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).exec(value);
  if (control) {
    const codePoint = control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    return `must not contain control characters (U+${codePoint} at position ${control.index + 1})${rules.multiline ? "" : "; it is a single line"}`;
  }
  if (LONE_SURROGATE.test(value)) return "must not contain unpaired surrogates (broken UTF-16)";
  if (rules.noBidi && new RegExp(BIDI_CONTROLS.source, "u").test(value))
    return "must not contain bidirectional controls (U+202E and the like): they make text read differently than it is";
  if (rules.noMarkup) {
    const markup = MARKUP.exec(value);
    if (markup)
      return `is plain text: HTML markup is not allowed (found '${value.slice(markup.index, markup.index + 12)}…'); a '<' followed by a space is fine`;
  }
  return null;
}

/** `schema` refusing what is not plain text under `rules`, with a message naming the problem. */
export function plainText<T extends z.ZodType<string>>(schema: T, rules: PlainTextRules = {}): T {
  return schema.superRefine((value, context) => {
    const problem = plainTextProblem(value, rules);
    if (problem) context.addIssue({ code: "custom", message: problem });
  }) as unknown as T;
}

/** `text` as HTML that shows it literally, for fields a platform reads as markup (WordPress titles, excerpts, term names). */
export function escapeHtmlText(text: string): string {
  return text.replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
