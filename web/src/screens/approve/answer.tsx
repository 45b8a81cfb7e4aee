// The client's two answers: approve (after a confirmation: it cannot be undone), or ask for
// changes with a comment. One answer per link: when the API says the page moved on (answered
// meanwhile, the article changed, the link expired), the page is read again and says so.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError, api, unwrap } from "../../api/client";
import { ErrorNotice, fieldError, TextArea } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import type { ApprovalPage } from "./approve";
import { approveMessages } from "./messages";

const MAX_COMMENT = 2000;
/** Codes after which the page as the API sees it now says more than any error sentence. */
const STALE = ["approval_answered", "article_changed", "article_not_in_review", "approval_link_expired", "approval_link_unknown"];

type Answer = { decision: "approve" } | { decision: "changes"; comment: string };

export function AnswerSection({
  token,
  effect,
  onAnswered,
  onStale,
}: {
  token: string;
  /** What approving does (the plan's mode): said again in the confirmation. */
  effect: ApprovalPage["approveEffect"];
  onAnswered: (page: ApprovalPage) => void;
  onStale: () => void;
}) {
  const { t } = useMessages(approveMessages);
  const [confirming, setConfirming] = useState(false);
  const [comment, setComment] = useState("");
  const [missingComment, setMissingComment] = useState(false);
  // The Approve button gives way to the confirmation: the keyboard's place moves to it.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const send = useMutation({
    mutationFn: (body: Answer) => unwrap(api.POST("/api/approvals/{token}", { params: { path: { token } }, body })),
    onSuccess: onAnswered,
    onError: (error) => {
      if (error instanceof ApiError && STALE.includes(error.code)) onStale();
    },
  });
  const sending = (decision: Answer["decision"]) => send.isPending && send.variables?.decision === decision;

  return (
    <section className="card approve-answer" id="answer" aria-labelledby="answer-heading" tabIndex={-1}>
      <h2 id="answer-heading">{t("approve.answerHeading")}</h2>
      <p>{t("approve.answerIntro")}</p>
      <ErrorNotice error={send.error instanceof ApiError && send.error.issues.length > 0 ? null : send.error} />
      {confirming ? (
        <div className="approve-confirm">
          <p id="approve-confirm-text">{t(`approve.confirm.${effect}`)}</p>
          <div className="actions">
            <button
              type="button"
              ref={confirmButton}
              aria-describedby="approve-confirm-text"
              disabled={send.isPending}
              onClick={() => send.mutate({ decision: "approve" })}
            >
              {sending("approve") ? t("approve.approving") : t("approve.confirm")}
            </button>
            <button type="button" className="secondary" disabled={send.isPending} onClick={() => setConfirming(false)}>
              {t("approve.cancel")}
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setConfirming(true)} disabled={send.isPending}>
            {t("approve.approve")}
          </button>
        </div>
      )}

      <h3>{t("approve.changesHeading")}</h3>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const text = comment.trim();
          setMissingComment(text === "");
          if (text !== "") send.mutate({ decision: "changes", comment: text });
        }}
      >
        <TextArea
          label={t("approve.comment")}
          hint={t("approve.commentHint")}
          maxLength={MAX_COMMENT}
          required
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            if (missingComment && event.target.value.trim() !== "") setMissingComment(false);
          }}
          error={missingComment ? t("approve.commentRequired") : fieldError(send.error, "comment")}
        />
        <button type="submit" className="secondary" disabled={send.isPending}>
          {sending("changes") ? t("approve.sending") : t("approve.requestChanges")}
        </button>
      </form>
    </section>
  );
}
