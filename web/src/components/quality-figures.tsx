// Pieces of a quality report that the article's Quality panel and an existing post's suggestion
// both show: the content score with its band, a list of terms with the rest on demand, the sources
// as links, and readability in words. Their styles are in styles.css (the screens load lazily).
import { useMessages } from "../i18n/language";
import { qualityMessages, readabilityBandWords, scoreBand, type Quality } from "../i18n/quality";

/** A content score (0–100) as its number, the scale and its band in words; the band's colour repeats the word. */
export function ScoreFigure({ score, testId }: { score: number; testId?: string }) {
  const { t, number } = useMessages(qualityMessages);
  const band = scoreBand(score);
  return (
    <p className={`score score-${band}`} data-testid={testId}>
      <span className="score-number">{number(score)}</span>
      <span className="score-scale">{t("outOf")}</span>
      <span className="score-band">{t(`scoreBand.${band}`)}</span>
    </p>
  );
}

/** Terms as chips: the first `shown` at once, the rest behind "Show N more" (the weightiest come first). */
export function TermList({ terms, shown }: { terms: readonly string[]; shown: number }) {
  const { t, number } = useMessages(qualityMessages);
  const list = (some: readonly string[]) => (
    <ul className="term-list">
      {some.map((term) => (
        <li key={term}>{term}</li>
      ))}
    </ul>
  );
  return (
    <>
      {list(terms.slice(0, shown))}
      {terms.length > shown ? (
        <details className="more-terms">
          <summary>{t("moreTerms", { count: number(terms.length - shown) })}</summary>
          {list(terms.slice(shown))}
        </details>
      ) : null}
    </>
  );
}

type Source = Quality["sources"][number];

/** Only http(s) addresses become links (they come from the pages that were read). */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** A source's title, linked to its page in a new tab that cannot reach back to the panel. */
export function SourceLink({ source }: { source: Source }) {
  const { t } = useMessages(qualityMessages);
  const title = source.title.trim() || source.url;
  if (!isWebAddress(source.url)) return <>{title}</>;
  return (
    <a href={source.url} target="_blank" rel="noopener noreferrer">
      {title}
      <span className="visually-hidden"> {t("opensNewTab")}</span>
    </a>
  );
}

/** The sources by the number the text cites them with. */
export function SourceList({ sources }: { sources: readonly Source[] }) {
  return (
    <ol className="source-list">
      {sources.map((source) => (
        <li key={source.id}>
          <span className="source-number">[{source.id}]</span> <SourceLink source={source} />
        </li>
      ))}
    </ol>
  );
}

/** Readability in the owner's words: the formula's name, its score with the band, the mean lengths. */
export function useReadabilityWords() {
  const { t, language, locale } = useMessages(qualityMessages);
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return {
    formula: (readability: Quality["readability"]) => t(`formula.${readability.formula}`),
    /** Null under mean-lengths, which has no score. */
    score: (readability: Quality["readability"]) =>
      readability.score === null
        ? null
        : t("readability.value", {
            score: decimal.format(readability.score),
            band: readability.band ? readabilityBandWords(readability.band, language) : "—",
          }),
    meanLengths: (readability: Quality["readability"]) =>
      t("readability.meanLengths", {
        sentence: decimal.format(readability.meanSentenceLength),
        word: decimal.format(readability.meanWordLength),
      }),
    hint: t("readability.hint"),
  };
}
