// The article's quality beside its editor: the content score, what the top pages cover that it
// lacks, its sources and claims with the fact check's verdicts, originality, readability, and why
// the quality gate holds it. The figures are the saved text's: every save recomputes them.
import type { Schemas } from "../../api/client";
import { Badge } from "../../components/ui";
import { ReviewReasonList } from "../../components/review-reasons";
import { useMessages } from "../../i18n/language";
import { recordMiss } from "../../i18n/misses";
import { qualityMessages, scoreBand, type Verdict } from "../../i18n/quality";
import { articleMessages } from "./messages";

type Article = Schemas["Article"];
type Quality = NonNullable<Article["quality"]>;
type Claim = Schemas["CheckedClaim"];

export function QualityPanel({ article }: { article: Article }) {
  const { t } = useMessages(articleMessages);
  const words = useMessages(qualityMessages);
  const quality = article.quality;
  return (
    <aside className="card quality-panel" aria-labelledby="quality-heading">
      <h2 id="quality-heading">{t("quality.title")}</h2>
      {article.reviewReasons.length > 0 ? (
        <div className="notice notice-warning" role="status">
          <strong>{words.t("reasonsTitle")}</strong>
          <ReviewReasonList reasons={article.reviewReasons} />
        </div>
      ) : null}
      {quality ? (
        <>
          <p className="muted quality-note">{t("quality.savedFigures")}</p>
          <ContentScore score={quality.contentScore} />
          <MissingTerms terms={quality.missingTerms} />
          <Sources sources={quality.sources} />
          <Claims claims={article.claims} sources={quality.sources} factCheck={quality.factCheck} />
          <Originality quality={quality} />
          <Readability readability={quality.readability} />
        </>
      ) : (
        <p>{t("quality.none")}</p>
      )}
    </aside>
  );
}

function ContentScore({ score }: { score: number | null }) {
  const { t, number } = useMessages(articleMessages);
  const words = useMessages(qualityMessages);
  if (score === null) return <p>{t("quality.noScore")}</p>;
  const band = scoreBand(score);
  return (
    <div className="content-score">
      <p className="score-label">{t("quality.scoreLabel")}</p>
      <p className={`score score-${band}`} data-testid="content-score">
        <span className="score-number">{number(score)}</span>
        <span className="score-scale">{t("quality.outOf")}</span>
        <span className="score-band">{words.t(`scoreBand.${band}`)}</span>
      </p>
      <p className="field-hint">{t("quality.scoreHint")}</p>
    </div>
  );
}

/** Missing terms shown at first; the rest open on demand (the weightiest come first). */
const TERMS_SHOWN = 12;

function MissingTerms({ terms }: { terms: string[] }) {
  const { t, number } = useMessages(articleMessages);
  const list = (some: string[]) => (
    <ul className="term-list">
      {some.map((term) => (
        <li key={term}>{term}</li>
      ))}
    </ul>
  );
  return (
    <section aria-labelledby="quality-terms">
      <h3 id="quality-terms">{t("quality.missingTerms")}</h3>
      {terms.length === 0 ? (
        <p className="muted">{t("quality.missingTermsNone")}</p>
      ) : (
        <>
          <p className="field-hint">{t("quality.missingTermsHint")}</p>
          {list(terms.slice(0, TERMS_SHOWN))}
          {terms.length > TERMS_SHOWN ? (
            <details className="more-terms">
              <summary>{t("quality.moreTerms", { count: number(terms.length - TERMS_SHOWN) })}</summary>
              {list(terms.slice(TERMS_SHOWN))}
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Only http(s) addresses become links (they come from the pages that were read). */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

function SourceLink({ source }: { source: Quality["sources"][number] }) {
  const { t } = useMessages(articleMessages);
  const title = source.title.trim() || source.url;
  if (!isWebAddress(source.url)) return <>{title}</>;
  return (
    <a href={source.url} target="_blank" rel="noopener noreferrer">
      {title}
      <span className="visually-hidden"> {t("detail.opensNewTab")}</span>
    </a>
  );
}

function Sources({ sources }: { sources: Quality["sources"] }) {
  const { t } = useMessages(articleMessages);
  return (
    <section aria-labelledby="quality-sources">
      <h3 id="quality-sources">{t("quality.sources")}</h3>
      {sources.length === 0 ? (
        <p className="muted">{t("quality.sourcesNone")}</p>
      ) : (
        <ol className="source-list">
          {sources.map((source) => (
            <li key={source.id}>
              <span className="source-number">[{source.id}]</span> <SourceLink source={source} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Claims({ claims, sources, factCheck }: { claims: Claim[]; sources: Quality["sources"]; factCheck: Quality["factCheck"] }) {
  const { t, number } = useMessages(articleMessages);
  const words = useMessages(qualityMessages);
  return (
    <section aria-labelledby="quality-claims">
      <h3 id="quality-claims">{t("quality.claims")}</h3>
      <p>
        {t("quality.factCheckCounts", {
          supported: number(factCheck.supported),
          unsupported: number(factCheck.unsupported),
          contradicted: number(factCheck.contradicted),
        })}
      </p>
      {claims.length === 0 ? <p className="muted">{t("quality.claimsNone")}</p> : null}
      <ul className="claim-list">
        {claims.map((claim, index) => {
          const verdict: Verdict = claim.verdict ?? "unchecked";
          const source = sources.find((candidate) => candidate.id === claim.source);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: claims have no id, and the list is replaced whole after a save
            <li key={index} className={`claim claim-${verdict}`}>
              <p className="claim-text">“{claim.text}”</p>
              <p className="claim-facts">
                <Badge status={`verdict-${verdict}`} label={words.t(`verdict.${verdict}`)} />{" "}
                {source ? (
                  <span>
                    {t("quality.claimSource", { id: source.id })} <SourceLink source={source} />
                  </span>
                ) : (
                  <span className="muted">{t("quality.claimNoSource")}</span>
                )}
              </p>
              {claim.passage ? (
                <blockquote className="claim-passage">
                  <span className="visually-hidden">{t("quality.passage")} </span>
                  {claim.passage}
                </blockquote>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Originality({ quality }: { quality: Quality }) {
  const { t, number, locale } = useMessages(articleMessages);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(quality.similarity);
  const run = quality.longestSourceRun;
  return (
    <section aria-labelledby="quality-originality">
      <h3 id="quality-originality">{t("quality.originality")}</h3>
      <dl className="facts">
        <dt>{t("quality.similarity")}</dt>
        <dd>
          {percent}
          <br />
          <span className="field-hint">{t("quality.similarityHint")}</span>
        </dd>
        <dt>{t("quality.longestRun")}</dt>
        <dd>
          {run === 1 ? t("quality.wordsOne") : t("quality.words", { count: number(run) })}
          <br />
          <span className="field-hint">{t("quality.longestRunHint")}</span>
        </dd>
        <dt>{t("quality.citations")}</dt>
        <dd>{number(quality.citations)}</dd>
      </dl>
    </section>
  );
}

function Readability({ readability }: { readability: Quality["readability"] }) {
  const { t, locale } = useMessages(articleMessages);
  const bandWords = useBandWords();
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const integer = new Intl.NumberFormat(locale);
  return (
    <section aria-labelledby="quality-readability">
      <h3 id="quality-readability">{t("quality.readability")}</h3>
      <dl className="facts">
        <dt>{t("quality.formula")}</dt>
        <dd>{t(`formula.${readability.formula}`)}</dd>
        {readability.score !== null ? (
          <>
            <dt>{t("quality.readabilityScore")}</dt>
            <dd>
              {t("quality.readabilityValue", {
                score: decimal.format(readability.score),
                band: readability.band ? bandWords(readability.band) : "—",
              })}
              <br />
              <span className="field-hint">{t("quality.readabilityHint")}</span>
            </dd>
          </>
        ) : null}
        <dt>{t("quality.length")}</dt>
        <dd>{t("quality.lengthValue", { words: integer.format(readability.words), sentences: integer.format(readability.sentences) })}</dd>
        <dt>{t("quality.meanLengths")}</dt>
        <dd>
          {t("quality.meanLengthsValue", {
            sentence: decimal.format(readability.meanSentenceLength),
            word: decimal.format(readability.meanWordLength),
          })}
        </dd>
      </dl>
    </section>
  );
}

/**
 * A readability band in the owner's language. The API names it in the scale's own language
 * ("fairly easy", "orta güçlükte"); a band the panel has no words for is a recorded miss, shown as sent.
 */
function useBandWords(): (band: string) => string {
  const { t, language } = useMessages(articleMessages);
  return (band) => {
    const key = `band.${band}`;
    if (key in articleMessages[language]) return t(key as keyof typeof articleMessages.en);
    recordMiss("band", key, language);
    return band;
  };
}
