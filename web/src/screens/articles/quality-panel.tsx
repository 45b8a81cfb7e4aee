// The article's quality beside its editor: what the content score measures, what the top pages
// cover that it lacks, its sources and claims with the fact check's verdicts, originality and
// readability (the score and why the gate holds it are at the top: quality-summary.tsx). The
// figures are the saved text's: every save recomputes them.
import type { Schemas } from "../../api/client";
import { Badge } from "../../components/ui";
import { SourceLink, SourceList, TermList, useReadabilityWords } from "../../components/quality-figures";
import { useMessages } from "../../i18n/language";
import { qualityMessages, type Verdict } from "../../i18n/quality";
import { articleMessages } from "./messages";

type Article = Schemas["Article"];
type Quality = NonNullable<Article["quality"]>;
type Claim = Schemas["CheckedClaim"];

export function QualityPanel({ article }: { article: Article }) {
  const { t } = useMessages(articleMessages);
  const quality = article.quality;
  return (
    <aside className="card quality-panel" aria-labelledby="quality-heading">
      <h2 id="quality-heading">{t("quality.title")}</h2>
      {quality ? (
        <>
          <p className="muted quality-note">{t("quality.savedFigures")}</p>
          <ContentScoreHint score={quality.contentScore} />
          <MissingTerms terms={quality.missingTerms} />
          {quality.facts ? <Facts facts={quality.facts} /> : null}
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

/** The score itself is at the top of the page (quality-summary.tsx): here, what it measures. */
function ContentScoreHint({ score }: { score: number | null }) {
  const { t } = useMessages(articleMessages);
  return <p className="field-hint">{score === null ? t("quality.noScore") : t("quality.scoreHint")}</p>;
}

/** The names, named things and numbers the top pages share, and those the article does not state. */
function Facts({ facts }: { facts: NonNullable<Quality["facts"]> }) {
  const { t } = useMessages(articleMessages);
  if (facts.total === 0) return null;
  return (
    <section aria-labelledby="quality-facts">
      <h3 id="quality-facts">{t("quality.facts")}</h3>
      <p data-testid="facts-covered">{t("quality.factsCovered", { covered: facts.covered, total: facts.total })}</p>
      <p className="field-hint">{t("quality.factsHint")}</p>
      {facts.missing.length > 0 ? <TermList terms={facts.missing} shown={TERMS_SHOWN} /> : null}
    </section>
  );
}

/** Missing terms shown at first; the rest open on demand. */
const TERMS_SHOWN = 12;

function MissingTerms({ terms }: { terms: string[] }) {
  const { t } = useMessages(articleMessages);
  return (
    <section aria-labelledby="quality-terms">
      <h3 id="quality-terms">{t("quality.missingTerms")}</h3>
      {terms.length === 0 ? (
        <p className="muted">{t("quality.missingTermsNone")}</p>
      ) : (
        <>
          <p className="field-hint">{t("quality.missingTermsHint")}</p>
          <TermList terms={terms} shown={TERMS_SHOWN} />
        </>
      )}
    </section>
  );
}

function Sources({ sources }: { sources: Quality["sources"] }) {
  const { t } = useMessages(articleMessages);
  return (
    <section aria-labelledby="quality-sources">
      <h3 id="quality-sources">{t("quality.sources")}</h3>
      {sources.length === 0 ? <p className="muted">{t("quality.sourcesNone")}</p> : <SourceList sources={sources} />}
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
  const words = useReadabilityWords();
  const integer = new Intl.NumberFormat(locale);
  const score = words.score(readability);
  return (
    <section aria-labelledby="quality-readability">
      <h3 id="quality-readability">{t("quality.readability")}</h3>
      <dl className="facts">
        <dt>{t("quality.formula")}</dt>
        <dd>{words.formula(readability)}</dd>
        {score !== null ? (
          <>
            <dt>{t("quality.readabilityScore")}</dt>
            <dd>
              {score}
              <br />
              <span className="field-hint">{words.hint}</span>
            </dd>
          </>
        ) : null}
        <dt>{t("quality.length")}</dt>
        <dd>{t("quality.lengthValue", { words: integer.format(readability.words), sentences: integer.format(readability.sentences) })}</dd>
        <dt>{t("quality.meanLengths")}</dt>
        <dd>{words.meanLengths(readability)}</dd>
      </dl>
    </section>
  );
}
