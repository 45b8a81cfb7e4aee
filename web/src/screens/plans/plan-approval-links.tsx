// The plan page's approval links: one link per article of the plan waiting for review, made at
// once (POST /api/autopilot/plans/{planId}/approval-links), each address shown once with a copy
// button. Nothing for a plan with no article in review, nor for roles below editor.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { api, ApiError, unwrap } from "../../api/client";
import { CheckField, ErrorNotice, Notice } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useRole } from "../../lib/current-member";
import { LinkToSend } from "../articles/approval-panel";
import { approvalMessages } from "../articles/approval-messages";
import { ApprovalEffectNote, approvalEffectOfMode } from "../articles/approval-status";
import { articleKey } from "../articles/shared";
import { planApprovalMessages } from "./approval-links-messages";
import { planKey } from "./shared";

export function PlanApprovalLinks({ planId }: { planId: string }) {
  const { t, number } = useMessages(planApprovalMessages);
  const { t: teamWords } = useMessages(approvalMessages);
  const queryClient = useQueryClient();
  // The plan screen's own query (same key): read from its cache, refreshed with it.
  const plan = useQuery({
    queryKey: planKey(planId),
    queryFn: () => unwrap(api.GET("/api/autopilot/plans/{planId}", { params: { path: { planId } } })),
  });
  const { can } = useRole();
  const [showQuality, setShowQuality] = useState(false);
  const make = useMutation({
    mutationFn: () =>
      unwrap(api.POST("/api/autopilot/plans/{planId}/approval-links", { params: { path: { planId } }, body: { showQuality } })),
    onSuccess: ({ links }) => {
      for (const link of links) void queryClient.invalidateQueries({ queryKey: articleKey(link.articleId) });
    },
    // The plan's counts were stale: read it again, so the page no longer offers the button.
    onError: (error) => {
      if (error instanceof ApiError && error.code === "article_not_in_review")
        void queryClient.invalidateQueries({ queryKey: planKey(planId) });
    },
  });
  // The plan said an article waited, but none did by the time of the click: a sentence, not an error.
  const noneWaits = make.error instanceof ApiError && make.error.code === "article_not_in_review";
  const inReview = plan.data?.counts.REVIEW ?? 0;
  if (!plan.data || !can("publish", plan.data.siteId)) return null;
  if (inReview === 0 && !make.data && !noneWaits) return null;

  return (
    <section className="card approval-links" aria-labelledby="plan-approval-title" data-testid="plan-approval-links">
      <h2 id="plan-approval-title">{t("planLinks.title")}</h2>
      {inReview > 0 ? <p>{t("planLinks.intro", { count: number(inReview) })}</p> : null}
      {inReview > 0 ? <ApprovalEffectNote effect={approvalEffectOfMode(plan.data.publishMode)} /> : null}
      {noneWaits ? <Notice>{t("planLinks.noneInReview")}</Notice> : <ErrorNotice error={make.error} />}
      {make.data ? (
        <>
          <p>{t("planLinks.made")}</p>
          <ul className="approval-link-list">
            {make.data.links.map((link) => (
              <li key={link.id}>
                <Link href={`/articles/${link.articleId}`}>{link.title}</Link>
                <LinkToSend link={link} label={t("planLinks.urlLabel", { title: link.title })} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {inReview > 0 ? (
        <CheckField
          label={teamWords("approval.showQuality")}
          hint={teamWords("approval.showQualityHint")}
          checked={showQuality}
          onChange={(event) => setShowQuality(event.target.checked)}
          disabled={make.isPending}
        />
      ) : null}
      {inReview > 0 ? (
        <div className="actions">
          <button type="button" disabled={make.isPending} onClick={() => make.mutate()}>
            {make.isPending ? t("planLinks.making") : make.data ? t("planLinks.makeAgain") : t("planLinks.make")}
          </button>
        </div>
      ) : null}
    </section>
  );
}
