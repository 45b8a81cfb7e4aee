// The article's approval history (GET /api/autopilot/articles/{articleId}/approvals): every link,
// who made it and when, until when it worked or when it was withdrawn, and the client's answer
// and comment. Shown whatever the article's status, so it stays after publication.
import { useQuery } from "@tanstack/react-query";
import type { Schemas } from "../../api/client";
import { Badge, ErrorNotice } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { approvalMessages } from "./approval-messages";
import { approvalHistoryQuery } from "./article-queries";

type HistoryLink = Schemas["ApprovalHistory"]["links"][number];

export { approvalHistoryKey } from "./article-queries";

export function useApprovalHistory(articleId: string) {
  return useQuery(approvalHistoryQuery(articleId));
}

/** The "Approval history" box; nothing for an article that never had a link. */
export function ApprovalHistory({ articleId }: { articleId: string }) {
  const { t } = useMessages(approvalMessages);
  const history = useApprovalHistory(articleId);
  if (history.error) return <ErrorNotice error={history.error} onRetry={() => void history.refetch()} />;
  const links = history.data?.links ?? [];
  if (links.length === 0) return null;
  return (
    <section className="card approval-history" aria-labelledby="approval-history-heading" data-testid="approval-history">
      <h2 id="approval-history-heading">{t("history.title")}</h2>
      <ol className="approval-history-list">
        {links.map((link) => (
          <HistoryEntry key={link.id} link={link} />
        ))}
      </ol>
    </section>
  );
}

function HistoryEntry({ link }: { link: HistoryLink }) {
  const { t, dateTime } = useMessages(approvalMessages);
  const made = link.createdBy
    ? t("history.made", { date: dateTime(link.createdAt), who: link.createdBy.email })
    : t("history.madeByFormer", { date: dateTime(link.createdAt) });
  return (
    <li data-testid="approval-history-entry">
      <p className="approval-history-made">
        {made} · <LinkFate link={link} />
        {link.showQuality ? ` · ${t("history.scoreShown")}` : ""}
      </p>
      {link.decision && link.decidedAt ? (
        <>
          <p>
            <Badge
              status={link.decision === "approve" ? "success" : "pending"}
              label={t(link.decision === "approve" ? "approvalStatus.approved" : "approvalStatus.changes_requested")}
            />{" "}
            {t(link.decision === "approve" ? "history.approved" : "history.changes", { date: dateTime(link.decidedAt) })}
          </p>
          {link.comment ? <blockquote className="approval-history-comment">{link.comment}</blockquote> : null}
        </>
      ) : null}
    </li>
  );
}

/** Where a link ended (or that it still waits), in words. */
function LinkFate({ link }: { link: HistoryLink }) {
  const { t, dateTime } = useMessages(approvalMessages);
  switch (link.state) {
    case "revoked":
      return t("history.revoked", { date: dateTime(link.revokedAt ?? link.expiresAt) });
    case "expired":
      return t("history.expired", { date: dateTime(link.expiresAt) });
    case "changed":
      return t("history.changed");
    case "closed":
      return t("history.closed");
    case "open":
      return `${t("history.open")}, ${t("history.expires", { date: dateTime(link.expiresAt) })}`;
    default:
      return t("history.expires", { date: dateTime(link.expiresAt) });
  }
}
