import type { StoredSource } from "../db/schema";
import { sharedFacts, sourceFacts } from "./quality/facts";
import { headingCoverage, lexiconOf, TOP_TERMS, termsOf, weightedTerms } from "./quality/terms";

// What the writer is told about the top pages: the subtopics they share, what searchers ask, the
// numbered sources with their key passages, and the terms most of them use (issue 29 §2).

/** All the terms the score weighs: the writer is told what it is measured against. */
const DIGEST_TERMS = TOP_TERMS;
const PASSAGES_PER_SOURCE = 3;
const PASSAGE_CHARS = 600;

export interface DigestSource {
  /** The number the article cites it by. */
  id: string;
  url: string;
  title: string;
  /** The source's paragraphs that say most about the topic, in the source's order. */
  passages: string[];
}

export interface ResearchDigest {
  /** Subtopics two or more top pages give a heading: what searchers expect covered. */
  sharedHeadings: string[];
  /** "People also ask", for the FAQ. */
  questions: string[];
  sources: DigestSource[];
  /** The terms the top pages use most (TF-IDF over them), weightiest first. */
  terms: string[];
  /** The names, named things and numbers with units two or more top pages state, the most widely stated first. */
  facts: string[];
}

export function researchDigest(research: { questions: string[]; sources: StoredSource[] }, language: string): ResearchDigest {
  const texts = research.sources.map((source) => source.text);
  const lexicon = lexiconOf(texts, language);
  const top = weightedTerms(texts, language, lexicon);
  const terms = top.map((term) => term.word).slice(0, DIGEST_TERMS);
  const reading = { language, lexicon, weighed: new Set(top.map((term) => term.stem)) };
  const pages = research.sources.map((source) => ({ text: source.text, headings: source.headings.map((heading) => heading.text) }));
  const facts = sharedFacts(pages.map((page) => sourceFacts(page, reading))).map((fact) => fact.text);
  const sharedHeadings = headingCoverage(
    [],
    research.sources.map((source) => source.headings.map((heading) => heading.text)),
    language,
  ).uncovered;
  return {
    sharedHeadings,
    questions: research.questions,
    sources: research.sources.map((source) => ({
      id: source.id,
      url: source.url,
      title: source.title,
      passages: keyPassages(source, terms, language),
    })),
    terms,
    facts,
  };
}

/** The paragraphs (not headings) of a source richest in the shared terms, up to PASSAGES_PER_SOURCE, in their order. */
export function keyPassages(source: Pick<StoredSource, "text" | "headings">, terms: readonly string[], language: string): string[] {
  const headings = new Set(source.headings.map((heading) => heading.text.trim()));
  const wanted = new Set(termsOf(terms.join(" "), language).map((term) => term.stem));
  // A paragraph a page repeats (a teaser, a call to action) is one passage.
  const paragraphs = [
    ...new Set(
      source.text
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line.length > 0 && !headings.has(line)),
    ),
  ];
  const ranked = paragraphs
    .map((text, index) => ({ text, index, weight: termsOf(text, language).filter((term) => wanted.has(term.stem)).length }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .slice(0, PASSAGES_PER_SOURCE)
    .sort((a, b) => a.index - b.index);
  return ranked.map((passage) => cut(passage.text));
}

function cut(text: string): string {
  if (text.length <= PASSAGE_CHARS) return text;
  const space = text.lastIndexOf(" ", PASSAGE_CHARS);
  return `${text.slice(0, space > PASSAGE_CHARS / 2 ? space : PASSAGE_CHARS)}…`;
}
