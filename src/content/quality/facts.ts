import { sentencesOf } from "./sentences";
import type { Lexicon } from "./stemming";
import { termReader } from "./terms";

// What the top pages state beyond their words (issue 41 §2): the names (people, places, brands,
// methods written with capitals), the two-word names of things ("float test", "limon tuzu") and
// the numbers with their units that two or more of them state. An article covers a fact when its
// prose states it; a page of headings, a term list and filler states none.

/** A fact counts when this many sources state it. */
const MIN_SOURCES = 2;
/** The facts measured, at most, by kind. */
const MAX_FACTS = { number: 8, name: 6, phrase: 8 } as const;

export type FactKind = keyof typeof MAX_FACTS;

/** A statement of a fact in one text: what it is compared by, and how it was written. */
export interface FactMention {
  kind: FactKind;
  key: string;
  text: string;
}

export interface FactCoverage {
  /** Facts the article's prose states. */
  covered: number;
  total: number;
  /** The facts it does not state, as a source writes them, the most widely stated first. */
  missing: string[];
  /** Covered facts' weight over all facts' weight (each weighs the number of sources stating it); null without any. */
  share: number | null;
}

const CAPITALISED = /^\p{Lu}[\p{L}\p{N}'’-]*$/u;
const TOKEN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/**
 * The facts a text states, each once with how often: names (runs of capitalised words not opening
 * a sentence, and acronyms), two-word phrases of terms, and numbers with their units (numbers.ts).
 */
export function factsOf(sentences: readonly string[], language: string, lexicon: Lexicon): Map<string, FactMention & { count: number }> {
  const facts = new Map<string, FactMention & { count: number }>();
  const read = termReader(language, lexicon);
  const note = (kind: FactKind, key: string, text: () => string) => {
    const id = `${kind}:${key}`;
    const known = facts.get(id);
    if (known) known.count += 1;
    else facts.set(id, { kind, key, text: text(), count: 1 });
  };
  for (const sentence of sentences) {
    const tokens = sentence.match(TOKEN) ?? [];
    const stems = tokens.map((token) => (/\p{N}/u.test(token) ? null : (read(token)?.stem ?? null)));
    // Names: capitalised runs. A run opening the sentence is read with and without its first word
    // ("King Arthur Baking sells…", "Ask King Arthur Baking"): only a reading two sources share counts.
    const nameAt = (start: number, end: number) => {
      let from = start;
      // A stop word opening the run ("The Royal Society") is not part of the name.
      while (from < end && stems[from] === null) from++;
      const run = stems.slice(from, end).filter((stem): stem is string => stem !== null);
      if (run.length > 0)
        note("name", run.join(" "), () =>
          tokens
            .slice(from, end)
            .join(" ")
            .replace(/['’].*$/u, ""),
        );
    };
    let start = -1;
    for (let i = 0; i <= tokens.length; i++) {
      const capitalised = i < tokens.length && CAPITALISED.test(tokens[i]!);
      if (capitalised && start < 0) start = i;
      if (!capitalised && start >= 0) {
        if (start > 0) nameAt(start, i);
        else if (i > 1) {
          nameAt(0, i);
          nameAt(1, i);
        }
        start = -1;
      }
    }
    // Phrases: two adjacent words that are both terms.
    for (let i = 0; i + 1 < tokens.length; i++) {
      const first = stems[i];
      const second = stems[i + 1];
      if (first && second && first !== second)
        note("phrase", `${first} ${second}`, () => `${tokens[i]} ${tokens[i + 1]}`.toLocaleLowerCase(language));
    }
  }
  return facts;
}

/** The facts MIN_SOURCES or more of the sources state, with how many do, the most widely stated first. */
export function sharedFacts(
  sources: readonly ReadonlyMap<string, FactMention & { count: number }>[],
): { kind: FactKind; key: string; text: string; sources: number; mentions: number }[] {
  const facts = new Map<string, { kind: FactKind; key: string; text: string; sources: number; mentions: number }>();
  for (const mentions of sources) {
    for (const [id, mention] of mentions) {
      const fact = facts.get(id);
      if (fact) {
        fact.sources += 1;
        fact.mentions += mention.count;
      } else facts.set(id, { kind: mention.kind, key: mention.key, text: mention.text, sources: 1, mentions: mention.count });
    }
  }
  const ranked = [...facts.values()]
    .filter((fact) => fact.sources >= MIN_SOURCES)
    .sort((a, b) => b.sources - a.sources || b.mentions - a.mentions || (a.key < b.key ? -1 : 1));
  // A phrase inside a shared name ("Royal Society" holds "royal society") is the name.
  const names = ranked.filter((fact) => fact.kind === "name").map((fact) => fact.key);
  return (Object.keys(MAX_FACTS) as FactKind[]).flatMap((kind) =>
    ranked
      .filter((fact) => fact.kind === kind && !(kind === "phrase" && names.some((name) => ` ${name} `.includes(` ${fact.key} `))))
      .slice(0, MAX_FACTS[kind]),
  );
}

/** The facts a source states outside its headings. */
export function sourceFacts(
  source: { text: string; headings: readonly string[] },
  language: string,
  lexicon: Lexicon,
): Map<string, FactMention & { count: number }> {
  const headings = new Set(source.headings.map((heading) => heading.trim()));
  const lines = source.text.split("\n").filter((line) => !headings.has(line.trim()));
  return factsOf(
    lines.flatMap((line) => sentencesOf(line, language)),
    language,
    lexicon,
  );
}

/** The share of the sources' shared facts the article's prose states. */
export function factCoverage(
  articleSentences: readonly string[],
  sources: readonly { text: string; headings: readonly string[] }[],
  language: string,
  lexicon: Lexicon,
): FactCoverage {
  const shared = sharedFacts(sources.map((source) => sourceFacts(source, language, lexicon)));
  if (shared.length === 0) return { covered: 0, total: 0, missing: [], share: null };
  const stated = new Set(factsOf(articleSentences, language, lexicon).keys());
  // A name the article writes in lower case, or a phrase it writes as part of a name, still states it.
  const statedKeys = new Set([...stated].map((id) => id.slice(id.indexOf(":") + 1)));
  const has = (fact: { kind: FactKind; key: string }) =>
    stated.has(`${fact.kind}:${fact.key}`) || (fact.kind !== "number" && statedKeys.has(fact.key));
  const covered = shared.filter(has);
  const weight = (facts: typeof shared) => facts.reduce((sum, fact) => sum + fact.sources, 0);
  return {
    covered: covered.length,
    total: shared.length,
    missing: shared.filter((fact) => !has(fact)).map((fact) => fact.text),
    share: weight(covered) / weight(shared),
  };
}
