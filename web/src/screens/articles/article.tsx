// The article screen: what it is and cost, publishing it, its edit form with the quality panel
// beside it, and its images.
import { ApprovalHistory } from "./approval-history";
import { ApprovalPanel } from "./approval-panel";
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useParams } from "wouter";
import { api, unwrap, type Schemas } from "../../api/client";
import { useSites } from "../../api/query-keys";
import { SearchPerformancePanel } from "../../components/search-figures";
import { Badge, ErrorNotice, Loading, Notice, PageTitle } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { languageName } from "../../lib/article-languages";
import "./article.css";
import { ArticleEditor } from "./article-editor";
import { articleQuery, startArticlePage } from "./article-queries";
import { ArticleRead } from "./article-read";
import { RoleNote } from "../../components/role-notice";
import { AfterFirstPaint } from "../../lib/after-first-paint";
import { useRole } from "../../lib/current-member";
import { RevisionPanel } from "./revision-panel";
import { IndexNowStatus } from "./index-now-status";
import { articleMessages } from "./messages";
import { QualityPanel } from "./quality-panel";
import { QualitySummary } from "./quality-summary";
import { ARTICLES_KEY, articleKey, siteName, statusKey } from "./shared";

type Article = Schemas["Article"];
type PublishMutation = UseMutationResult<Article, Error, void>;

export function ArticleScreen() {
  const { t } = useMessages(articleMessages);
  const { articleId = "" } = useParams<{ articleId: string }>();
  const queryClient = useQueryClient();
  const article = useQuery(articleQuery(articleId));
  // The page's other reads start with the article, not once it has come (main.tsx starts them on a first load).
  useEffect(() => startArticlePage(queryClient, articleId, window.location.search), [queryClient, articleId]);
  const publish = useMutation({
    mutationFn: () => unwrap(api.POST("/api/autopilot/articles/{articleId}/publish", { params: { path: { articleId } } })),
    onSuccess: (published) => {
      queryClient.setQueryData(articleKey(articleId), published);
      void queryClient.invalidateQueries({ queryKey: ARTICLES_KEY });
    },
  });

  const title = article.data?.title ?? t("detail.fallbackTitle");
  // Editing is for writers and up, publishing for editors and up (on the member's sites): the page only reads otherwise.
  const { can } = useRole();
  const mayEdit = article.data ? can("write", article.data.siteId) : false;
  const mayPublish = article.data ? can("publish", article.data.siteId) : false;
  const waiting = article.data?.status === "pending" || article.data?.status === "draft";
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/articles">← {t("detail.back")}</Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      {article.isPending ? <Loading /> : null}
      <ErrorNotice error={article.error} onRetry={() => void article.refetch()} />
      {article.data ? (
        <>
          {mayEdit ? null : <RoleNote note="note.articleRead" />}
          {mayEdit && !mayPublish && waiting ? <RoleNote note="note.articlePublish" /> : null}
          <QualitySummary article={article.data} />
          <ArticleFacts article={article.data} />
          <AfterFirstPaint>
            {mayPublish && (waiting || publish.isSuccess || publish.isError) ? (
              <PublishPanel article={article.data} publish={publish} />
            ) : null}
            <RevisionPanel article={article.data} />
            <ApprovalPanel article={article.data} />
            <ApprovalHistory articleId={article.data.id} />
            <ArticleSearch article={article.data} />
            <div className="article-work">
              <QualityPanel article={article.data} />
              {mayEdit ? <ArticleEditor key={article.data.id} article={article.data} /> : <ArticleRead article={article.data} />}
            </div>
            <ArticleImages images={article.data.images} />
          </AfterFirstPaint>
        </>
      ) : null}
    </section>
  );
}

/** Only http(s) addresses become links (the address comes from the platform). */
function isWebAddress(url: string | null): url is string {
  return url !== null && /^https?:\/\//i.test(url);
}

function PostLink({ url }: { url: string }) {
  const { t } = useMessages(articleMessages);
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {t("detail.postLink")} <span className="muted">{t("detail.opensNewTab")}</span>
    </a>
  );
}

function ArticleFacts({ article }: { article: Article }) {
  const { t, number, dateTime, locale } = useMessages(articleMessages);
  const sites = useSites();
  const site = sites.data?.find((candidate) => candidate.id === article.siteId);
  const otherKeywords = article.keywords.filter((keyword) => keyword !== article.targetKeyword);
  return (
    <div className="grid">
      <div className="card">
        <h2>{t("detail.about")}</h2>
        <dl className="facts">
          <dt>{t("detail.status")}</dt>
          <dd>
            <Badge status={article.status} label={t(statusKey(article.status))} />
          </dd>
          <dt>{t("detail.site")}</dt>
          <dd>
            {article.siteId ? <Link href={`/sites/${article.siteId}`}>{site ? siteName(site) : article.siteId}</Link> : t("detail.noSite")}
          </dd>
          <dt>{t("detail.keyword")}</dt>
          <dd>{article.targetKeyword ?? t("list.none")}</dd>
          {otherKeywords.length > 0 ? (
            <>
              <dt>{t("detail.keywords")}</dt>
              <dd>{otherKeywords.join(", ")}</dd>
            </>
          ) : null}
          <dt>{t("detail.words")}</dt>
          <dd>{number(article.wordCount)}</dd>
          <dt>{t("detail.language")}</dt>
          <dd>{languageName(article.language, locale)}</dd>
          <dt>{t("detail.created")}</dt>
          <dd>{dateTime(article.createdAt)}</dd>
          <dt>{t("detail.updated")}</dt>
          <dd>{dateTime(article.updatedAt)}</dd>
          <dt>{t("detail.published")}</dt>
          <dd>{article.publishedAt ? dateTime(article.publishedAt) : t("detail.notPublished")}</dd>
          <dt>{t("detail.indexNow")}</dt>
          <dd>
            <IndexNowStatus indexNow={article.indexNow} site={site} />
          </dd>
        </dl>
        {isWebAddress(article.url) ? (
          <p>
            <PostLink url={article.url} />
          </p>
        ) : null}
      </div>
      <ArticleCost cost={article.cost} />
    </div>
  );
}

/** What the article's page earns in Google search (or why it has no figures yet). */
function ArticleSearch({ article }: { article: Article }) {
  const sites = useSites();
  const site = sites.data?.find((candidate) => candidate.id === article.siteId);
  return (
    <SearchPerformancePanel source={{ kind: "article", articleId: article.id }} site={site} published={article.publishedAt !== null} />
  );
}

function ArticleCost({ cost }: { cost: Schemas["ArticleCost"] }) {
  const { t, money, number, locale } = useMessages(articleMessages);
  const usage = cost.usage;
  const usd = (value: number) =>
    new Intl.NumberFormat(locale, { style: "currency", currency: "USD", maximumFractionDigits: 4 }).format(value);
  return (
    <div className="card">
      <h2>{t("detail.cost")}</h2>
      <dl className="facts">
        <dt>{t("detail.credits")}</dt>
        <dd>{money(cost.credits)}</dd>
        {usage ? (
          <>
            <dt>{t("detail.textModel")}</dt>
            <dd>
              {usage.textProvider} · {usage.textModel}
              <br />
              <span className="muted">
                {t("detail.tokens", { input: number(usage.text.inputTokens), output: number(usage.text.outputTokens) })}
              </span>
            </dd>
            <dt>{t("detail.imageModel")}</dt>
            <dd>
              {usage.imageProvider} · {usage.imageModel}
              <br />
              <span className="muted">
                {usage.image.images === 1 ? t("detail.imagesOne") : t("detail.images", { count: number(usage.image.images) })}
              </span>
            </dd>
            <dt>{t("detail.providerCost")}</dt>
            <dd>{usd(usage.text.costUsd + usage.image.costUsd)}</dd>
          </>
        ) : null}
      </dl>
      {usage ? null : <p className="muted">{t("detail.noUsage")}</p>}
    </div>
  );
}

function PublishPanel({ article, publish }: { article: Article; publish: PublishMutation }) {
  const { t } = useMessages(articleMessages);
  const waiting = article.status === "pending" || article.status === "draft";
  return (
    <section className="card" aria-labelledby="publish-heading">
      <h2 id="publish-heading">{t("publish.title")}</h2>
      {publish.isSuccess ? (
        <Notice tone="success">
          {isWebAddress(publish.data.url) ? (
            <>
              {t("publish.done")} <PostLink url={publish.data.url} />
            </>
          ) : (
            t("publish.doneNoLink")
          )}
        </Notice>
      ) : null}
      <ErrorNotice error={publish.error} />
      {waiting ? (
        <>
          <p>{article.status === "pending" ? t("publish.intro") : t("publish.introDraft")}</p>
          {article.reviewReasons.length > 0 ? <p>{t("publish.held")}</p> : null}
          <button
            type="button"
            disabled={publish.isPending}
            onClick={() => {
              if (window.confirm(t("publish.confirm", { title: article.title }))) publish.mutate();
            }}
          >
            {publish.isPending ? t("publish.working") : t("publish.button")}
          </button>
        </>
      ) : null}
    </section>
  );
}

function ArticleImages({ images }: { images: Article["images"] }) {
  const { t, number } = useMessages(articleMessages);
  const sorted = [...images].sort((a, b) => a.position - b.position);
  return (
    <section aria-labelledby="images-heading">
      <h2 id="images-heading">{t("images.title")}</h2>
      {sorted.length === 0 ? <p className="muted">{t("images.empty")}</p> : null}
      {sorted.length > 0 ? (
        <ul className="article-images">
          {sorted.map((image) => (
            <li key={image.id} className="card">
              <figure>
                <img src={image.url} alt={image.altText} loading="lazy" />
                <figcaption>
                  {image.isFeatured ? <Badge status="published" label={t("images.featured")} /> : null}{" "}
                  {image.altText || <span className="muted">{t("images.noAlt")}</span>}
                  <br />
                  <span className="muted">{t("images.position", { position: number(image.position) })}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
