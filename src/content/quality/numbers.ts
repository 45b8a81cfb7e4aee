import {
  DECIMAL_COMMA,
  DEGREE_SCALES,
  DEGREE_SIGNS,
  MONEY_MULTIPLIERS,
  type NumberUnit,
  SIGNS_AFTER,
  SIGNS_BEFORE,
  type UnitWord,
  wordsOf,
} from "./number-words";
import { termsOf } from "./terms";

export { NUMBER_UNITS, type NumberUnit } from "./number-words";

// The numbers a text states, each with its unit (issue 41 §5: numbers are checked by the service,
// not trusted to a model). A number is read as its language writes it ("7.000" is 7000 in Turkish
// and 7 in English; "3,5" is 3.5 in Turkish) and in one scale per unit, so "$7,000", "$7000",
// "7.000 $" and "seven thousand dollars" are one number. A range ("4–6 hours", "4 to 6", "4 ila 6")
// is its two ends in one unit. Numbers in words are read only before a unit ("twelve hours", "yüzde
// yirmi"): alone, "one" and "bir" are mostly articles. Not read: clock times, fractions with a slash,
// numbers inside names ("MP3", "COVID-19", "4K").

/** A number as a text states it: its value in its unit's scale (number-words.ts). */
export interface StatedNumber {
  value: number;
  unit: NumberUnit;
  /** What a count counts: the stem of the word after it ("3 eggs" → "egg"); null without one, and for other units. */
  of: string | null;
}

const FRACTIONS: Readonly<Record<string, number>> = { "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125 };
const GLYPHS = Object.keys(FRACTIONS).join("");
// Thousands go in groups of three after "," ("." where the decimal mark is a comma) or a no-break space.
const POINT_NUMBER = String.raw`\d{1,3}(?:[,\u00a0\u202f]\d{3})+(?:\.\d+)?(?!\d)|\d+(?:\.\d+)?`;
// "3.5" cannot be thousands where the decimal mark is a comma: read as the decimal many pages write.
const COMMA_NUMBER = String.raw`\d{1,3}(?:[.\u00a0\u202f]\d{3})+(?:,\d+)?(?!\d)|\d+,\d+|\d+\.\d+|\d+`;
const RANGE_MARKS = new Set(["-", "–", "—"]);
const MINUS = new Set(["-", "−"]);
const APOSTROPHES = new Set(["'", "’"]);
const ORDINAL_OR_DECADE = new Set(["s"]);
const YEARS = { from: 1500, to: 2100 };
const DEGREE: UnitWord = { unit: "degree", scale: 1 };
const MONEY = new Set<NumberUnit>(["usd", "eur", "gbp", "try"]);

interface Token {
  kind: "date" | "clock" | "number" | "word" | "mark";
  text: string;
  start: number;
  end: number;
}

/** What a number reads as before its unit decides what it states. */
interface Quantity {
  /** As written: signed, multiplied ("7 bin"), not yet in its unit's scale. */
  value: number;
  unit: UnitWord | null;
  /** Read from words: stated only with a unit. */
  spelled: boolean;
  /** Four digits, no separator, 1500–2100: a year when it has no unit. */
  yearLike: boolean;
  of: string | null;
  /** The index of the first token after it. */
  next: number;
}

/** Every number `text` states, in order, each end of a range as one. `language` is a primary tag (`en`, `tr`…). */
export function numbersOf(text: string, language: string): StatedNumber[] {
  const primary = language.toLowerCase().split(/[-_]/)[0] ?? "";
  const tokens = tokensOf(text, primary);
  const reader = quantityReader(tokens, primary);
  const found: StatedNumber[] = [];
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i]!;
    if (token.kind === "date") {
      const date = dateValue(token.text, primary);
      if (date !== null) found.push({ value: date, unit: "date", of: null });
      i++;
      continue;
    }
    const first = reader(i);
    if (first === null) {
      i++;
      continue;
    }
    if (first === "name") {
      i = skipName(tokens, i);
      continue;
    }
    const joiner = tokens[first.next];
    const second = joiner && (isRangeJoiner(joiner, primary) || joinsBetween(tokens, i, joiner, primary)) ? reader(first.next + 1) : null;
    if (second === null || second === "name") {
      pushStated(found, first);
      i = first.next;
      continue;
    }
    // A range is its two ends in one unit: "4–6 hours", "$4 to 6".
    const unit = first.unit ?? second.unit;
    const of = second.of;
    pushStated(found, { ...first, unit, of, spelled: first.spelled && unit === null });
    pushStated(found, { ...second, unit: second.unit ?? unit, of });
    i = second.next;
  }
  return found;
}

function pushStated(found: StatedNumber[], quantity: Quantity): void {
  const { unit } = quantity;
  // Twelve significant digits: "1.1 kg" and "1100 g" meet despite binary fractions.
  if (unit) found.push({ value: Number((quantity.value * unit.scale).toPrecision(12)), unit: unit.unit, of: null });
  else if (quantity.spelled) return;
  else if (quantity.yearLike) found.push({ value: quantity.value, unit: "year", of: null });
  else found.push({ value: Number(quantity.value.toPrecision(12)), unit: "count", of: quantity.of });
}

function isRangeJoiner(token: Token, language: string): boolean {
  if (token.kind === "mark") return RANGE_MARKS.has(token.text);
  return token.kind === "word" && wordsOf(language).rangeWords.has(token.text.toLocaleLowerCase(language));
}

// "between 24 and 27 °C": a range when the word before its first number says so.
const BETWEEN: Readonly<Record<string, readonly [between: string, and: string]>> = {
  en: ["between", "and"],
  de: ["zwischen", "und"],
  fr: ["entre", "et"],
  es: ["entre", "y"],
  pt: ["entre", "e"],
  it: ["tra", "e"],
  nl: ["tussen", "en"],
};

function joinsBetween(tokens: readonly Token[], first: number, joiner: Token, language: string): boolean {
  const words = BETWEEN[language];
  return (
    words !== undefined &&
    joiner.kind === "word" &&
    joiner.text.toLocaleLowerCase(language) === words[1] &&
    tokens[first - 1]?.kind === "word" &&
    tokens[first - 1]!.text.toLocaleLowerCase(language) === words[0]
  );
}

const tight = (a: Token | undefined, b: Token | undefined) => a !== undefined && b !== undefined && a.end === b.start;

/** Past a number that is part of a name, and the letters written onto it. */
function skipName(tokens: readonly Token[], i: number): number {
  let next = i + 1;
  while (next < tokens.length && tight(tokens[next - 1], tokens[next]) && tokens[next]!.kind !== "mark") next++;
  return next;
}

const patterns = new Map<string, RegExp>();

function tokensOf(text: string, language: string): Token[] {
  let pattern = patterns.get(language);
  if (!pattern) {
    const number = DECIMAL_COMMA.has(language) ? COMMA_NUMBER : POINT_NUMBER;
    pattern = new RegExp(
      [
        String.raw`(?<date>\d{4}-\d{1,2}-\d{1,2}|\d{1,2}(?<sep>[./])\d{1,2}\k<sep>\d{4})(?!\d)`,
        String.raw`(?<clock>\d{1,2}:\d{2})(?!\d)`,
        `(?<number>(?:${number})[${GLYPHS}]?|[${GLYPHS}])`,
        String.raw`(?<word>\p{L}+)`,
        String.raw`(?<mark>\S)`,
      ].join("|"),
      "gu",
    );
    patterns.set(language, pattern);
  }
  const tokens: Token[] = [];
  for (const match of text.matchAll(pattern)) {
    const groups = match.groups!;
    const kind = groups.date ? "date" : groups.clock ? "clock" : groups.number ? "number" : groups.word ? "word" : "mark";
    tokens.push({ kind, text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

function digitsValue(text: string, language: string): number {
  const glyph = FRACTIONS[text.at(-1)!];
  const digits = glyph === undefined ? text : text.slice(0, -1);
  if (digits === "") return glyph ?? 0;
  // Where the decimal mark is a comma, a point that cannot part thousands ("3.5") is a decimal point.
  const commaDecimal = DECIMAL_COMMA.has(language) && !/^\d+\.(?:\d{1,2}|\d{4,})$/.test(digits);
  const [thousands, decimal] = commaDecimal ? [/[.\u00a0\u202f]/g, ","] : [/[,\u00a0\u202f]/g, "."];
  return Number(digits.replace(thousands, "").replace(decimal, ".")) + (glyph ?? 0);
}

/** yyyymmdd of "2024-03-05", "05.03.2024", "05/03/2024" (English: "03/05/2024"), or null for no date. */
function dateValue(text: string, language: string): number | null {
  const parts = text.split(/[-./]/).map(Number);
  const [year, month, day] =
    text.indexOf("-") === 4
      ? parts
      : language === "en" && text.includes("/")
        ? [parts[2]!, parts[0]!, parts[1]!]
        : [parts[2]!, parts[1]!, parts[0]!];
  if (!year || !month || !day || month > 12 || day > 31) return null;
  return year * 10_000 + month * 100 + day;
}

/**
 * Reads the quantity starting at a token: its signs and words before the number, the number (in
 * digits or words), a multiplier and the unit after it, or what it counts. Null when no number
 * starts there; "name" for a number written into a name.
 */
function quantityReader(tokens: readonly Token[], language: string): (index: number) => Quantity | "name" | null {
  const words = wordsOf(language);
  const lower = (token: Token | undefined) => (token?.kind === "word" ? token.text.toLocaleLowerCase(language) : "");
  const startsNumber = (token: Token | undefined) =>
    token !== undefined &&
    (token.kind === "number" || words.numbers.has(lower(token)) || words.multipliers.has(lower(token)) || MINUS.has(token.text));

  /** The unit written from `k` on: a sign, the degree sign and its scale, or a phrase of up to three words. */
  const unitAt = (k: number): { unit: UnitWord; next: number } | null => {
    const token = tokens[k];
    if (!token) return null;
    if (DEGREE_SIGNS.has(token.text)) {
      const scale = tokens[k + 1]?.kind === "word" ? DEGREE_SCALES.get(tokens[k + 1]!.text) : undefined;
      return scale && tokens[k + 1]!.start - token.end <= 1 ? { unit: scale, next: k + 2 } : { unit: DEGREE, next: k + 1 };
    }
    const sign = SIGNS_AFTER.get(token.text);
    if (sign) return { unit: sign, next: k + 1 };
    if (token.kind !== "word") return null;
    // The phrase's words, joined by spaces or by hyphens written tight ("50-year-old").
    const phrase = [lower(token)];
    const ends = [k + 1];
    let at = k + 1;
    while (phrase.length < 3) {
      const hyphen = tokens[at]?.text === "-" && tight(tokens[at - 1], tokens[at]) && tight(tokens[at], tokens[at + 1]);
      const word = tokens[hyphen ? at + 1 : at];
      if (word?.kind !== "word") break;
      phrase.push(lower(word));
      at = (hyphen ? at + 1 : at) + 1;
      ends.push(at);
    }
    for (let length = phrase.length; length > 0; length--) {
      const unit = unitWord(phrase.slice(0, length));
      if (unit) return { unit, next: ends[length - 1]! };
    }
    return null;
  };

  /** The unit a phrase names, the last word with a Turkish ending allowed. */
  const unitWord = (phrase: string[]): UnitWord | null => {
    const exact = words.after.get(phrase.join(" "));
    if (exact || !words.endings) return exact ?? null;
    const last = phrase.at(-1)!;
    const before = phrase.slice(0, -1);
    for (let cut = last.length - 1; cut > 0; cut--) {
      const unit = words.after.get([...before, last.slice(0, cut)].join(" "));
      if (unit && words.endings.test(last.slice(cut))) return unit;
    }
    return null;
  };

  return (index) => {
    let k = index;
    let unit: UnitWord | null = null;
    const before = tokens[k]!;
    const prefix = SIGNS_BEFORE.get(before.text) ?? words.before.get(lower(before));
    if (prefix && startsNumber(tokens[k + 1])) {
      unit = prefix;
      k++;
    }
    let sign = 1;
    if (MINUS.has(tokens[k]!.text) && tokens[k + 1]?.kind === "number" && tight(tokens[k], tokens[k + 1])) {
      // A minus written onto a word or number is a hyphen: "COVID-19", a range "4-6" (read with its first end).
      if (tight(tokens[k - 1], tokens[k])) return tokens[k - 1]!.kind === "word" ? "name" : null;
      sign = -1;
      k++;
    }
    const start = tokens[k];
    if (!start) return null;
    let value: number;
    let spelled = false;
    let yearLike = false;
    if (start.kind === "number") {
      if (tokens[k - 1]?.kind === "word" && tight(tokens[k - 1], start)) return "name";
      value = sign * digitsValue(start.text, language);
      yearLike = sign === 1 && /^\d{4}$/.test(start.text) && value >= YEARS.from && value <= YEARS.to;
      k++;
    } else {
      const spelledNumber = readSpelled(tokens, k, lower, words);
      if (!spelledNumber) return null;
      ({ value } = spelledNumber);
      spelled = true;
      k = spelledNumber.next;
    }
    // Letters written onto the number: a multiplier of money ("$7k"), a decade ("1990s"), a unit ("24h",
    // "350F"), or a name ("4K", "3D", "1st").
    const onto = tokens[k];
    if (!spelled && onto?.kind === "word" && tight(tokens[k - 1], onto)) {
      const multiplier = MONEY_MULTIPLIERS.get(onto.text);
      const isMoney = (written: UnitWord | null | undefined) => written != null && MONEY.has(written.unit);
      if (multiplier && (isMoney(unit) || isMoney(unitAt(k + 1)?.unit))) {
        value *= multiplier;
        k++;
      } else if (yearLike && ORDINAL_OR_DECADE.has(onto.text)) k++;
      else {
        const written = SIGNS_AFTER.get(onto.text) ?? (/^[CF]$/.test(onto.text) ? DEGREE_SCALES.get(onto.text) : undefined);
        if (!written) return "name";
        if (!unit) unit = written;
        return { value, unit, spelled, yearLike: false, of: null, next: k + 1 };
      }
    }
    // A Turkish ending after an apostrophe ("2024'te", "%20'si") closes the number; a unit may
    // still follow a distributive one ("60'ar gram").
    if (APOSTROPHES.has(tokens[k]?.text ?? "") && tight(tokens[k - 1], tokens[k])) {
      const next = tight(tokens[k], tokens[k + 1]) ? k + 2 : k + 1;
      const after = unit ? null : unitAt(next);
      if (after) return { value, unit: after.unit, spelled, yearLike: false, of: null, next: after.next };
      return { value, unit, spelled, yearLike: yearLike && unit === null, of: null, next };
    }
    if (!spelled && words.multipliers.has(lower(tokens[k]))) {
      value *= words.multipliers.get(lower(tokens[k]))!;
      yearLike = false;
      k++;
    }
    // "4-hour", "50-year-old": a unit written on with a hyphen.
    const hyphened =
      tokens[k]?.text === "-" && tight(tokens[k - 1], tokens[k]) && tokens[k + 1]?.kind === "word" && tight(tokens[k], tokens[k + 1]);
    const after = unitAt(hyphened ? k + 1 : k);
    if (after && (!unit || after.unit.unit === unit.unit)) {
      return { value, unit: unit ?? after.unit, spelled, yearLike: false, of: null, next: after.next };
    }
    const counted = tokens[hyphened ? k + 1 : k];
    const of = !unit && counted?.kind === "word" ? (termsOf(counted.text, language)[0]?.stem ?? null) : null;
    return { value, unit, spelled, yearLike: yearLike && unit === null, of, next: k };
  };
}

/** A number written in words from `k`: "seven thousand", "twenty-five", "iki yüz elli", "on iki". */
function readSpelled(
  tokens: readonly Token[],
  k: number,
  lower: (token: Token | undefined) => string,
  words: ReturnType<typeof wordsOf>,
): { value: number; next: number } | null {
  let total = 0;
  let current = 0;
  let at = k;
  while (at < tokens.length) {
    const word = lower(tokens[at]);
    const small = words.numbers.get(word);
    const multiplier = words.multipliers.get(word);
    if (words.hundreds.has(word)) current = (current || 1) * 100;
    else if (small !== undefined) current += small;
    else if (multiplier !== undefined) {
      total += (current || 1) * multiplier;
      current = 0;
    } else if (!(at > k && words.joiners.has(word) && words.numbers.has(lower(tokens[at + 1])))) break;
    at++;
    // "twenty-five"
    if (tokens[at]?.text === "-" && tight(tokens[at - 1], tokens[at]) && words.numbers.has(lower(tokens[at + 1]))) at++;
  }
  return at === k ? null : { value: total + current, next: at };
}

/** Whether `stated` states `claimed`: an equal value of the same unit. A count states it whatever it counts, a year's digits state a count, and "degrees" state either scale. */
export function statesNumber(stated: StatedNumber, claimed: StatedNumber): boolean {
  if (stated.value !== claimed.value) return false;
  if (stated.unit === claimed.unit) return true;
  const plain = new Set<NumberUnit>(["count", "year"]);
  return (plain.has(stated.unit) && plain.has(claimed.unit)) || sameScale(stated.unit, claimed.unit);
}

/**
 * Whether `stated` gives another value of what `claimed` measures: the same unit (a count of the
 * same thing, so "6 eggs" rivals "12 eggs" and "3 cups" does not) and a different value.
 */
export function rivalsNumber(stated: StatedNumber, claimed: StatedNumber): boolean {
  if (stated.value === claimed.value) return false;
  if (claimed.unit === "count") return stated.unit === "count" && stated.of === claimed.of;
  return stated.unit === claimed.unit || sameScale(stated.unit, claimed.unit);
}

/** A temperature in unnamed degrees and one in either scale. */
function sameScale(a: NumberUnit, b: NumberUnit): boolean {
  const temperatures = new Set<NumberUnit>(["degree", "celsius", "fahrenheit"]);
  return (a === "degree" || b === "degree") && temperatures.has(a) && temperatures.has(b);
}
