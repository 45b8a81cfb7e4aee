import { MAX_COPIED_WORDS, MIN_CITATIONS } from "./quality/gate";
import type { ResearchDigest } from "./research-digest";

// What a writer is told about the pages that rank for its keyword: a new article and the
// improvement of an existing post are written against the same digest and held to the same
// copying rule. An article also cites its sources and lists its claims for the fact check; an
// improvement keeps the author's post and is not fact-checked, so it is only invited to cite.

/** Who the research is for: a new article (citations and claims checked) or an improvement of an existing post. */
export type ResearchPromptFor = "article" | "improvement";

/** The research part of a writing prompt: the digest of the top pages and the rules of using them. */
export function researchPrompt(research: ResearchDigest | null, writing: ResearchPromptFor): string {
  if (!research || research.sources.length === 0)
    return writing === "article"
      ? "Research: no top page of the keyword could be read. Write from what you know, make no claim you are unsure of, and fill `claims` with the factual statements you make, each with source null."
      : "Research: no top page of the post's keyword could be read. Improve the post from what it says and what you know, and make no claim you are unsure of.";
  const parts = [
    writing === "article"
      ? "Research: what the pages that rank for the keyword today cover. Cover what searchers expect, add what they miss, and say everything in your own words."
      : "Research: what the pages that rank for the post's keyword today cover. Keep what the post does well, add what searchers expect that it misses, and say everything in your own words.",
  ];
  if (research.sharedHeadings.length > 0)
    parts.push(
      [
        "Subtopics the top pages share (cover each, in your own headings):",
        ...research.sharedHeadings.map((heading) => `- ${heading}`),
      ].join("\n"),
    );
  if (research.questions.length > 0)
    parts.push(["Questions searchers ask (the FAQ draws on them):", ...research.questions.map((question) => `- ${question}`)].join("\n"));
  if (research.terms.length > 0)
    parts.push(
      `Terms most top pages use: ${research.terms.join(", ")}.\nWrite about what they name, in sentences of the body; only terms standing in a sentence count. Never list them (a comma-separated run of terms holds the article as keyword stuffing), never put them only in headings or alt text, and use each no more often than a good page on the topic would.`,
    );
  if (research.facts.length > 0)
    parts.push(
      `Facts two or more top pages state (names, named things, numbers with units): ${research.facts.join("; ")}.\n${
        writing === "article"
          ? "State those that belong in the article, each in a sentence, with its source's number in `claims`."
          : "Where the post should state one of them, state it in a sentence."
      }`,
    );
  parts.push(
    [
      "Numbered sources, with their key passages:",
      ...research.sources.map((source) =>
        [`[${source.id}] ${source.title} — ${source.url}`, ...source.passages.map((passage) => `    "${passage}"`)].join("\n"),
      ),
    ].join("\n"),
  );
  parts.push(citingRules(research, writing));
  return parts.join("\n\n");
}

function citingRules(research: ResearchDigest, writing: ResearchPromptFor): string {
  const copying = `- Never copy more than ${MAX_COPIED_WORDS} consecutive words from a source: paraphrase.`;
  if (writing === "improvement")
    return [
      "Using the sources:",
      "- Where the post uses what a source says, you may link the source with <a href> and its URL exactly as written, inside the sentence that uses it.",
      `${copying} This is checked; the post's own wording is not.`,
    ].join("\n");
  const citations = Math.min(MIN_CITATIONS, research.sources.length);
  return [
    "Citing (each rule is checked):",
    `- Link at least ${citations} different sources with <a href> and the source's URL exactly as written, inside the sentence that uses what the source says.`,
    copying,
    "- `claims`: every factual statement of the article (a number, a date, a name, a cause), as you wrote it, with the number of the source that supports it (null if none does). A fact checker reads each claim beside its source: state only what the source says.",
  ].join("\n");
}
