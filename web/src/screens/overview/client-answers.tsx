// The clients' answers the team has not acted on yet (GET /api/autopilot/client-answers), as lines
// of the overview's "needs attention": the changes asked for with the comment, and approvals that
// wait for the team to publish.
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { api, unwrap } from "../../api/client";
import { Badge } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { approvalMessages } from "../articles/approval-messages";
import "./client-answers.css";

/** Lines shown; the rest are counted. */
const ANSWERS_SHOWN = 5;

const ATTENTION_KEYS = {
  changes_requested: "attention.changes",
  approved: "attention.approved",
  not_published: "attention.not_published",
  // Never listed (a published article needs nothing), but every outcome has words.
  published: "attention.approved",
} as const;

export function useClientAnswers() {
  return useQuery({
    queryKey: ["/api/autopilot/client-answers"],
    queryFn: () => unwrap(api.GET("/api/autopilot/client-answers")),
  });
}

/** The `<li>` lines of the answers (inside the attention list); nothing while none waits. */
export function ClientAnswerItems() {
  const { t } = useMessages(approvalMessages);
  const answers = useClientAnswers();
  const items = answers.data?.items.slice(0, ANSWERS_SHOWN) ?? [];
  const more = (answers.data?.total ?? 0) - items.length;
  return (
    <>
      {items.map((answer) => (
        <li key={answer.linkId} data-testid="client-answer">
          <Badge status={answer.decision === "approve" ? "success" : "pending"} label={t("attention.badge")} />{" "}
          <Link href={`/articles/${answer.articleId}`}>{t(ATTENTION_KEYS[answer.outcome], { title: answer.title })}</Link>
          {answer.comment ? <blockquote className="attention-comment">{answer.comment}</blockquote> : null}
        </li>
      ))}
      {more > 0 ? <li>{t("attention.more", { count: more })}</li> : null}
    </>
  );
}
