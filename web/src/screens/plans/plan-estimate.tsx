// The cost of approving a plan, said before it is spent (GET /api/autopilot/plans/{planId}/estimate):
// the total and the balance after, a clear word when the balance is short, and a confirmation
// before the approval starts paid work. The approve button says the total.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, Loading } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useRole } from "../../lib/current-member";
import { estimateNameMessages } from "./estimate-names-messages";
import { planMessages } from "./messages";
import type { Plan } from "./shared";

export const estimateKey = (planId: string) => ["/api/autopilot/plans/{planId}/estimate", planId] as const;

interface ApproveWithEstimateProps {
  plan: Plan;
  resuming: boolean;
  busy: boolean;
  pending: boolean;
  onApprove: () => void;
}

export function ApproveWithEstimate({ plan, resuming, busy, pending, onApprove }: ApproveWithEstimateProps) {
  const { t, money, number } = useMessages(estimateNameMessages);
  const words = useMessages(planMessages);
  const { can } = useRole();
  const [confirming, setConfirming] = useState(false);
  const estimate = useQuery({
    queryKey: [...estimateKey(plan.id), plan.updatedAt],
    queryFn: () => unwrap(api.GET("/api/autopilot/plans/{planId}/estimate", { params: { path: { planId: plan.id } } })),
  });
  if (estimate.isPending) return <Loading />;
  if (!estimate.data) return <ErrorNotice error={estimate.error} onRetry={() => void estimate.refetch()} />;
  const e = estimate.data;
  const short = Number(e.balanceAfter) < 0;
  const total = money(e.total);
  return (
    <div className="plan-estimate" data-testid="plan-estimate">
      <h3>{t("estimate.title")}</h3>
      <dl className="plan-facts">
        <dt>{t("estimate.articles")}</dt>
        <dd>{number(e.articles)}</dd>
        {e.byok ? null : (
          <>
            <dt>{t("estimate.price")}</dt>
            <dd>{money(e.pricePerArticle)}</dd>
            <dt>{t("estimate.total")}</dt>
            <dd data-testid="estimate-total">
              <strong>{total}</strong>
            </dd>
            <dt>{t("estimate.balance")}</dt>
            <dd>{money(e.balance)}</dd>
            <dt>{t("estimate.balanceAfter")}</dt>
            <dd data-testid="estimate-balance-after">{money(e.balanceAfter)}</dd>
          </>
        )}
      </dl>
      <p className="muted">{e.byok ? t("estimate.byok") : t("estimate.chargedWhen")}</p>
      {short ? (
        <div className="notice notice-warning" role="alert">
          {t("estimate.short", { short: money(e.balanceAfter.replace(/^-/, "")) })}{" "}
          {can("billing") ? <Link href="/billing">{t("estimate.topUp")}</Link> : null}
        </div>
      ) : null}
      {confirming ? (
        <div className="notice" role="status">
          <p>
            {e.byok
              ? t("estimate.confirmByok", { articles: number(e.articles) })
              : t("estimate.confirm", { articles: number(e.articles), total, after: money(e.balanceAfter) })}
          </p>
          <div className="actions">
            <button type="button" disabled={busy} onClick={onApprove}>
              {pending ? (resuming ? words.t("plan.resuming") : words.t("plan.approving")) : t("estimate.confirmYes")}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              {t("estimate.cancel")}
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          <button type="button" disabled={busy} onClick={() => setConfirming(true)}>
            {t(resuming ? "estimate.resumeFor" : "estimate.approveFor", { total })}
          </button>
        </div>
      )}
    </div>
  );
}
