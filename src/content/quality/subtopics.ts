import type { Prose } from "./prose";
import type { Lexicon } from "./stemming";
import { headingStems, headingsMatch, sharedSubtopics, termsOf } from "./terms";

// Subtopic coverage is measured on sections (issue 41 §1): for each subtopic two or more top
// pages give a heading, what their sections under it talk about, and whether a section of the
// article talks about it too. A matching heading with filler under it earns little; prose that
// covers the subtopic earns most of it even under another heading.

/** The share of a subtopic a matching heading earns on its own; the rest is earned by the prose. */
export const HEADING_SHARE = 0.2;
/** The stems a subtopic is measured on. */
const SUBTOPIC_TERMS = 8;
/**
 * The share of a subtopic's stems a section's prose needs for full marks: real pages word a
 * subtopic their own way and cover about half of what the others' sections under it say.
 */
const FULL_PROSE = 0.5;
/** A subtopic is listed as uncovered under this share. */
const COVERED = 0.5;

export interface SourcePage {
  /** The page's text, one line per block. */
  text: string;
  headings: readonly string[];
}

interface SourceSection {
  stems: Set<string>;
  body: Set<string>;
}

export interface SubtopicCoverage {
  /** The mean over shared subtopics of the best section's share (0–1); null when the sources share none. */
  coverage: number | null;
  /** The shared subtopics (as one source words them) no section covers to half. */
  uncovered: string[];
}

/** The sections of a source: each heading line and the lines under it up to the next heading. */
function sectionsOf(page: SourcePage, language: string, lexicon: Lexicon): SourceSection[] {
  const headings = new Set(page.headings.map((heading) => heading.trim()));
  const sections: SourceSection[] = [];
  let current: { heading: string; lines: string[] } | null = null;
  const close = () => {
    if (current)
      sections.push({
        stems: headingStems(current.heading, language, lexicon),
        body: new Set(termsOf(current.lines.join("\n"), language, lexicon).map((term) => term.stem)),
      });
  };
  for (const line of page.text.split("\n")) {
    const trimmed = line.trim();
    if (headings.has(trimmed)) {
      close();
      current = { heading: trimmed, lines: [] };
    } else current?.lines.push(trimmed);
  }
  close();
  return sections;
}

/**
 * Each shared subtopic's stems: those of the sources' sections under a matching heading, ranked by
 * how many of those sections use them times how rare they are across all the sources' sections
 * (a term every section uses says nothing about this one).
 */
function subtopicStems(matching: SourceSection[], all: SourceSection[]): string[] {
  const inSubtopic = new Map<string, number>();
  for (const section of matching) for (const stem of section.body) inSubtopic.set(stem, (inSubtopic.get(stem) ?? 0) + 1);
  const everywhere = new Map<string, number>();
  for (const section of all) for (const stem of section.body) everywhere.set(stem, (everywhere.get(stem) ?? 0) + 1);
  return [...inSubtopic]
    .map(([stem, count]) => ({ stem, weight: count * Math.log(1 + all.length / everywhere.get(stem)!) }))
    .sort((a, b) => b.weight - a.weight || (a.stem < b.stem ? -1 : 1))
    .slice(0, SUBTOPIC_TERMS)
    .map((entry) => entry.stem);
}

/** How well the article's sections cover the subtopics the sources share. */
export function subtopicCoverage(article: Prose, sources: readonly SourcePage[], language: string, lexicon: Lexicon): SubtopicCoverage {
  const shared = sharedSubtopics(
    sources.map((source) => source.headings),
    language,
    lexicon,
  );
  if (shared.length === 0) return { coverage: null, uncovered: [] };
  const sourceSections = sources.flatMap((source) => sectionsOf(source, language, lexicon));
  // The prose before the first heading is a section without a heading.
  const sections = [
    { stems: new Set<string>(), sentences: article.intro },
    ...article.sections.map((section) => ({ stems: headingStems(section.heading, language, lexicon), sentences: section.sentences })),
  ].map((section) => ({
    stems: section.stems,
    prose: new Set(termsOf(section.sentences.join(" "), language, lexicon).map((term) => term.stem)),
  }));
  let total = 0;
  const uncovered: string[] = [];
  for (const subtopic of shared) {
    const stems = subtopicStems(
      sourceSections.filter((section) => headingsMatch(section.stems, subtopic.stems)),
      sourceSections,
    );
    let best = 0;
    for (const section of sections) {
      const heading = headingsMatch(section.stems, subtopic.stems) ? HEADING_SHARE : 0;
      const prose =
        stems.length === 0 ? 0 : Math.min(1, stems.filter((stem) => section.prose.has(stem)).length / stems.length / FULL_PROSE);
      best = Math.max(best, heading + (1 - HEADING_SHARE) * prose);
    }
    total += best;
    if (best < COVERED) uncovered.push(subtopic.heading);
  }
  return { coverage: total / shared.length, uncovered };
}
