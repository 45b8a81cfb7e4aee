// The article as it will appear: its search result, its score (when the team chose to show it), its
// picture and its text. The text is only ever shown through previewDocument in a sandboxed frame
// with no scripts; it shares the page's origin only so the page can read its height and size the
// frame to the text: the client scrolls the page, never a box inside it.
import { useMemo } from "react";
import { useMessages } from "../../i18n/language";
import { previewDocument } from "../../lib/preview";
import { ContentSizedFrame } from "./content-sized-frame";
import type { ApprovalPage } from "./approve";
import { approveMessages } from "./messages";

/** The address as a search result prints it: host and path, without the scheme. */
function displayAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname.replace(/\/+$/, "")}`;
  } catch {
    return url;
  }
}

type ShownArticle = NonNullable<ApprovalPage["article"]>;

export function SearchSnippet({ page, article }: { page: ApprovalPage; article: ShownArticle }) {
  const { t } = useMessages(approveMessages);
  const title = article.seoTitle || article.title;
  const description = article.seoDescription || article.excerpt;
  return (
    <section className="card" aria-labelledby="snippet-heading">
      <h2 id="snippet-heading">{t("approve.snippetHeading")}</h2>
      <p className="muted">{t("approve.snippetHint")}</p>
      <div className="search-snippet" lang={article.language}>
        {page.site ? <div className="search-snippet-address">{displayAddress(article.url ?? page.site.url)}</div> : null}
        <div className="search-snippet-title">{title}</div>
        {description ? <p className="search-snippet-description">{description}</p> : null}
      </div>
      {article.contentScore !== null ? (
        <dl className="approve-score">
          <dt>{t("approve.score")}</dt>
          <dd>
            <strong>{t("approve.scoreValue", { score: article.contentScore })}</strong>
            <span className="muted"> {t("approve.scoreHint")}</span>
          </dd>
        </dl>
      ) : null}
    </section>
  );
}

export function ArticleShown({ article }: { article: ShownArticle }) {
  const { t, number } = useMessages(approveMessages);
  const frameTitle = t("approve.bodyFrame", { title: article.title });
  const srcDoc = useMemo(() => previewDocument(article.html, article.language, frameTitle), [article.html, article.language, frameTitle]);
  return (
    <section className="card approve-article" aria-labelledby="article-heading">
      <h2 id="article-heading" className="muted approve-article-label">
        {t("approve.articleHeading")} <span className="approve-words">· {t("approve.words", { count: number(article.wordCount) })}</span>
      </h2>
      <h3 className="approve-article-title" lang={article.language}>
        {article.title}
      </h3>
      {article.heroImage ? (
        // The picture may come from another site: it is never told which page asked for it.
        <img className="approve-hero" src={article.heroImage.url} alt={article.heroImage.alt} referrerPolicy="no-referrer" />
      ) : (
        <p className="muted">{t("approve.heroMissing")}</p>
      )}
      <ContentSizedFrame srcDoc={srcDoc} title={frameTitle} />
    </section>
  );
}
