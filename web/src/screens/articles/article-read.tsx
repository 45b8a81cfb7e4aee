// The article for a role that may read it but not edit it (a viewer): its search fields and its
// text as it will appear, in a sandboxed frame (previewDocument: no scripts, no same origin).
import { useMemo } from "react";
import type { Schemas } from "../../api/client";
import { useMessages } from "../../i18n/language";
import { previewDocument } from "../../lib/preview";
import { articleMessages } from "./messages";

type Article = Schemas["Article"];

export function ArticleRead({ article }: { article: Article }) {
  const { t } = useMessages(articleMessages);
  const frameTitle = t("edit.preview");
  const srcDoc = useMemo(() => previewDocument(article.html, article.language, frameTitle), [article.html, article.language, frameTitle]);
  const none = t("list.none");
  return (
    <section aria-labelledby="read-heading" data-testid="article-read">
      <h2 id="read-heading">{t("body.label")}</h2>
      <dl className="facts">
        <dt>{t("edit.seoTitle")}</dt>
        <dd>{article.seoTitle || none}</dd>
        <dt>{t("edit.seoDesc")}</dt>
        <dd>{article.seoDesc || none}</dd>
        <dt>{t("edit.excerpt")}</dt>
        <dd>{article.excerpt || none}</dd>
        <dt>{t("edit.tags")}</dt>
        <dd>{article.tags.length > 0 ? article.tags.join(", ") : none}</dd>
        <dt>{t("edit.categories")}</dt>
        <dd>{article.categories.length > 0 ? article.categories.join(", ") : none}</dd>
      </dl>
      <iframe className="preview" sandbox="" srcDoc={srcDoc} title={frameTitle} />
    </section>
  );
}
