// The words and signs that give a number its unit, by language, for numbers.ts. Each unit is read in
// one scale per kind (a duration in seconds, a mass in grams, a volume in millilitres, a length in
// metres), so "24 hours" and "1 day" are one duration. Imperial masses, cups and spoons have no
// exact metric size in a recipe and keep units of their own.

export const NUMBER_UNITS = [
  /** A plain number: what it counts is the word after it (StatedNumber.of). */
  "count",
  "percent",
  /** A calendar year: a whole number 1500–2100 without a unit. */
  "year",
  /** A calendar date, as yyyymmdd. */
  "date",
  "usd",
  "eur",
  "gbp",
  "try",
  /** Seconds. */
  "duration",
  "age",
  "celsius",
  "fahrenheit",
  /** Degrees of an unnamed scale ("350 degrees", "180 derece"): either scale's value states it. */
  "degree",
  /** Grams. */
  "mass",
  "ounce",
  "pound",
  /** Millilitres. */
  "volume",
  "cup",
  "tablespoon",
  "teaspoon",
  /** Metres. */
  "length",
  "inch",
  "foot",
] as const;
export type NumberUnit = (typeof NUMBER_UNITS)[number];

/** A unit as a word or sign gives it: one of it is `scale` of the unit's base. */
export interface UnitWord {
  unit: NumberUnit;
  scale: number;
}

const unit = (name: NumberUnit, scale = 1): UnitWord => ({ unit: name, scale });
const each = (words: string, value: UnitWord) => words.split(" ").map((word): [string, UnitWord] => [word.replaceAll("_", " "), value]);

const SECOND = unit("duration");
const MINUTE = unit("duration", 60);
const HOUR = unit("duration", 3600);
const DAY = unit("duration", 86_400);
const WEEK = unit("duration", 604_800);
const YEAR = unit("duration", 31_557_600);
const MONTH = unit("duration", 31_557_600 / 12);
const PERCENT = unit("percent");
const DEGREE = unit("degree");

/** Signs and abbreviations after a number, as written (case counts: "5G" is no mass), in every language. */
export const SIGNS_AFTER: ReadonlyMap<string, UnitWord> = new Map([
  ...each("%", PERCENT),
  ...each("$ USD", unit("usd")),
  ...each("€ EUR", unit("eur")),
  ...each("£ GBP", unit("gbp")),
  ...each("₺ TL TRY YTL", unit("try")),
  ...each("℃", unit("celsius")),
  ...each("℉", unit("fahrenheit")),
  ...each("s sec secs sn", SECOND),
  ...each("min mins dk", MINUTE),
  ...each("h hr hrs", HOUR),
  ...each("g gr", unit("mass")),
  ...each("kg", unit("mass", 1000)),
  ...each("mg", unit("mass", 0.001)),
  ...each("oz", unit("ounce")),
  ...each("lb lbs", unit("pound")),
  ...each("ml mL", unit("volume")),
  ...each("cl", unit("volume", 10)),
  ...each("dl", unit("volume", 100)),
  ...each("l L lt", unit("volume", 1000)),
  ...each("tbsp Tbsp", unit("tablespoon")),
  ...each("tsp", unit("teaspoon")),
  ...each("mm", unit("length", 0.001)),
  ...each("cm", unit("length", 0.01)),
  ...each("m", unit("length")),
  ...each("km", unit("length", 1000)),
]);

/** Signs and abbreviations before a number ("$7,000", "%20" as Turkish writes it). */
export const SIGNS_BEFORE: ReadonlyMap<string, UnitWord> = new Map([
  ...each("$ USD", unit("usd")),
  ...each("€ EUR", unit("eur")),
  ...each("£ GBP", unit("gbp")),
  ...each("₺ TL", unit("try")),
  ...each("%", PERCENT),
]);

/** After the degree sign: the scale's letter. */
export const DEGREE_SCALES: ReadonlyMap<string, UnitWord> = new Map([...each("C c", unit("celsius")), ...each("F f", unit("fahrenheit"))]);
export const DEGREE_SIGNS = new Set(["°", "º"]);

/** Written right after a number with a currency, a multiplier: "$7k", "€1.5m". */
export const MONEY_MULTIPLIERS: ReadonlyMap<string, number> = new Map([
  ["k", 1e3],
  ["K", 1e3],
  ["m", 1e6],
  ["M", 1e6],
  ["mn", 1e6],
  ["bn", 1e9],
]);

interface LanguageWords {
  /** Unit words after a number, lower case; a phrase's words are joined by one space ("years old"). */
  after: ReadonlyMap<string, UnitWord>;
  /** Unit words before a number ("yüzde 20", "aged 50"). */
  before: ReadonlyMap<string, UnitWord>;
  /** Words that multiply the number before them ("7 thousand", "7 bin"). */
  multipliers: ReadonlyMap<string, number>;
  /** Number words: units and tens add, `hundreds` multiply what came before, `multipliers` close a group. */
  numbers: ReadonlyMap<string, number>;
  hundreds: ReadonlySet<string>;
  /** Words joining two numbers into a range ("4 to 6"). */
  rangeWords: ReadonlySet<string>;
  /** Words joining number words ("two hundred and fifty"). */
  joiners: ReadonlySet<string>;
  /** Turkish writes case endings onto the unit ("24 saatte", "3 günlük"): the endings a unit word may carry. */
  endings: RegExp | null;
}

const words = (entries: readonly (readonly [string, UnitWord])[][]): ReadonlyMap<string, UnitWord> => new Map(entries.flat());
const numberWords = (list: string, tens: string, hundred: string) =>
  new Map([
    ...list.split(" ").map((word, index): [string, number] => [word, index]),
    ...tens.split(" ").map((word, index): [string, number] => [word, (index + 2) * 10]),
    [hundred, 100],
  ]);

const EN: LanguageWords = {
  after: words([
    each("percent per_cent pct", PERCENT),
    each("dollar dollars", unit("usd")),
    each("euro euros", unit("eur")),
    each("pounds_sterling sterling", unit("gbp")),
    each("lira liras", unit("try")),
    each("second seconds", SECOND),
    each("minute minutes", MINUTE),
    each("hour hours", HOUR),
    each("day days", DAY),
    each("week weeks wk wks", WEEK),
    each("month months", MONTH),
    each("year years yr yrs", YEAR),
    each("year_old years_old", unit("age")),
    each("degree degrees", DEGREE),
    each("degrees_celsius degrees_c degree_celsius celsius", unit("celsius")),
    each("degrees_fahrenheit degrees_f degree_fahrenheit fahrenheit", unit("fahrenheit")),
    each("gram grams gramme grammes", unit("mass")),
    each("kilogram kilograms kilo kilos", unit("mass", 1000)),
    each("milligram milligrams", unit("mass", 0.001)),
    each("ounce ounces", unit("ounce")),
    each("pound pounds", unit("pound")),
    each("millilitre millilitres milliliter milliliters", unit("volume")),
    each("litre litres liter liters", unit("volume", 1000)),
    each("cup cups", unit("cup")),
    each("tablespoon tablespoons", unit("tablespoon")),
    each("teaspoon teaspoons", unit("teaspoon")),
    each("millimetre millimetres millimeter millimeters", unit("length", 0.001)),
    each("centimetre centimetres centimeter centimeters", unit("length", 0.01)),
    each("metre metres meter meters", unit("length")),
    each("kilometre kilometres kilometer kilometers", unit("length", 1000)),
    each("inch inches", unit("inch")),
    each("foot feet", unit("foot")),
  ]),
  before: words([each("age aged", unit("age"))]),
  multipliers: new Map([
    ["thousand", 1e3],
    ["million", 1e6],
    ["billion", 1e9],
  ]),
  numbers: numberWords(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen",
    "twenty thirty forty fifty sixty seventy eighty ninety",
    "hundred",
  ),
  hundreds: new Set(["hundred"]),
  rangeWords: new Set(["to"]),
  joiners: new Set(["and"]),
  endings: null,
};

const TR: LanguageWords = {
  after: words([
    each("lira", unit("try")),
    each("dolar", unit("usd")),
    each("euro avro", unit("eur")),
    each("sterlin", unit("gbp")),
    each("saniye", SECOND),
    each("dakika", MINUTE),
    each("saat", HOUR),
    each("gün", DAY),
    each("hafta", WEEK),
    each("ay", MONTH),
    each("yıl sene", YEAR),
    each("yaş", unit("age")),
    each("derece", DEGREE),
    each("derece_santigrat santigrat derece_c", unit("celsius")),
    each("derece_fahrenhayt fahrenhayt derece_f", unit("fahrenheit")),
    each("gram", unit("mass")),
    each("kilogram kilo", unit("mass", 1000)),
    each("miligram", unit("mass", 0.001)),
    each("mililitre", unit("volume")),
    each("litre", unit("volume", 1000)),
    each("su_bardağı bardak", unit("cup")),
    each("yemek_kaşığı", unit("tablespoon")),
    each("çay_kaşığı", unit("teaspoon")),
    each("milimetre", unit("length", 0.001)),
    each("santimetre", unit("length", 0.01)),
    each("metre", unit("length")),
    each("kilometre", unit("length", 1000)),
  ]),
  before: words([each("yüzde", PERCENT)]),
  multipliers: new Map([
    ["bin", 1e3],
    ["milyon", 1e6],
    ["milyar", 1e9],
  ]),
  numbers: numberWords("sıfır bir iki üç dört beş altı yedi sekiz dokuz on", "yirmi otuz kırk elli altmış yetmiş seksen doksan", "yüz"),
  hundreds: new Set(["yüz"]),
  rangeWords: new Set(["ila", "ile"]),
  joiners: new Set(),
  // Possessive, case and "-lik" endings in their vowel-harmony forms: "saatte", "günlük", "yaşından",
  // "liralık", "derecede", "yaşındaki"; "yıldız" (star) or "ayran" read no unit.
  endings:
    /^(?:l[ıiuü]k|l[ıiuü]ğ[ıiuü])?(?:(?:[sy]?[ıiuü])?(?:n?[dt][ae]n?|n[ıiuü]n|n[ae]|n[ıiuü])?|y?[ae]|[dt][ıiuü]r|y?l[ae]|l[ae]r)?(?:ki)?$/u,
};

/** The other languages: their percent, degree and time words and the euro; numbers in words are read in English and Turkish only. */
const other = (entries: readonly (readonly [string, UnitWord])[][], rangeWords: string): LanguageWords => ({
  after: words([...entries, each("euro euros", unit("eur"))]),
  before: new Map(),
  multipliers: new Map(),
  numbers: new Map(),
  hundreds: new Set(),
  rangeWords: new Set(rangeWords.split(" ")),
  joiners: new Set(),
  endings: null,
});

const LANGUAGE_WORDS: Record<string, LanguageWords> = {
  en: EN,
  tr: TR,
  de: other(
    [
      each("prozent", PERCENT),
      each("grad", DEGREE),
      each("sekunde sekunden", SECOND),
      each("minute minuten", MINUTE),
      each("stunde stunden", HOUR),
      each("tag tage tagen", DAY),
      each("woche wochen", WEEK),
      each("monat monate monaten", MONTH),
      each("jahr jahre jahren", YEAR),
    ],
    "bis",
  ),
  fr: other(
    [
      each("pour_cent", PERCENT),
      each("degré degrés", DEGREE),
      each("seconde secondes", SECOND),
      each("minute minutes", MINUTE),
      each("heure heures", HOUR),
      each("jour jours", DAY),
      each("semaine semaines", WEEK),
      each("mois", MONTH),
      each("an ans année années", YEAR),
    ],
    "à",
  ),
  es: other(
    [
      each("por_ciento", PERCENT),
      each("grado grados", DEGREE),
      each("segundo segundos", SECOND),
      each("minuto minutos", MINUTE),
      each("hora horas", HOUR),
      each("día días", DAY),
      each("semana semanas", WEEK),
      each("mes meses", MONTH),
      each("año años", YEAR),
    ],
    "a",
  ),
  it: other(
    [
      each("per_cento percento", PERCENT),
      each("grado gradi", DEGREE),
      each("secondo secondi", SECOND),
      each("minuto minuti", MINUTE),
      each("ora ore", HOUR),
      each("giorno giorni", DAY),
      each("settimana settimane", WEEK),
      each("mese mesi", MONTH),
      each("anno anni", YEAR),
    ],
    "a",
  ),
  pt: other(
    [
      each("por_cento", PERCENT),
      each("grau graus", DEGREE),
      each("segundo segundos", SECOND),
      each("minuto minutos", MINUTE),
      each("hora horas", HOUR),
      each("dia dias", DAY),
      each("semana semanas", WEEK),
      each("mês meses", MONTH),
      each("ano anos", YEAR),
    ],
    "a",
  ),
  nl: other(
    [
      each("procent", PERCENT),
      each("graden", DEGREE),
      each("seconde seconden", SECOND),
      each("minuut minuten", MINUTE),
      each("uur", HOUR),
      each("dag dagen", DAY),
      each("week weken", WEEK),
      each("maand maanden", MONTH),
      each("jaar", YEAR),
    ],
    "tot",
  ),
};

/** The words of `language` (a primary tag); English's for a language without its own. */
export function wordsOf(language: string): LanguageWords {
  return LANGUAGE_WORDS[language] ?? EN;
}

/** Languages that write "3,5" for 3.5 and "7.000" for 7000; the others write "3.5" and "7,000". */
export const DECIMAL_COMMA = new Set(["tr", "de", "fr", "es", "it", "pt", "nl"]);
