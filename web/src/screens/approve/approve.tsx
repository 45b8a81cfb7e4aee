// The client's approval page (/approve/{token}): no sign-in, the link's secret is in the path.
// It shows the article as it will appear and takes one answer: approve, or ask for changes.
// Whoever opens it is not a user of the panel: no navigation, no session, the language switch only.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError, api, unwrap, type Schemas } from "../../api/client";
import { LanguageSwitch } from "../../components/language-switch";
import { ErrorNotice, Loading, Notice, PageTitle } from "../../components/ui";
import { common } from "../../i18n/common";
import { useMessages } from "../../i18n/language";
import { siteName } from "../../lib/site-name";
import { AnswerSection } from "./answer";
import "./approve.css";
import { ArticleShown, SearchSnippet } from "./article-shown";
import { approveMessages } from "./messages";

export type ApprovalPage = Schemas["ApprovalPage"];

export const approvalKey = (token: string) => ["approval", token] as const;

export function ApproveScreen({ token }: { token: string }) {
  const { t, dateTime } = useMessages(approveMessages);
  const queryClient = useQueryClient();
  const page = useQuery({
    queryKey: approvalKey(token),
    queryFn: () => unwrap(api.GET("/api/approvals/{token}", { params: { path: { token } } })),
  });

  if (page.isPending)
    return (
      <ApproveFrame>
        <Loading />
      </ApproveFrame>
    );
  if (page.error) return <LinkProblem error={page.error} onRetry={() => void page.refetch()} />;

  const shown = page.data;
  const site = shown.site ? siteName(shown.site) : null;
  if (shown.state === "changed" || shown.state === "closed")
    return (
      <ApproveFrame team={shown.account.name}>
        <PageTitle title={t("approve.problemTitle")}>{t("approve.problemTitle")}</PageTitle>
        <Notice tone="warning">
          {shown.state === "changed" ? t("approve.changed") : t("approve.closed")}{" "}
          {shown.contact ? t("approve.askContact", { email: shown.contact.email }) : t("approve.askTeam")}
        </Notice>
      </ApproveFrame>
    );
  return (
    <ApproveFrame team={shown.account.name}>
      {shown.state === "open" ? (
        <>
          <PageTitle title={t("approve.title")}>{t("approve.title")}</PageTitle>
          <p>{site ? t("approve.intro", { site }) : t("approve.introNoSite")}</p>
          <p>
            {t("approve.howTo")} <a href="#answer">{t("approve.toAnswer")}</a>
          </p>
          <p data-testid="approve-effect">
            <strong>{t(`approve.effect.${shown.approveEffect}`)}</strong>
          </p>
          <p className="muted">{t("approve.validUntil", { date: dateTime(shown.expiresAt) })}</p>
        </>
      ) : (
        <>
          <PageTitle title={t("approve.answeredTitle")}>{t("approve.answeredTitle")}</PageTitle>
          <AnsweredNotice page={shown} />
        </>
      )}
      {shown.article ? (
        <>
          <SearchSnippet page={shown} article={shown.article} />
          <ArticleShown article={shown.article} />
        </>
      ) : (
        <Notice tone="info">{t("approve.notShownSince")}</Notice>
      )}
      {shown.state === "open" ? (
        <AnswerSection
          token={token}
          effect={shown.approveEffect}
          onAnswered={(answered) => queryClient.setQueryData(approvalKey(token), answered)}
          onStale={() => void page.refetch()}
        />
      ) : null}
    </ApproveFrame>
  );
}

/** The page's own frame: the product name and the language switch above a single column. */
/** `team`: the account the client answers, by its name (never its e-mail address). */
function ApproveFrame({ children, team }: { children: ReactNode; team?: string }) {
  const { t } = useMessages(common);
  return (
    <div className="approve-page">
      <header className="auth-header">
        {team ? (
          <strong className="brand" data-testid="approve-account-name">
            {team}
          </strong>
        ) : (
          <span className="brand">{t("app.name")}</span>
        )}
        <LanguageSwitch />
      </header>
      <main id="main" className="approve-main">
        {children}
      </main>
    </div>
  );
}

/** What came of the client's answer, kept on the page for later visits. */
function AnsweredNotice({ page }: { page: ApprovalPage }) {
  const { t, dateTime } = useMessages(approveMessages);
  if (!page.outcome) return null;
  return (
    <Notice tone={page.outcome === "not_published" ? "warning" : "success"}>
      <p className="approve-done">{t(`approve.done.${page.outcome}`)}</p>
      {page.decidedAt ? <p className="approve-done">{t("approve.answeredAt", { date: dateTime(page.decidedAt) })}</p> : null}
      {page.comment ? (
        <figure className="approve-comment">
          <figcaption>{t("approve.yourComment")}</figcaption>
          <blockquote>{page.comment}</blockquote>
        </figure>
      ) : null}
      {page.outcome === "published" && page.article?.url && /^https?:\/\//i.test(page.article.url) ? (
        <p className="approve-done">
          <a href={page.article.url} target="_blank" rel="noopener noreferrer">
            {t("approve.seeIt")} <span className="visually-hidden">{t("approve.opensNewTab")}</span>
          </a>
        </p>
      ) : null}
    </Notice>
  );
}

/** Unknown (404), expired or revoked (410): said plainly; anything else as the panel says errors. */
function LinkProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useMessages(approveMessages);
  const code = error instanceof ApiError ? error.code : null;
  const known = code === "approval_link_unknown" ? "approve.unknown" : code === "approval_link_expired" ? "approve.expired" : null;
  return (
    <ApproveFrame>
      <PageTitle title={t("approve.problemTitle")}>{t("approve.problemTitle")}</PageTitle>
      {known ? <Notice tone="warning">{t(known)}</Notice> : <ErrorNotice error={error} onRetry={onRetry} />}
    </ApproveFrame>
  );
}
