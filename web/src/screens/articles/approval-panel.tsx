// The team's side of client approval links (docs/guides/approval-links.md) on the article page:
// while the article waits in review, make a link (its address is shown once), see where the
// latest link stands and what the client answered, withdraw it. Editors and up make and withdraw
// links; other roles read where it stands.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap, type Schemas } from "../../api/client";
import { CheckField, CopyButton, ErrorNotice, Notice, SelectField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useRole } from "../../lib/current-member";
import { planItemQuery } from "./article-queries";
import { useApprovalHistory } from "./approval-history";
import { approvalMessages } from "./approval-messages";
import { ApprovalEffectNote } from "./approval-status";
import "./approval-panel.css";
import { articleKey } from "./shared";

type Article = Schemas["Article"];
type Approval = NonNullable<Article["approval"]>;
type ApprovalLink = Schemas["ApprovalLink"];

/** Days a new link may live (the API allows 1–60); 14 is the API's default. */
const EXPIRY_DAYS = [7, 14, 30, 60] as const;
const DEFAULT_EXPIRY_DAYS = 14;

/** Whether the article waits in review as the API means it: pending, with its plan item in REVIEW. */
function useWaitsInReview(article: Article): boolean {
  const itemId = article.status === "pending" ? article.planItemId : null;
  const item = useQuery({ ...planItemQuery(itemId ?? ""), enabled: itemId !== null });
  return itemId !== null && item.data?.status === "REVIEW";
}

/** The "Client approval" box; nothing for an article that does not wait in review. */
export function ApprovalPanel({ article }: { article: Article }) {
  const waits = useWaitsInReview(article);
  const mayLink = useRole().can("publish", article.siteId);
  if (!waits) return null;
  return <ApprovalBox article={article} mayLink={mayLink} />;
}

function ApprovalBox({ article, mayLink }: { article: Article; mayLink: boolean }) {
  const { t, number } = useMessages(approvalMessages);
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number>(DEFAULT_EXPIRY_DAYS);
  const [showQuality, setShowQuality] = useState(false);
  const effect = useApprovalHistory(article.id).data?.approveEffect;
  const approval = article.approval;
  const path = { params: { path: { articleId: article.id } } };
  // Returned from onSuccess, so the buttons stay busy until the article says where the new link stands.
  const reload = () => queryClient.invalidateQueries({ queryKey: articleKey(article.id) });
  const create = useMutation({
    mutationFn: (expiresInDays: number) =>
      unwrap(api.POST("/api/autopilot/articles/{articleId}/approval-link", { ...path, body: { expiresInDays, showQuality } })),
    onSuccess: reload,
  });
  const revoke = useMutation({
    mutationFn: () => unwrap(api.DELETE("/api/autopilot/articles/{articleId}/approval-link", path)),
    onSuccess: reload,
  });
  const check = useMutation({ mutationFn: reload });
  const busy = create.isPending || revoke.isPending;
  // The address exists only in the answer that made the link: shown while that link is the latest and open.
  const made = create.data && approval?.linkId === create.data.id && approval.state === "open" ? create.data : null;
  const open = approval?.state === "open";
  const approved = approval?.state === "answered" && approval.decision === "approve";

  return (
    <section className="card approval-panel" aria-labelledby="approval-heading" data-testid="approval-panel">
      <h2 id="approval-heading">{t("approval.title")}</h2>
      <p>{t("approval.intro")}</p>
      {approval ? <LinkState article={article} approval={approval} effect={effect} /> : <p>{t("approval.none")}</p>}
      {made ? <LinkToSend link={made} label={t("approval.urlLabel")} intro={t("approval.created")} expiry={false} /> : null}
      {open && !made ? <p className="muted">{t("approval.openNoUrl")}</p> : null}
      <ErrorNotice error={create.error ?? revoke.error ?? check.error} />
      {mayLink && !approved ? (
        <>
          {effect ? <ApprovalEffectNote effect={effect} /> : null}
          <SelectField
            className="approval-expiry"
            label={t("approval.expiry")}
            value={String(days)}
            onChange={(event) => setDays(Number(event.target.value))}
            disabled={busy}
          >
            {EXPIRY_DAYS.map((count) => (
              <option key={count} value={count}>
                {t("approval.days", { count: number(count) })}
              </option>
            ))}
          </SelectField>
          <CheckField
            label={t("approval.showQuality")}
            hint={t("approval.showQualityHint")}
            checked={showQuality}
            onChange={(event) => setShowQuality(event.target.checked)}
            disabled={busy}
          />
          {open ? <p className="muted">{t("approval.replaces")}</p> : null}
        </>
      ) : null}
      <div className="actions">
        {mayLink && !approved ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              revoke.reset();
              create.mutate(days);
            }}
          >
            {create.isPending ? t("approval.making") : approval ? t("approval.makeNew") : t("approval.make")}
          </button>
        ) : null}
        {mayLink && open ? (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => {
              if (!window.confirm(t("approval.withdrawConfirm"))) return;
              create.reset();
              revoke.mutate();
            }}
          >
            {revoke.isPending ? t("approval.withdrawing") : t("approval.withdraw")}
          </button>
        ) : null}
        {open ? (
          <button type="button" className="secondary" disabled={check.isPending} onClick={() => check.mutate()}>
            {check.isPending ? t("approval.checking") : t("approval.check")}
          </button>
        ) : null}
      </div>
      {mayLink ? null : <p className="muted">{t("approval.editorsOnly")}</p>}
    </section>
  );
}

/** Where the latest link stands, in words; the client's comment set apart. */
function LinkState({ article, approval, effect }: { article: Article; approval: Approval; effect: Schemas["ApprovalEffect"] | undefined }) {
  const { t, dateTime } = useMessages(approvalMessages);
  switch (approval.state) {
    case "open":
      return <p data-testid="approval-state">{t("approval.open", { date: dateTime(approval.expiresAt) })}</p>;
    case "answered": {
      const decidedAt = approval.decidedAt ?? approval.expiresAt;
      if (approval.decision === "approve")
        return (
          <Notice tone="success">
            <span data-testid="approval-state">{t("approval.approved", { date: dateTime(decidedAt) })}</span>{" "}
            {/* The panel shows this box only while the article waits in review: an approval that is still here was not published. */}
            {effect === "team_publishes" ? t("approval.approvedTeamPublishes") : t("approval.approvedNotPublished")}
          </Notice>
        );
      const editedSince = Date.parse(article.updatedAt) > Date.parse(decidedAt);
      return (
        <>
          <p data-testid="approval-state">
            <strong>{t("approval.changes", { date: dateTime(decidedAt) })}</strong>
          </p>
          {approval.comment ? (
            <figure className="approval-comment">
              <figcaption>{t("approval.comment")}</figcaption>
              <blockquote data-testid="approval-comment">{approval.comment}</blockquote>
            </figure>
          ) : null}
          <p>{editedSince ? t("approval.editedSince") : t("approval.changesNext")}</p>
        </>
      );
    }
    case "expired":
      return (
        <Notice tone="warning">
          <span data-testid="approval-state">{t("approval.expired", { date: dateTime(approval.expiresAt) })}</span>
        </Notice>
      );
    default:
      return (
        <Notice tone="warning">
          <span data-testid="approval-state">{t(`approval.${approval.state}`)}</span>
        </Notice>
      );
  }
}

/** A link's address as the API gave it once, with a copy button and (unless said already) when it stops working. */
export function LinkToSend({ link, label, intro, expiry = true }: { link: ApprovalLink; label: string; intro?: string; expiry?: boolean }) {
  const { t, dateTime } = useMessages(approvalMessages);
  return (
    <div className="approval-made">
      {intro ? <p>{intro}</p> : null}
      <p className="approval-url">
        <span className="visually-hidden">{label}: </span>
        <code data-testid="approval-url">{link.url}</code>
      </p>
      <div className="actions">
        <CopyButton value={link.url} label={label} />
        {expiry ? <span className="muted">{t("approval.worksUntil", { date: dateTime(link.expiresAt) })}</span> : null}
      </div>
    </div>
  );
}
