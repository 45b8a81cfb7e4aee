import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, Notice } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { planKey, type Plan, type PlanItem } from "./shared";
import { planHealthMessages } from "./site-health-messages";

/** The pace warning of a plan whose cadence the site's maxNewPerWeek cannot carry. */
export function PlanPaceNotice({ plan }: { plan: Plan }) {
  const { t, number } = useMessages(planHealthMessages);
  if (!plan.pace?.exceeds) return null;
  return (
    <Notice tone="warning">
      {t("pace.exceeds", { planned: number(plan.pace.planned), max: number(plan.pace.maxNewPerWeek) })}{" "}
      <Link href={`/sites/${plan.siteId}`}>{t("pace.openSite")}</Link>
    </Notice>
  );
}

/** The plan's topic cluster: its pillar keyword and how many spokes link to it. */
export function PlanCluster({ plan }: { plan: Plan }) {
  const { t, number } = useMessages(planHealthMessages);
  if (!plan.cluster) return null;
  return (
    <section className="card" aria-labelledby="plan-cluster-title">
      <h2 id="plan-cluster-title">{t("cluster.title")}</h2>
      <p>{t("cluster.pillar", { keyword: plan.cluster.pillarKeyword })}</p>
      <p className="muted">{t("cluster.spokes", { count: number(plan.cluster.spokeItemIds.length) })}</p>
    </section>
  );
}

/** Under an item: its cluster role, its overlap with the improve / new switch, and a pace hold. */
export function ItemSiteHealth({ planId, item, mayAct }: { planId: string; item: PlanItem; mayAct: boolean }) {
  const { t, number } = useMessages(planHealthMessages);
  const queryClient = useQueryClient();
  const editable = item.status === "PLANNED" || item.status === "SCHEDULED";
  const choose = useMutation({
    mutationFn: (suggestion: "improve" | "new") =>
      unwrap(api.PATCH("/api/autopilot/items/{itemId}", { params: { path: { itemId: item.id } }, body: { suggestion } })),
    onSuccess: (updated) => {
      queryClient.setQueryData<Plan>(planKey(planId), (plan) =>
        plan ? { ...plan, items: plan.items.map((each) => (each.id === updated.id ? updated : each)) } : plan,
      );
    },
  });
  const { overlap } = item;
  return (
    <div className="item-site-health">
      {item.cluster ? (
        <span className="badge">{item.cluster.role === "pillar" ? t("cluster.pillarBadge") : t("cluster.spokeBadge")}</span>
      ) : null}
      {item.waitReason === "pace" ? <p className="muted">{t("pace.waiting")}</p> : null}
      {overlap ? (
        <p className="muted">
          {overlap.kind === "item"
            ? t("overlap.item", { shared: number(overlap.sharedResults ?? 0) })
            : overlap.query
              ? t("overlap.page", { url: overlap.url ?? "", query: overlap.query, position: number(overlap.position ?? 0) })
              : t("overlap.pageNoQuery", { url: overlap.url ?? "" })}
        </p>
      ) : null}
      {overlap && item.suggestion && mayAct && editable && overlap.postId ? (
        <fieldset className="item-suggestion" aria-label={t("overlap.switchLabel", { title: item.title })}>
          {(["improve", "new"] as const).map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name={`suggestion-${item.id}`}
                checked={item.suggestion === choice}
                disabled={choose.isPending}
                onChange={() => choose.mutate(choice)}
              />{" "}
              {t(`overlap.${choice}`)}
            </label>
          ))}
          <p className="muted">{item.suggestion === "improve" ? t("overlap.improveHint") : t("overlap.newHint")}</p>
        </fieldset>
      ) : null}
      <ErrorNotice error={choose.error} />
    </div>
  );
}
