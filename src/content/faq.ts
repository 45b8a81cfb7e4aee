import { htmlToText } from "../core/html-text";
import { primaryLanguage } from "./article-rules";
import { foldText } from "./text-folding";

// The FAQ section of an article: an <h2> with the FAQ heading of the site's language, then one
// <h3> question after another, each followed by its answer. The FAQPage structured data is read
// from this HTML, so what the page says and what search engines are told are the same words.

export const FAQ_QUESTIONS = { min: 3, max: 6 } as const;

/** The FAQ heading per language; the model is told to use exactly this text. */
const FAQ_HEADINGS: Record<string, string> = {
  en: "Frequently asked questions",
  tr: "Sıkça sorulan sorular",
  de: "Häufig gestellte Fragen",
  fr: "Questions fréquentes",
  es: "Preguntas frecuentes",
  it: "Domande frequenti",
  pt: "Perguntas frequentes",
  nl: "Veelgestelde vragen",
};

/** Headings taken as an FAQ too, whatever the site's language (folded for comparison). */
const KNOWN_HEADINGS = new Set(
  [...Object.values(FAQ_HEADINGS), "FAQ", "FAQs", "SSS", "Sık sorulan sorular"].map((heading) => foldText(heading)),
);

/** The heading the FAQ section of an article in `language` carries. */
export function faqHeading(language: string): string {
  return FAQ_HEADINGS[primaryLanguage(language)] ?? "FAQ";
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FaqSection {
  heading: string;
  entries: FaqEntry[];
}

/**
 * The FAQ section of an article's HTML, or null when it has none: the first <h2> whose text is
 * an FAQ heading, and the <h3> questions under it up to the next <h2>, each with the text that
 * follows it as its answer (as a reader sees it: tags gone, entities decoded, spaces collapsed).
 */
export function faqOf(html: string): FaqSection | null {
  for (const part of html.split(/<h2\b[^>]*>/i).slice(1)) {
    const end = part.search(/<\/h2\s*>/i);
    if (end === -1) continue;
    const heading = htmlToText(part.slice(0, end));
    if (
      !KNOWN_HEADINGS.has(
        foldText(heading)
          .replace(/[?:.!]+$/u, "")
          .trim(),
      )
    )
      continue;
    const body = part.slice(end).replace(/^<\/h2\s*>/i, "");
    const entries = body
      .split(/<h3\b[^>]*>/i)
      .slice(1)
      .map((block) => {
        const close = block.search(/<\/h3\s*>/i);
        return close === -1
          ? null
          : { question: htmlToText(block.slice(0, close)), answer: htmlToText(block.slice(close).replace(/^<\/h3\s*>/i, "")) };
      })
      .filter((entry): entry is FaqEntry => entry !== null && entry.question !== "");
    return { heading, entries };
  }
  return null;
}

/** What is wrong with an article's FAQ section, one sentence per problem; `wanted` says whether the brief asks for one. */
export function faqProblems(html: string, language: string, wanted: boolean): string[] {
  const faq = faqOf(html);
  const heading = faqHeading(language);
  if (!faq)
    return wanted
      ? [
          `The article has no FAQ section; end it with <h2>${heading}</h2> and ${FAQ_QUESTIONS.min}–${FAQ_QUESTIONS.max} questions, each an <h3> followed by its answer in <p>`,
        ]
      : [];
  const problems: string[] = [];
  const count = faq.entries.length;
  if (count < FAQ_QUESTIONS.min || count > FAQ_QUESTIONS.max)
    problems.push(
      `The FAQ section has ${count} question${count === 1 ? "" : "s"}; it must have ${FAQ_QUESTIONS.min}–${FAQ_QUESTIONS.max}, each an <h3> followed by its answer`,
    );
  const unanswered = faq.entries.filter((entry) => entry.answer === "");
  if (unanswered.length > 0)
    problems.push(`The FAQ question "${unanswered[0]!.question}" has no answer; put the answer in a <p> after its <h3>`);
  const notQuestions = faq.entries.filter((entry) => !/[?？؟]$/u.test(entry.question));
  if (notQuestions.length > 0)
    problems.push(
      `The FAQ heading "${notQuestions[0]!.question}" is not a question; write each FAQ <h3> as a question ending in a question mark`,
    );
  return problems;
}
