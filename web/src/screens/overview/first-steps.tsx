import { Link } from "wouter";
import type { Schemas } from "../../api/client";
import { useMessages } from "../../i18n/language";
import { overviewMessages } from "./messages";
import { useRole } from "../../lib/current-member";

type Step = "site" | "plan" | "approve";
const STEPS: readonly Step[] = ["site", "plan", "approve"];

/**
 * Where a new account starts: connect a site, then make a plan, then approve it. The step the
 * account is at, with its one action; nothing once a plan has been approved. Shown only when
 * both lists have answered, so an established account never sees it flash.
 */
export function FirstSteps({
  sites,
  plans,
}: {
  sites: Schemas["Site"][] | undefined;
  plans: { items: Schemas["PlanSummary"][]; total: number } | undefined;
}) {
  const { t } = useMessages(overviewMessages);
  const { can } = useRole();
  if (!sites || !plans) return null;
  const liveSites = sites.filter((site) => site.status !== "DISCONNECTED");
  // Approving is the next step while every plan is a draft (all of them listed: a long list means an established account).
  const onlyDrafts = plans.total > 0 && plans.total === plans.items.length && plans.items.every((plan) => plan.status === "DRAFT");
  const draft = plans.items[0];
  const step: Step | null = liveSites.length === 0 ? "site" : plans.total === 0 ? "plan" : onlyDrafts ? "approve" : null;
  // Shown to those who can take the step: connecting a site is an admin's, planning and approving an editor's.
  if (!step || !can(step === "site" ? "admin" : "publish")) return null;
  const current = STEPS.indexOf(step);
  const action = {
    site: { href: "/sites?connect=wordpress", text: t("steps.site.action"), other: { href: "/sites", text: t("steps.site.other") } },
    plan: { href: `/plans?siteId=${encodeURIComponent(liveSites[0]?.id ?? "")}`, text: t("steps.plan.action"), other: null },
    approve: { href: `/plans/${draft?.id ?? ""}`, text: t("steps.approve.action"), other: null },
  }[step];
  return (
    <section className="card first-steps" aria-labelledby="first-steps-title">
      <h2 id="first-steps-title">{t(`steps.${step}.title`)}</h2>
      <p>{t(`steps.${step}.body`)}</p>
      <ol className="first-steps-list">
        {STEPS.map((each, index) => (
          <li
            key={each}
            className={index < current ? "step-done" : index === current ? "step-current" : undefined}
            aria-current={index === current ? "step" : undefined}
          >
            <span className="step-name">{t(`steps.${each}.name`)}</span>{" "}
            {index < current ? <span className="muted">({t("steps.done")})</span> : null}
          </li>
        ))}
      </ol>
      <div className="actions">
        <Link href={action.href} className="button">
          {action.text}
        </Link>
        {action.other ? (
          <Link href={action.other.href} className="button secondary">
            {action.other.text}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
