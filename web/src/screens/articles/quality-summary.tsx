// The top of the article page: the content score and why the quality gate holds the article, so
// both show without scrolling, with links to its research and to the full Quality panel below.
import { Link } from "wouter";
import type { Schemas } from "../../api/client";
import { ScoreFigure } from "../../components/quality-figures";
import { ReviewReasonList } from "../../components/review-reasons";
import { useMessages } from "../../i18n/language";
import { qualityMessages } from "../../i18n/quality";
import { qualitySummaryMessages } from "./quality-summary-messages";

type Article = Schemas["Article"];

/** The plan item page that shows the research the article was written from; null for a hand-made article. */
function researchPath(article: Article): string | null {
  return article.planId && article.planItemId ? `/plans/${article.planId}/items/${article.planItemId}` : null;
}

export function QualitySummary({ article }: { article: Article }) {
  const { t } = useMessages(qualitySummaryMessages);
  const words = useMessages(qualityMessages);
  const score = article.quality?.contentScore ?? null;
  const research = researchPath(article);
  return (
    <section className="card quality-summary" aria-labelledby="quality-summary-heading">
      <div className="quality-summary-score">
        <h2 id="quality-summary-heading" className="score-label">
          {t("summary.title")}
        </h2>
        {score === null ? <p className="muted">{t("summary.noScore")}</p> : <ScoreFigure score={score} testId="content-score" />}
        <p className="quality-summary-links">
          {research ? <Link href={research}>{t("summary.research")}</Link> : null}
          {article.quality ? <a href="#quality-heading">{t("summary.details")}</a> : null}
        </p>
      </div>
      {article.reviewReasons.length > 0 ? (
        <div className="notice notice-warning quality-summary-reasons" role="status">
          <strong>{words.t("reasonsTitle")}</strong>
          <ReviewReasonList reasons={article.reviewReasons} />
        </div>
      ) : null}
    </section>
  );
}
