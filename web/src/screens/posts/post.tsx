import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, useParams, useSearch } from "wouter";
import { api, ApiError, unwrap, type Schemas } from "../../api/client";
import { BALANCE_KEY } from "../../components/layout";
import { SearchPerformancePanel, useSearchFormat } from "../../components/search-figures";
import { CopyButton, ErrorNotice, Loading, Notice, PageTitle } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { htmlToText } from "../../../../src/core/html-text";
import { previewDocument } from "../../lib/preview";
import { MAX_DIFF_WORDS, wordDiff, type DiffPart } from "./diff";
import { postMessages } from "./messages";
import { DecayBadge, decayKey, ImprovementBadge, improvementKey, postsKey, useWordPressSites, type Improvement } from "./shared";
import { SuggestionQuality } from "./suggestion-quality";
import "./posts.css";
import { RoleNote } from "../../components/role-notice";
import { useRole } from "../../lib/current-member";

type Suggestion = NonNullable<Improvement["suggestion"]>;
type DecayingPage = Schemas["DecayingPage"];
type PostVersion = { title: string; html: string };

const SEO_TITLE = { min: 50, max: 70 };
const SEO_DESC = { min: 150, max: 160 };

export function PostScreen() {
  const { postId = "" } = useParams<{ postId: string }>();
  const { t } = useMessages(postMessages);
  const siteIdParam = new URLSearchParams(useSearch()).get("siteId");
  const improvement = useQuery({
    queryKey: improvementKey(postId),
    queryFn: () => unwrap(api.GET("/api/sites/posts/{postId}/improvement", { params: { path: { postId } } })),
  });
  const siteId = improvement.data?.siteId ?? siteIdParam;
  const title = improvement.data?.post.title.trim() || t("post.titleFallback");

  return (
    <section className="posts-screen" aria-labelledby="page-title">
      <p>
        <Link href={siteId ? `/posts?siteId=${encodeURIComponent(siteId)}` : "/posts"}>← {t("post.back")}</Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      {improvement.isPending ? <Loading /> : null}
      {improvement.error instanceof ApiError && improvement.error.status === 404 ? (
        <p role="alert">{t("post.notFound")}</p>
      ) : (
        <ErrorNotice error={improvement.error} onRetry={() => void improvement.refetch()} />
      )}
      {improvement.data ? <PostDetail improvement={improvement.data} /> : null}
    </section>
  );
}

function PostDetail({ improvement }: { improvement: Improvement }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<string | null>(null);
  const stored = (next: Improvement, words: string) => {
    queryClient.setQueryData(improvementKey(improvement.postId), next);
    void queryClient.invalidateQueries({ queryKey: postsKey(improvement.siteId) });
    setOutcome(words);
  };
  const sites = useWordPressSites();
  const site = sites.data?.find((candidate) => candidate.id === improvement.siteId);
  // Asking for an improvement is a writer's; applying and reverting it (on WordPress) an editor's.
  const { can } = useRole();
  return (
    <>
      {can("write", improvement.siteId) ? null : <RoleNote note="note.posts" />}
      <PostFacts improvement={improvement} />
      <SearchPerformancePanel source={{ kind: "post", postId: improvement.postId }} site={site} />
      {can("write", improvement.siteId) ? (
        <ImproveSection improvement={improvement} onStored={stored} onStart={() => setOutcome(null)} />
      ) : null}
      {outcome ? <Notice tone="success">{outcome}</Notice> : null}
      {improvement.suggestion ? (
        <>
          <SuggestionQuality suggestion={improvement.suggestion} />
          {can("publish", improvement.siteId) ? (
            <ApplySection improvement={improvement} onStored={stored} onStart={() => setOutcome(null)} />
          ) : null}
          <Compare improvement={improvement} suggestion={improvement.suggestion} />
        </>
      ) : null}
    </>
  );
}

function PostFacts({ improvement }: { improvement: Improvement }) {
  const { t, number, dateTime } = useMessages(postMessages);
  const { post } = improvement;
  return (
    <section className="card" aria-labelledby="post-about-title">
      <h2 id="post-about-title">{t("post.about")}</h2>
      <dl className="post-facts">
        <dt>{t("post.status")}</dt>
        <dd>
          <ImprovementBadge status={improvement.status} />
        </dd>
        <dt>{t("post.words")}</dt>
        <dd>{number(post.wordCount)}</dd>
        {post.modifiedAt ? (
          <>
            <dt>{t("post.modified")}</dt>
            <dd>{dateTime(post.modifiedAt)}</dd>
          </>
        ) : null}
        <dt>{t("post.synced")}</dt>
        <dd>{dateTime(post.syncedAt)}</dd>
        {improvement.suggestedAt ? (
          <>
            <dt>{t("post.suggestedAt")}</dt>
            <dd>{dateTime(improvement.suggestedAt)}</dd>
          </>
        ) : null}
        {improvement.appliedAt ? (
          <>
            <dt>{t("post.appliedAt")}</dt>
            <dd>{dateTime(improvement.appliedAt)}</dd>
          </>
        ) : null}
        {improvement.revertedAt ? (
          <>
            <dt>{t("post.revertedAt")}</dt>
            <dd>{dateTime(improvement.revertedAt)}</dd>
          </>
        ) : null}
      </dl>
      <a href={post.url} target="_blank" rel="noopener noreferrer" aria-label={t("post.liveLabel")}>
        {t("post.live")}
      </a>
    </section>
  );
}

interface ActionProps {
  improvement: Improvement;
  onStored(next: Improvement, words: string): void;
  onStart(): void;
}

/** Improve: charged, one to three minutes; the answer says what it cost. */
function ImproveSection({ improvement, onStored, onStart }: ActionProps) {
  const { t, money } = useMessages(postMessages);
  const queryClient = useQueryClient();
  const { can } = useRole();
  // The price list is an owner's to read (billing): others see the price as unknown.
  const packages = useQuery({
    queryKey: ["/api/billing/packages"],
    queryFn: () => unwrap(api.GET("/api/billing/packages")),
    enabled: can("billing"),
  });
  const improve = useMutation({
    mutationFn: () => unwrap(api.POST("/api/sites/posts/{postId}/improve", { params: { path: { postId: improvement.postId } } })),
    onMutate: onStart,
    onSuccess: (result) => onStored(result, t("post.improved", { cost: money(result.credits) })),
    onSettled: () => {
      // Charged when it succeeds, refunded when it fails.
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
      void queryClient.invalidateQueries({ queryKey: ["/api/billing/transactions"] });
    },
  });
  const hasSuggestion = improvement.suggestion !== null;
  const start = () => {
    if (hasSuggestion && !window.confirm(t("post.improveAgainConfirm"))) return;
    improve.mutate();
  };
  return (
    <section className="card" aria-labelledby="post-improve-title">
      <h2 id="post-improve-title">{t("post.improveTitle")}</h2>
      <DecayNotice improvement={improvement} />
      <p>{t("post.improveExplain")}</p>
      <p className="muted">
        {packages.data ? t("post.price", { price: money(packages.data.improvementPrice) }) : t("post.priceUnknown")}{" "}
        {can("billing") ? (
          <>
            {t("post.costElsewhere")} <Link href="/billing">{t("post.billing")}</Link>.
          </>
        ) : null}
      </p>
      {hasSuggestion ? null : <p>{t("post.noSuggestion")}</p>}
      <ErrorNotice error={improve.error} />
      {improve.isPending ? <Notice>{t("post.improveWaiting")}</Notice> : null}
      <div className="actions">
        <button type="button" className={hasSuggestion ? "secondary" : undefined} disabled={improve.isPending} onClick={start}>
          {improve.isPending ? t("post.improving") : hasSuggestion ? t("post.improveAgain") : t("post.improve")}
        </button>
      </div>
    </section>
  );
}

/**
 * What the weekly check found when the post is losing search traffic: the reason with both
 * windows' figures, and that improving it is the usual cure. Nothing when the page holds up.
 */
function DecayNotice({ improvement }: { improvement: Improvement }) {
  const { t, dateTime } = useMessages(postMessages);
  const format = useSearchFormat();
  // The decaying pages are few (a site's worst); the first hundred hold this post if it is one.
  const decaying = useQuery({
    queryKey: [...decayKey(improvement.siteId), { perPage: 100 }],
    queryFn: () =>
      unwrap(api.GET("/api/sites/{siteId}/decay", { params: { path: { siteId: improvement.siteId }, query: { per_page: 100 } } })),
  });
  const decay = decaying.data?.items.find((item) => item.postId === improvement.postId);
  if (!decay) return null;
  return (
    <div className={`decay-notice${decay.seasonal ? " decay-seasonal" : ""}`} data-testid="decay-notice">
      <h3>
        {t("post.decayTitle")} <DecayBadge decay={decay} />
      </h3>
      <p>{decayWords(decay, t, format)}</p>
      {decay.seasonal ? <p>{t("post.decaySeasonal")}</p> : null}
      <p>
        <strong>{t("post.decayCure")}</strong>
      </p>
      <p className="muted">{t("post.decayChecked", { when: dateTime(decay.detectedAt) })}</p>
    </div>
  );
}

function decayWords(
  decay: DecayingPage,
  t: (key: keyof typeof postMessages.en, params?: Record<string, string | number>) => string,
  format: ReturnType<typeof useSearchFormat>,
): string {
  const { current, previous } = decay;
  if (decay.reason === "clicks_fell")
    return t("post.decay.clicks_fell", {
      before: format.count(previous.clicks),
      now: format.count(current.clicks),
      lost: format.count(decay.clicksLost),
    });
  if (decay.reason === "position_fell")
    return t("post.decay.position_fell", { before: format.position(previous.position), now: format.position(current.position) });
  return t("post.decay.ctr_fell", {
    before: format.ctr(previous.ctr),
    now: format.ctr(current.ctr),
    impressions: format.count(current.impressions),
  });
}

/** Apply (SUGGESTED or REVERTED) and revert (APPLIED), each confirmed first. */
function ApplySection({ improvement, onStored, onStart }: ActionProps) {
  const { t } = useMessages(postMessages);
  const path = { params: { path: { postId: improvement.postId } } };
  const apply = useMutation({
    mutationFn: () => unwrap(api.POST("/api/sites/posts/{postId}/apply", path)),
    onMutate: onStart,
    onSuccess: (next) => onStored(next, t("post.applied")),
  });
  const revert = useMutation({
    mutationFn: () => unwrap(api.POST("/api/sites/posts/{postId}/revert", path)),
    onMutate: onStart,
    onSuccess: (next) => onStored(next, t("post.reverted")),
  });
  const busy = apply.isPending || revert.isPending;
  const applied = improvement.status === "APPLIED";
  const explain = applied
    ? t("post.applyExplainApplied")
    : improvement.status === "REVERTED"
      ? t("post.applyExplainReverted")
      : t("post.applyExplainSuggested");
  return (
    <section className="card" aria-labelledby="post-apply-title">
      <h2 id="post-apply-title">{t("post.applyTitle")}</h2>
      <p>{explain}</p>
      <ErrorNotice error={apply.error ?? revert.error} />
      <div className="actions">
        {applied ? (
          <button
            type="button"
            className="danger secondary"
            disabled={busy}
            onClick={() => {
              apply.reset();
              if (window.confirm(t("post.revertConfirm"))) revert.mutate();
            }}
          >
            {revert.isPending ? t("post.reverting") : t("post.revert")}
          </button>
        ) : (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              revert.reset();
              if (window.confirm(t("post.applyConfirm"))) apply.mutate();
            }}
          >
            {apply.isPending ? t("post.applying") : improvement.status === "REVERTED" ? t("post.applyAgain") : t("post.apply")}
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * The post's title and HTML as WordPress has them. API gap: PostImprovement carries the post's
 * existing-post record (title, word count) but not its body; once the API adds `source: { title, html }`
 * (the version the suggestion was made from), the rendered preview and the text diff use it.
 */
function currentVersionOf(improvement: Improvement): PostVersion | null {
  if (!("source" in improvement)) return null;
  const source: unknown = improvement.source;
  if (typeof source !== "object" || source === null || !("html" in source) || typeof source.html !== "string") return null;
  return { title: "title" in source && typeof source.title === "string" ? source.title : improvement.post.title, html: source.html };
}

function Compare({ improvement, suggestion }: { improvement: Improvement; suggestion: Suggestion }) {
  const { t } = useMessages(postMessages);
  const sites = useWordPressSites();
  const language = sites.data?.find((site) => site.id === improvement.siteId)?.language;
  const current = currentVersionOf(improvement);
  const currentTitle = current?.title ?? improvement.post.title;
  return (
    <section aria-labelledby="post-compare-title">
      <h2 id="post-compare-title">{t("post.compareTitle")}</h2>
      <FieldComparison currentTitle={currentTitle} suggestion={suggestion} />
      <h3>{t("post.titleChanges")}</h3>
      {currentTitle === suggestion.title ? (
        <p>{t("post.titleSame")}</p>
      ) : (
        <WordDiff before={currentTitle} after={suggestion.title} label={t("post.titleChanges")} />
      )}
      <h3>{t("post.changes")}</h3>
      {suggestion.changes.length === 0 ? (
        <p>{t("post.noChanges")}</p>
      ) : (
        <ul className="post-changes">
          {suggestion.changes.map((change, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once per suggestion and never reordered
            <li key={index}>
              <strong>{change.change}</strong> — {change.reason}
            </li>
          ))}
        </ul>
      )}
      <h3>{t("post.rendered")}</h3>
      <div className="split">
        <div className="post-preview">
          <h4>{t("post.currentFrame")}</h4>
          {current ? (
            <Preview html={current.html} title={t("post.currentFrameTitle")} language={language} />
          ) : (
            <p className="notice notice-info">
              {t("post.currentUnavailable")}{" "}
              <a href={improvement.post.url} target="_blank" rel="noopener noreferrer" aria-label={t("post.liveLabel")}>
                {t("post.live")}
              </a>
            </p>
          )}
        </div>
        <div className="post-preview">
          <h4>{t("post.suggestedFrame")}</h4>
          <Preview html={suggestion.html} title={t("post.suggestedFrameTitle")} language={language} />
        </div>
      </div>
      <h3>{t("post.textChanges")}</h3>
      {current ? <TextDiff currentHtml={current.html} suggestedHtml={suggestion.html} /> : <p>{t("post.diffUnavailable")}</p>}
    </section>
  );
}

function FieldComparison({ currentTitle, suggestion }: { currentTitle: string; suggestion: Suggestion }) {
  const { t, number } = useMessages(postMessages);
  const length = (text: string, range: { min: number; max: number }) =>
    t("post.seoLength", { count: number(text.length), min: number(range.min), max: number(range.max) });
  return (
    <>
      <div className="table-wrap" tabIndex={0}>
        <table className="post-compare">
          <thead>
            <tr>
              <th scope="col">{t("post.field")}</th>
              <th scope="col">{t("post.current")}</th>
              <th scope="col">{t("post.suggested")}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t("post.fieldTitle")}</th>
              <td>{currentTitle}</td>
              <td>{suggestion.title}</td>
            </tr>
            <tr>
              <th scope="row">{t("post.seoTitle")}</th>
              <td className="muted">{t("post.notOnWordPress")}</td>
              <td>
                <div>{suggestion.seoTitle}</div>
                <div className="muted">{length(suggestion.seoTitle, SEO_TITLE)}</div>
                <CopyButton value={suggestion.seoTitle} label={t("post.seoTitle")} />
              </td>
            </tr>
            <tr>
              <th scope="row">{t("post.seoDesc")}</th>
              <td className="muted">{t("post.notOnWordPress")}</td>
              <td>
                <div>{suggestion.seoDesc}</div>
                <div className="muted">{length(suggestion.seoDesc, SEO_DESC)}</div>
                <CopyButton value={suggestion.seoDesc} label={t("post.seoDesc")} />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="muted">{t("post.seoNote")}</p>
    </>
  );
}

/** HTML from the API is only ever rendered here: a sandboxed frame (no scripts, no same origin). */
function Preview({ html, title, language }: { html: string; title: string; language: string | undefined }) {
  const { language: panelLanguage } = useMessages(postMessages);
  const srcDoc = useMemo(() => previewDocument(html, language ?? panelLanguage, title), [html, language, panelLanguage, title]);
  return <iframe className="preview" sandbox="" srcDoc={srcDoc} title={title} />;
}

function TextDiff({ currentHtml, suggestedHtml }: { currentHtml: string; suggestedHtml: string }) {
  const { t } = useMessages(postMessages);
  const texts = useMemo(() => ({ before: htmlToText(currentHtml), after: htmlToText(suggestedHtml) }), [currentHtml, suggestedHtml]);
  if (texts.before === texts.after) return <p>{t("post.diffSame")}</p>;
  return <WordDiff before={texts.before} after={texts.after} label={t("post.diffLabel")} />;
}

function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const { t, number } = useMessages(postMessages);
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  if (!parts) return <p>{t("post.diffTooLong", { max: number(MAX_DIFF_WORDS) })}</p>;
  return (
    <>
      <p className="muted">{t("post.diffLegend")}</p>
      {/* Focusable: the region scrolls, and keyboard users must reach all of it. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a named scrolling region inside the section, styled as the other diffs */}
      <div className="diff post-diff" role="region" aria-label={label} tabIndex={0}>
        {parts.map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff parts have no identity of their own and never move
          <DiffText key={index} part={part} last={index === parts.length - 1} />
        ))}
      </div>
    </>
  );
}

function DiffText({ part, last }: { part: DiffPart; last: boolean }) {
  const space = last ? "" : " ";
  if (part.kind === "added")
    return (
      <>
        <ins>{part.text}</ins>
        {space}
      </>
    );
  if (part.kind === "removed")
    return (
      <>
        <del>{part.text}</del>
        {space}
      </>
    );
  return (
    <>
      {part.text}
      {space}
    </>
  );
}
