// A suggestion's quality before and after, shown while the owner decides whether to apply it: the
// post as it was and the suggested text, both scored against the same research (the pages that
// rank now for the post's title). A suggestion made before improvements were scored has neither,
// and shows nothing.
import { ScoreFigure, SourceList, TermList, useReadabilityWords } from "../../components/quality-figures";
import type { Quality } from "../../i18n/quality";
import { useMessages } from "../../i18n/language";
import { postMessages } from "./messages";
import type { Improvement } from "./shared";

type Suggestion = NonNullable<Improvement["suggestion"]>;
type Readability = Quality["readability"];

/** Missing terms shown at first; the rest open on demand. */
const TERMS_SHOWN = 10;

/** Readability moving by less than this reads the same: a tenth or two is noise, not an easier text. */
const READABILITY_NOISE = 1;

/** Which way a figure moved, and by how much; a move smaller than `noise` is none. */
export function changeOf(before: number, after: number, noise = 0): { direction: "up" | "down" | "same"; by: number } {
  const by = Math.abs(after - before);
  // Figures arrive rounded to a tenth at most: a smaller difference is the same figure.
  if (by < Math.max(noise, 0.05)) return { direction: "same", by: 0 };
  return { direction: after > before ? "up" : "down", by };
}

export function SuggestionQuality({ suggestion }: { suggestion: Suggestion }) {
  const { t } = useMessages(postMessages);
  const { qualityBefore: before, qualityAfter: after } = suggestion;
  const measured = after ?? before;
  if (!measured) return null;
  return (
    <section className="card suggestion-quality" aria-labelledby="post-quality-title">
      <h2 id="post-quality-title">{t("quality.title")}</h2>
      <p>{t("quality.intro")}</p>
      <ScoreChange before={before?.contentScore ?? null} after={after?.contentScore ?? null} />
      <ReadabilityChange before={before?.readability ?? null} after={after?.readability ?? null} />
      {after ? <MissingTerms after={after.missingTerms} before={before?.missingTerms ?? null} /> : null}
      <MeasuredAgainst sources={measured.sources} />
    </section>
  );
}

function ScoreChange({ before, after }: { before: number | null; after: number | null }) {
  const { t, number } = useMessages(postMessages);
  const side = (label: string, score: number | null, testId: string) => (
    <div className="score-side">
      <p className="score-label">{label}</p>
      {score === null ? <p className="muted">{t("quality.notScored")}</p> : <ScoreFigure score={score} testId={testId} />}
    </div>
  );
  const change = before !== null && after !== null ? changeOf(before, after) : null;
  return (
    <section aria-labelledby="post-quality-score">
      <h3 id="post-quality-score">{t("quality.score")}</h3>
      {before === null && after === null ? (
        <p>{t("quality.noScore")}</p>
      ) : (
        <div className="score-change">
          {side(t("quality.before"), before, "score-before")}
          <span className="score-arrow" aria-hidden="true">
            →
          </span>
          {side(t("quality.after"), after, "score-after")}
        </div>
      )}
      {change ? (
        <p className={`score-delta score-delta-${change.direction}`} data-testid="score-delta">
          {t(`quality.score.${change.direction}`, { points: number(change.by) })}
        </p>
      ) : null}
      <p className="field-hint">{t("quality.scoreHint")}</p>
    </section>
  );
}

function ReadabilityChange({ before, after }: { before: Readability | null; after: Readability | null }) {
  const { t, locale } = useMessages(postMessages);
  const words = useReadabilityWords();
  const shown = after ?? before;
  if (!shown) return null;
  const value = (readability: Readability | null) =>
    readability ? (words.score(readability) ?? words.meanLengths(readability)) : t("quality.notMeasured");
  const change = before?.score != null && after?.score != null ? changeOf(before.score, after.score, READABILITY_NOISE) : null;
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="post-quality-readability">
      <h3 id="post-quality-readability">{t("quality.readability")}</h3>
      <dl className="post-facts">
        <dt>{t("quality.formula")}</dt>
        <dd>{words.formula(shown)}</dd>
        <dt>{t("quality.before")}</dt>
        <dd>{value(before)}</dd>
        <dt>{t("quality.after")}</dt>
        <dd>{value(after)}</dd>
      </dl>
      {change ? <p>{t(`quality.readability.${change.direction}`, { points: decimal.format(change.by) })}</p> : null}
      {shown.score !== null ? <p className="field-hint">{words.hint}</p> : null}
    </section>
  );
}

function MissingTerms({ after, before }: { after: string[]; before: string[] | null }) {
  const { t, number } = useMessages(postMessages);
  return (
    <section aria-labelledby="post-quality-terms">
      <h3 id="post-quality-terms">{t("quality.missingTerms")}</h3>
      {before ? <p>{t("quality.missingCounts", { before: number(before.length), after: number(after.length) })}</p> : null}
      {after.length === 0 ? (
        <p className="muted">{t("quality.missingTermsNone")}</p>
      ) : (
        <>
          <p className="field-hint">{t("quality.missingTermsHint")}</p>
          <TermList terms={after} shown={TERMS_SHOWN} />
        </>
      )}
    </section>
  );
}

function MeasuredAgainst({ sources }: { sources: Quality["sources"] }) {
  const { t } = useMessages(postMessages);
  return (
    <section aria-labelledby="post-quality-sources">
      <h3 id="post-quality-sources">{t("quality.sources")}</h3>
      {sources.length === 0 ? (
        <p className="muted">{t("quality.sourcesNone")}</p>
      ) : (
        <>
          <p className="field-hint">{t("quality.sourcesHint")}</p>
          <SourceList sources={sources} />
        </>
      )}
    </section>
  );
}
