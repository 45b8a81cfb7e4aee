// The article's edit form: its fields, featured image and text. Only what changed is PATCHed; the
// answer (the stored article, its quality recomputed) becomes the form's and the screen's
// starting point, and the outcome says how the content score moved.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, unwrap, type Schemas } from "../../api/client";
import { ErrorNotice, fieldError, LengthCounter, Notice, TextArea, TextField, useCodeText } from "../../components/ui";
import { common } from "../../i18n/common";
import { useMessages } from "../../i18n/language";
import { BodyEditor } from "./body-editor";
import { FeaturedImagePicker, KEEP, NONE } from "./featured-image-picker";
import { SlugField } from "./slug-field";
import { articleMessages } from "./messages";
import { ARTICLES_KEY, articleKey } from "./shared";

type Article = Schemas["Article"];
type ArticleEdit = Schemas["ArticleEdit"];
type EditResult = Schemas["ArticleEditResult"];
type Revision = Schemas["ArticleRevision"];

/** A writer's edit of a published article answers 202 with the revision that waits for an editor. */
const isRevision = (result: EditResult | Revision | null): result is Revision =>
  result !== null && "fields" in result && !("blogUpdated" in result);

interface Draft {
  title: string;
  slug: string;
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
    slug: article.slug,
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
  if (draft.slug !== article.slug) edit.slug = draft.slug;
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

export function ArticleEditor({ article }: { article: Article }) {
  const { t } = useMessages(articleMessages);
  const commonText = useMessages(common);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(article));
  const [nothingChanged, setNothingChanged] = useState(false);
  const save = useMutation({
    // The score the saved text replaces, for the outcome to compare with.
    onMutate: () => ({ scoreBefore: article.contentScore }),
    mutationFn: (edit: ArticleEdit) =>
      unwrap(api.PATCH("/api/autopilot/articles/{articleId}", { params: { path: { articleId: article.id } }, body: edit })),
    onSuccess: (result) => {
      if (!result) return;
      if (isRevision(result)) {
        // The live article is unchanged: the form goes back to it, the article shows the waiting revision.
        void queryClient.invalidateQueries({ queryKey: articleKey(article.id) });
        setDraft(draftOf(article));
        return;
      }
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
          <SlugField
            value={draft.slug}
            onChange={set("slug")}
            url={article.url}
            siteId={article.siteId}
            error={fieldError(error, "slug", ["slug_taken"])}
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
        <BodyEditor html={draft.html} language={article.language} onChange={set("html")} error={fieldError(error, "html")} />
        {save.isSuccess && save.data && isRevision(save.data) ? (
          <Notice tone="info">{t("edit.waitsForEditor")}</Notice>
        ) : (
          <SaveOutcome
            result={save.isSuccess && save.data && !isRevision(save.data) ? save.data : undefined}
            scoreBefore={save.context?.scoreBefore ?? null}
          />
        )}
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

function SaveOutcome({ result, scoreBefore }: { result: EditResult | undefined; scoreBefore: number | null }) {
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
      <ScoreChange before={scoreBefore} after={result.contentScore} />
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

/** How the content score moved with the save: "Content score: 41 (was 78)". */
function ScoreChange({ before, after }: { before: number | null; after: number | null }) {
  const { t, number } = useMessages(articleMessages);
  if (after === null) return null;
  if (before === null || before === after) return <p className="outcome-line">{t("edit.score", { score: number(after) })}</p>;
  return <p className="outcome-line">{t("edit.scoreMoved", { score: number(after), before: number(before) })}</p>;
}
