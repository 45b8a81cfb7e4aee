// Sentences as a reader ends them (issue 41 §6). ICU's sentence rules (Intl.Segmenter) do most of
// the work: "3.5", "example.com is", "https://example.com/a.b", "e.g. flour", "19. yüzyılda" and
// "Wait... then" go on; a full stop, "?" or "!" before a capital or the end ends a sentence, and so
// does a line break. Where ICU ends one that a reader would not, the pieces are joined again: after
// a token-internal break (a URL's "?q="), an abbreviation of the language, an ordinal, or an
// initial. ICU never ends one at "…"; a reader does before a capital ("Wait… Then").
//
// Abbreviations that close a list ("etc.", "usw.", "vb.", Turkish "vs.") are left to ICU: they end
// a sentence before a capital ("flour, salt, etc. Then") and not before a lower-case word
// ("tuz vb. malzemeler").

interface Suppressions {
  /** Abbreviations after which a sentence goes on, as written and with a capital first letter. */
  abbreviations: ReadonlySet<string>;
  /** Abbreviations that go on only before a number: "No. 5", but "No." alone is an answer. */
  beforeNumber: ReadonlySet<string>;
  /** Whether a number of up to three digits with a dot is an ordinal before a word ("3. Oktober", "2. Dünya Savaşı"). */
  ordinals: boolean;
}

const SUPPRESSIONS: Record<string, Suppressions> = {
  en: suppressions("Dr. Mr. Mrs. Ms. Prof. St. e.g. i.e. U.S. vs. approx. Fig.", "No."),
  tr: suppressions("örn. bkz. Prof. Dr. Doç. Av. Yrd. Sn.", "", true),
  de: suppressions("z.B. bzw. Nr. ca. ggf. inkl. evtl. Dr. Prof.", "", true),
  fr: suppressions("M. Mme. Mlle. p.ex. Dr. Prof."),
  es: suppressions("Sr. Sra. Srta. Dr. Dra. Prof. p.ej. Ud. Uds. pág."),
};
const NO_SUPPRESSIONS = suppressions("");

const OPENING = /^[("'“‘„«¿¡[]+/u;
const INITIAL = /^\p{Lu}\.$/u;
const ORDINAL = /^\d{1,3}\.$/u;
// Split after "…" (and a closing quote or bracket) and spaces, before a capital.
const ELLIPSIS_BEFORE_CAPITAL = /(?<=…["'”’»)\]]*\s+)(?=["'“‘„«([]*\p{Lu})/u;

const segmenters = new Map<string, Intl.Segmenter>();

/** The sentences of plain text in `language` (a primary tag: `en`, `tr`…); a line break ends one too. */
export function sentencesOf(text: string, language: string): string[] {
  const rules = SUPPRESSIONS[language] ?? NO_SUPPRESSIONS;
  const sentences: string[] = [];
  let sentence = "";
  for (const { segment } of segmenterFor(language).segment(text)) {
    for (const piece of segment.split(ELLIPSIS_BEFORE_CAPITAL)) {
      if (sentence !== "" && !goesOn(sentence, piece, rules)) {
        sentences.push(sentence.trim());
        sentence = "";
      }
      sentence += piece;
    }
  }
  sentences.push(sentence.trim());
  return sentences.filter((found) => /\p{L}/u.test(found));
}

/** Whether the sentence ICU ended after `sentence` goes on into `next`. */
function goesOn(sentence: string, next: string, rules: Suppressions): boolean {
  if (/\n\s*$/u.test(sentence)) return false;
  if (!/\s$/u.test(sentence)) return true;
  const tokens = sentence.trim().split(/\s+/u);
  const last = bare(tokens[tokens.length - 1]!);
  if (rules.abbreviations.has(last)) return true;
  if (rules.beforeNumber.has(last)) return /^\s*\d/u.test(next);
  if (rules.ordinals && ORDINAL.test(last)) return /^\s*\p{L}/u.test(next);
  if (!INITIAL.test(last)) return false;
  // An initial, unless it follows a lower-case word: "J. R. R. Tolkien", "John F. Kennedy" and
  // "by J. R. R. Tolkien" go on; "Take vitamin C. It helps." ends. "He met J. Doe." ends too.
  const before = tokens.length > 1 ? bare(tokens[tokens.length - 2]!) : "";
  return before === "" || /^\p{Lu}/u.test(before) || INITIAL.test(bare(next.trim().split(/\s+/u)[0] ?? ""));
}

const bare = (token: string) => token.replace(OPENING, "");

function suppressions(abbreviations: string, beforeNumber = "", ordinals = false): Suppressions {
  const withCapital = (list: string) =>
    new Set(
      list
        .split(" ")
        .filter(Boolean)
        .flatMap((abbreviation) => [abbreviation, abbreviation[0]!.toUpperCase() + abbreviation.slice(1)]),
    );
  return { abbreviations: withCapital(abbreviations), beforeNumber: withCapital(beforeNumber), ordinals };
}

// One segmenter per language, made when first asked for; a tag ICU refuses gets the root rules.
function segmenterFor(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(isLocale(language) ? language : "und", { granularity: "sentence" });
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

function isLocale(language: string): boolean {
  try {
    return Intl.getCanonicalLocales(language).length > 0;
  } catch {
    return false;
  }
}
