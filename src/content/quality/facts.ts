import { NUMBER_UNITS, type NumberUnit, numbersOf, type StatedNumber } from "./numbers";
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

/** How the texts compared together are read: their language, their words, and the stems of the terms the score weighs. */
export interface FactReading {
  language: string;
  lexicon: Lexicon;
  weighed: ReadonlySet<string>;
}

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

/**
 * What a fact is compared by: two stems (a phrase, or a name of two words, which states the same
 * thing whatever its case) as one number made of their ids; a longer name as its stems.
 */
type FactId = number | string;
const STEM_IDS = 1 << 20;

const stemIdTables = new WeakMap<FactReading, Map<string, number>>();

/** The ids of the stems of the texts read together: one table per reading. */
function stemIds(reading: FactReading): Map<string, number> {
  let ids = stemIdTables.get(reading);
  if (!ids) {
    ids = new Map();
    stemIdTables.set(reading, ids);
  }
  return ids;
}

function phraseId(ids: Map<string, number>, first: string, second: string): number {
  return idOf(ids, first) * STEM_IDS + idOf(ids, second);
}

function idOf(ids: Map<string, number>, stem: string): number {
  const known = ids.get(stem);
  if (known !== undefined) return known;
  ids.set(stem, ids.size);
  return ids.size - 1;
}

const DIGIT = /\p{N}/u;
// A digit that does not continue a word ("MP3", "word1a" are names, not numbers).
const ANY_DIGIT = /(?<![\p{L}\p{N}])\d/u;
const SENTENCE_END = /(?<=[.!?…])\s+/u;
// A capitalised word of two letters or more: a lone capital is an initial or a unit ("°C").
const CAPITALISED = /^\p{Lu}[\p{L}\p{N}-]+(?:['’]\p{L}+)?$/u;
const TOKEN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/**
 * The facts a text states, each once with how often: names (runs of capitalised words not opening
 * a sentence, and acronyms), two-word phrases of weighed terms, and numbers with their units (numbers.ts).
 */
export function factsOf(sentences: readonly string[], reading: FactReading): Map<FactId, FactMention & { count: number }> {
  const { language, lexicon, weighed } = reading;
  const facts: Facts = new Map();
  const read = termReader(language, lexicon);
  const ids = stemIds(reading);
  const stems: (string | null)[] = [];
  for (const sentence of sentences) {
    const tokens = sentence.match(TOKEN) ?? [];
    stems.length = 0;
    for (const token of tokens) stems.push(DIGIT.test(token) ? null : (read(token)?.stem ?? null));
    // Names: capitalised runs. A run opening the sentence is read with and without its first word
    // ("King Arthur Baking sells…", "Ask King Arthur Baking"): only a reading two sources share counts.
    let start = -1;
    for (let i = 0; i <= tokens.length; i++) {
      const capitalised = i < tokens.length && CAPITALISED.test(tokens[i]!);
      if (capitalised && start < 0) start = i;
      if (!capitalised && start >= 0) {
        if (start > 0) noteName(facts, ids, tokens, stems, start, i);
        else if (i > 1) {
          noteName(facts, ids, tokens, stems, 0, i);
          noteName(facts, ids, tokens, stems, 1, i);
        }
        start = -1;
      }
    }
    // Phrases: two adjacent words that are both weighed terms ("citric acid", "limon tuzu").
    for (let i = 0; i + 1 < tokens.length; i++) {
      const first = stems[i];
      const second = stems[i + 1];
      if (!first || !second || first === second || !weighed.has(first) || !weighed.has(second)) continue;
      const id = phraseId(ids, first, second);
      const known = facts.get(id);
      if (known) known.count += 1;
      else
        facts.set(id, {
          kind: "phrase",
          key: `${first} ${second}`,
          text: `${tokens[i]} ${tokens[i + 1]}`.toLocaleLowerCase(language),
          count: 1,
        });
    }
  }
  // Facts are numbers in digits: a sentence without one is not read for numbers (numbersOf reads words too, at a cost).
  noteNumbers(facts, sentences.filter((sentence) => ANY_DIGIT.test(sentence)).join("\n"), language);
  return facts;
}

/** Units a number must have to be a fact: a plain count ("3 jars", "step 2") says too little alone. */
const FACT_UNITS = new Set<NumberUnit>(NUMBER_UNITS.filter((unit) => unit !== "count"));

/** The numbers with units of a text, as facts compared by value and unit ("7.000 $" states "$7,000"). */
function noteNumbers(facts: Facts, text: string, language: string): void {
  for (const number of numbersOf(text, language)) {
    if (!FACT_UNITS.has(number.unit)) continue;
    const id = `number:${number.unit}:${number.value}`;
    const known = facts.get(id);
    if (known) known.count += 1;
    else facts.set(id, { kind: "number", key: `${number.value} ${number.unit}`, text: numberText(number), count: 1 });
  }
}

const UNIT_TEXT: Partial<Record<NumberUnit, (value: string) => string>> = {
  percent: (value) => `${value} %`,
  usd: (value) => `$${value}`,
  eur: (value) => `${value} €`,
  gbp: (value) => `£${value}`,
  try: (value) => `${value} TL`,
  celsius: (value) => `${value} °C`,
  fahrenheit: (value) => `${value} °F`,
  degree: (value) => `${value}°`,
  mass: (value) => `${value} g`,
  volume: (value) => `${value} ml`,
  length: (value) => `${value} m`,
  ounce: (value) => `${value} oz`,
  pound: (value) => `${value} lb`,
  cup: (value) => `${value} cups`,
  tablespoon: (value) => `${value} tbsp`,
  teaspoon: (value) => `${value} tsp`,
  inch: (value) => `${value} in`,
  foot: (value) => `${value} ft`,
  age: (value) => `age ${value}`,
};

// Seconds in a year, a month (a twelfth of the year, as numbers.ts reads it), a week, a day, an hour, a minute.
const DURATIONS = [
  [31_557_600, "y"],
  [2_629_800, "mo"],
  [604_800, "wk"],
  [86_400, "d"],
  [3_600, "h"],
  [60, "min"],
] as const;

/** A number as the missing facts list it: durations in the largest whole unit, the rest in the unit's base. */
function numberText({ value, unit }: StatedNumber): string {
  if (unit === "duration") {
    const [size, name] = DURATIONS.find(([seconds]) => value % seconds === 0) ?? [1, "s"];
    return `${value / size} ${name}`;
  }
  return UNIT_TEXT[unit]?.(String(value)) ?? String(value);
}

type Facts = Map<FactId, FactMention & { count: number }>;

/** A name from tokens[start] to tokens[end - 1], without a stop word opening it ("The Royal Society"). */
function noteName(facts: Facts, ids: Map<string, number>, tokens: string[], stems: (string | null)[], start: number, end: number): void {
  let from = start;
  while (from < end && stems[from] === null) from++;
  const run = stems.slice(from, end).filter((stem): stem is string => stem !== null);
  if (run.length === 0) return;
  const key = run.join(" ");
  const id = run.length === 2 ? phraseId(ids, run[0]!, run[1]!) : `name:${key}`;
  const known = facts.get(id);
  if (known) known.count += 1;
  else
    facts.set(id, {
      kind: "name",
      key,
      text: tokens
        .slice(from, end)
        .join(" ")
        .replace(/['’].*$/u, ""),
      count: 1,
    });
}

export interface SharedFact {
  id: FactId;
  kind: FactKind;
  key: string;
  text: string;
  /** The sources stating it. */
  sources: number;
  mentions: number;
}

/** The facts MIN_SOURCES or more of the sources state, with how many do, the most widely stated first. */
export function sharedFacts(sources: readonly ReadonlyMap<FactId, FactMention & { count: number }>[]): SharedFact[] {
  const facts = new Map<FactId, SharedFact>();
  for (const mentions of sources) {
    for (const [id, mention] of mentions) {
      const fact = facts.get(id);
      if (fact) {
        fact.sources += 1;
        fact.mentions += mention.count;
      } else facts.set(id, { id, kind: mention.kind, key: mention.key, text: mention.text, sources: 1, mentions: mention.count });
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
  reading: FactReading,
): Map<FactId, FactMention & { count: number }> {
  const headings = new Set(source.headings.map((heading) => heading.trim()));
  const lines = source.text.split("\n").filter((line) => !headings.has(line.trim()));
  // A name is told from a sentence's first word by where sentences start: a full stop, "?" or "!"
  // before a space is close enough here, and far cheaper than ICU over pages of thousands of words.
  return factsOf(
    lines.flatMap((line) => line.split(SENTENCE_END)),
    reading,
  );
}

/** The share of the sources' shared facts the article's prose states. */
export function factCoverage(
  articleSentences: readonly string[],
  sources: readonly { text: string; headings: readonly string[] }[],
  reading: FactReading,
): FactCoverage {
  const shared = sharedFacts(sources.map((source) => sourceFacts(source, reading)));
  if (shared.length === 0) return { covered: 0, total: 0, missing: [], share: null };
  // A two-word name and the phrase of the same words are one fact: a name written in lower case still states it.
  const stated = new Set(factsOf(articleSentences, reading).keys());
  const has = (fact: SharedFact) => stated.has(fact.id);
  const covered = shared.filter(has);
  const weight = (facts: typeof shared) => facts.reduce((sum, fact) => sum + fact.sources, 0);
  return {
    covered: covered.length,
    total: shared.length,
    missing: shared.filter((fact) => !has(fact)).map((fact) => fact.text),
    share: weight(covered) / weight(shared),
  };
}
