import { useMutation, useQuery, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { useDeferredValue, useId, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Link, useParams } from "wouter";
import { api, unwrap, type Schemas } from "../../api/client";
import {
  Badge,
  ErrorNotice,
  fieldError,
  LengthCounter,
  Loading,
  Notice,
  PageTitle,
  Pager,
  TextArea,
  TextField,
  useCodeText,
} from "../../components/ui";
import { common } from "../../i18n/common";
import { useMessages } from "../../i18n/language";
import { languageName } from "../../lib/article-languages";
import "./article.css";
import { articleMessages } from "./messages";
import { siteName, statusKey } from "./shared";
import { previewDocument } from "../../lib/preview";
import { useSites } from "../../api/query-keys";

type Article = Schemas["Article"];
type ArticleEdit = Schemas["ArticleEdit"];
type EditResult = Schemas["ArticleEditResult"];
type PublishMutation = UseMutationResult<Article, Error, void>;

const articleKey = (articleId: string) => ["/api/autopilot/articles/{articleId}", articleId] as const;
const ARTICLES_KEY = ["/api/autopilot/articles"] as const;

export function ArticleScreen() {
  const { t } = useMessages(articleMessages);
  const { articleId = "" } = useParams<{ articleId: string }>();
  const queryClient = useQueryClient();
  const article = useQuery({
    queryKey: articleKey(articleId),
    queryFn: () => unwrap(api.GET("/api/autopilot/articles/{articleId}", { params: { path: { articleId } } })),
  });
  const publish = useMutation({
    mutationFn: () => unwrap(api.POST("/api/autopilot/articles/{articleId}/publish", { params: { path: { articleId } } })),
    onSuccess: (published) => {
      queryClient.setQueryData(articleKey(articleId), published);
      void queryClient.invalidateQueries({ queryKey: ARTICLES_KEY });
    },
  });

  const title = article.data?.title ?? t("detail.fallbackTitle");
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
          <ArticleFacts article={article.data} />
          {article.data.status === "pending" || article.data.status === "draft" || publish.isSuccess || publish.isError ? (
            <PublishPanel article={article.data} publish={publish} />
          ) : null}
          <ArticleEditor key={article.data.id} article={article.data} />
          <ArticleImages images={article.data.images} />
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

// ---- The edit form ----

/** The featured image choice: keep what the article has, none, or an upload's id. */
const KEEP = "keep";
const NONE = "none";

interface Draft {
  title: string;
  seoTitle: string;
  seoDesc: string;
  excerpt: string;
  tags: string;
  categories: string;
  featured: string;
  html: string;
}

function draftOf(article: Article): Draft {
  return {
    title: article.title,
    seoTitle: article.seoTitle,
    seoDesc: article.seoDesc,
    excerpt: article.excerpt,
    tags: article.tags.join(", "),
    categories: article.categories.join(", "),
    featured: article.featuredImage ? KEEP : NONE,
    html: article.html,
  };
}

function commaList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/** What the form changed compared with the stored article: only those fields are sent. */
function changesOf(draft: Draft, article: Article): ArticleEdit {
  const edit: ArticleEdit = {};
  if (draft.title !== article.title) edit.title = draft.title;
  if (draft.seoTitle !== article.seoTitle) edit.seoTitle = draft.seoTitle;
  if (draft.seoDesc !== article.seoDesc) edit.seoDesc = draft.seoDesc;
  if (draft.excerpt !== article.excerpt) edit.excerpt = draft.excerpt;
  const tags = commaList(draft.tags);
  if (!sameList(tags, article.tags)) edit.tags = tags;
  const categories = commaList(draft.categories);
  if (!sameList(categories, article.categories)) edit.categories = categories;
  if (draft.featured !== KEEP && draft.featured !== (article.featuredImage ? KEEP : NONE))
    edit.featuredImage = draft.featured === NONE ? null : draft.featured;
  if (draft.html !== article.html) edit.html = draft.html;
  return edit;
}

const codePoints = (text: string) => [...text].length;

function ArticleEditor({ article }: { article: Article }) {
  const { t } = useMessages(articleMessages);
  const commonText = useMessages(common);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(article));
  const [nothingChanged, setNothingChanged] = useState(false);
  const save = useMutation({
    mutationFn: (edit: ArticleEdit) =>
      unwrap(api.PATCH("/api/autopilot/articles/{articleId}", { params: { path: { articleId: article.id } }, body: edit })),
    onSuccess: (result) => {
      queryClient.setQueryData(articleKey(article.id), result);
      void queryClient.invalidateQueries({ queryKey: ARTICLES_KEY });
      // What is stored now (the HTML as sanitised) becomes the form's starting point.
      setDraft(draftOf(result));
    },
  });
  const set =
    <K extends keyof Draft>(name: K) =>
    (value: Draft[K]) => {
      setNothingChanged(false);
      setDraft((current) => ({ ...current, [name]: value }));
    };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const edit = changesOf(draft, article);
    if (Object.keys(edit).length === 0) {
      save.reset();
      setNothingChanged(true);
      return;
    }
    save.mutate(edit);
  };
  const error = save.error;
  return (
    <section aria-labelledby="edit-heading">
      <h2 id="edit-heading">{t("edit.title")}</h2>
      <form className="article-form" onSubmit={submit} noValidate>
        <div className="narrow">
          <TextField
            label={t("edit.fieldTitle")}
            required
            value={draft.title}
            onChange={(e) => set("title")(e.target.value)}
            error={fieldError(error, "title")}
          />
          <TextField
            label={t("edit.seoTitle")}
            hint={t("edit.seoTitleHint")}
            aside={<LengthCounter length={codePoints(draft.seoTitle)} min={50} max={70} />}
            value={draft.seoTitle}
            onChange={(e) => set("seoTitle")(e.target.value)}
            error={fieldError(error, "seoTitle")}
          />
          <TextArea
            label={t("edit.seoDesc")}
            hint={t("edit.seoDescHint")}
            aside={<LengthCounter length={codePoints(draft.seoDesc)} min={150} max={160} />}
            rows={3}
            value={draft.seoDesc}
            onChange={(e) => set("seoDesc")(e.target.value)}
            error={fieldError(error, "seoDesc")}
          />
          <TextArea
            label={t("edit.excerpt")}
            rows={3}
            value={draft.excerpt}
            onChange={(e) => set("excerpt")(e.target.value)}
            error={fieldError(error, "excerpt")}
          />
          <TextField
            label={t("edit.tags")}
            hint={t("edit.tagsHint")}
            value={draft.tags}
            onChange={(e) => set("tags")(e.target.value)}
            error={fieldError(error, "tags")}
          />
          <TextField
            label={t("edit.categories")}
            hint={t("edit.categoriesHint")}
            value={draft.categories}
            onChange={(e) => set("categories")(e.target.value)}
            error={fieldError(error, "categories")}
          />
        </div>
        <FeaturedImagePicker
          current={article.featuredImage}
          value={draft.featured}
          onChange={set("featured")}
          error={fieldError(error, "featuredImage")}
        />
        <HtmlEditor html={draft.html} language={article.language} onChange={set("html")} error={fieldError(error, "html")} />
        <SaveOutcome result={save.isSuccess ? save.data : undefined} />
        {nothingChanged ? <Notice>{t("edit.nothingChanged")}</Notice> : null}
        <ErrorNotice error={error} />
        <div className="actions">
          <button type="submit" disabled={save.isPending}>
            {save.isPending ? commonText.t("action.saving") : t("edit.save")}
          </button>
        </div>
      </form>
    </section>
  );
}

function SaveOutcome({ result }: { result: EditResult | undefined }) {
  const { t, number } = useMessages(articleMessages);
  const codeText = useCodeText();
  if (!result) return null;
  const warnings = result.warningDetails;
  const onPlatformButNotUpdated = !result.blogUpdated && warnings.length > 0;
  // The API's `warnings` are English: each is said again here from its code and numbers.
  const say = ({ code, params }: (typeof warnings)[number]) => {
    const platform = params.platform === "forum" ? t("edit.platformForum") : t("edit.platformBlog");
    const words = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, typeof value === "number" ? number(value) : value]),
    );
    return t(`warning.${code}`, { ...words, platform, reason: typeof params.errorCode === "string" ? codeText(params.errorCode) : "" });
  };
  return (
    <Notice tone={warnings.length > 0 ? "warning" : "success"}>
      <p className="outcome-line">{result.blogUpdated ? t("edit.savedAndUpdated") : t("edit.saved")}</p>
      {warnings.length > 0 ? (
        <>
          <p className="outcome-line">{onPlatformButNotUpdated ? t("edit.savedNotUpdated") : t("edit.warnings")}</p>
          <ul>
            {warnings.map((warning) => (
              <li key={warning.code}>{say(warning)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Notice>
  );
}

const PICKER_PER_PAGE = 12;

function FeaturedImagePicker({
  current,
  value,
  onChange,
  error,
}: {
  current: string | null;
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
}) {
  const { t } = useMessages(articleMessages);
  const [page, setPage] = useState(1);
  const name = useId();
  const uploads = useQuery({
    queryKey: ["/api/uploads", { page, perPage: PICKER_PER_PAGE }],
    queryFn: () => unwrap(api.GET("/api/uploads", { params: { query: { page, per_page: PICKER_PER_PAGE } } })),
  });
  const totalPages = uploads.data ? Math.max(1, Math.ceil(uploads.data.count / uploads.data.perPage)) : 1;
  const errorId = `${name}-error`;
  return (
    <fieldset className={`image-picker${error ? " field-invalid" : ""}`} aria-describedby={error ? errorId : undefined}>
      <legend>{t("edit.featured")}</legend>
      <p className="field-hint">{t("edit.featuredHint")}</p>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      <div className="image-choices">
        {current ? (
          <label className="image-choice">
            <span className="image-choice-label">
              <input type="radio" name={name} value={KEEP} checked={value === KEEP} onChange={() => onChange(KEEP)} />
              {t("edit.featuredKeep")}
            </span>
            <img src={current} alt="" loading="lazy" />
          </label>
        ) : null}
        <label className="image-choice">
          <span className="image-choice-label">
            <input type="radio" name={name} value={NONE} checked={value === NONE} onChange={() => onChange(NONE)} />
            {t("edit.featuredNone")}
          </span>
        </label>
        {(uploads.data?.uploads ?? []).map((upload) => (
          <label className="image-choice" key={upload.id}>
            <span className="image-choice-label">
              <input type="radio" name={name} value={upload.id} checked={value === upload.id} onChange={() => onChange(upload.id)} />
              <span className="image-choice-name">{upload.originalName ?? upload.fileName}</span>
            </span>
            <img src={upload.url} alt="" loading="lazy" width={upload.width || undefined} height={upload.height || undefined} />
          </label>
        ))}
      </div>
      {uploads.isPending ? <Loading /> : null}
      <ErrorNotice error={uploads.error} onRetry={() => void uploads.refetch()} />
      {uploads.data && uploads.data.count === 0 ? (
        <p className="muted">
          {t("edit.featuredNoUploads")} <Link href="/media">{t("edit.featuredUploadLink")}</Link>
        </p>
      ) : null}
      {uploads.data ? <Pager page={page} totalPages={totalPages} total={uploads.data.count} onPage={setPage} /> : null}
    </fieldset>
  );
}

function HtmlEditor({
  html,
  language,
  onChange,
  error,
}: {
  html: string;
  language: string;
  onChange(html: string): void;
  error?: ReactNode;
}) {
  const { t } = useMessages(articleMessages);
  // Sanitising a long article on every keystroke would make typing lag: the preview may trail a little.
  const deferredHtml = useDeferredValue(html);
  const previewTitle = t("edit.preview");
  const srcDoc = useMemo(() => previewDocument(deferredHtml, language, previewTitle), [deferredHtml, language, previewTitle]);
  return (
    <div className="split html-editor">
      <TextArea
        className="mono"
        label={t("edit.html")}
        hint={t("edit.htmlHint")}
        spellCheck={false}
        rows={24}
        value={html}
        onChange={(e) => onChange(e.target.value)}
        error={error}
      />
      <div className="field">
        <div className="field-label">{t("edit.previewHeading")}</div>
        <iframe className="preview" sandbox="" srcDoc={srcDoc} title={previewTitle} />
      </div>
    </div>
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
