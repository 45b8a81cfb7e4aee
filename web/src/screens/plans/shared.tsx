// Pieces both plan screens use: a site's short name, status badges and counts.
import type { Schemas } from "../../api/client";
import { Badge } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { planMessages } from "./messages";

export type Plan = Schemas["Plan"];
export type PlanSummary = Schemas["PlanSummary"];
export type PlanItem = Schemas["PlanItem"];
export type ItemStatus = PlanItem["status"];
export type PublishMode = Plan["publishMode"];

export const PLANS_KEY = ["/api/autopilot/plans"] as const;
export const planKey = (planId: string) => ["/api/autopilot/plans/{planId}", planId] as const;
export { itemKey } from "./item-key";

/** The page of one item: its research and why it waits for review. */
export const itemPath = (planId: string, itemId: string) => `/plans/${planId}/items/${itemId}`;

export const ITEM_STATUSES: readonly ItemStatus[] = ["PLANNED", "SCHEDULED", "QUEUED", "GENERATING", "REVIEW", "PUBLISHED", "FAILED"];
export const PUBLISH_MODES: readonly PublishMode[] = ["publish", "draft", "review"];

export { siteName } from "../../lib/site-name";

/** Providers by their product names; the offline stand-ins in the owner's words. */
const PROVIDER_NAMES: Record<string, string> = {
  dataforseo: "DataForSEO",
  openai: "OpenAI",
  anthropic: "Anthropic",
  "workers-ai": "Workers AI",
};

export function useProviderName(): (provider: string) => string {
  const { t } = useMessages(planMessages);
  return (provider) => (provider === "offline" ? t("research.offline") : (PROVIDER_NAMES[provider] ?? provider));
}

export function PlanStatusBadge({ status }: { status: Plan["status"] }) {
  const { t } = useMessages(planMessages);
  return <Badge status={status} label={t(`planStatus.${status}`)} />;
}

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const { t } = useMessages(planMessages);
  return <Badge status={status} label={t(`itemStatus.${status}`)} />;
}

/** "Published: 3, Failed: 1": only the statuses that have items. */
export function ItemCounts({ counts }: { counts: Plan["counts"] }) {
  const { t, number } = useMessages(planMessages);
  const present = ITEM_STATUSES.filter((status) => counts[status] > 0);
  if (present.length === 0) return <span className="muted">{t("plans.noItems")}</span>;
  return (
    <ul className="plan-counts">
      {present.map((status) => (
        <li key={status}>
          {t(`itemStatus.${status}`)}: <strong>{number(counts[status])}</strong>
        </li>
      ))}
    </ul>
  );
}

/** The plan's warnings, in words chosen by their codes (the API's `warnings` are English). */
export function Warnings({ details }: { details: Plan["warningDetails"] }) {
  const { t, number } = useMessages(planMessages);
  if (details.length === 0) return null;
  const numbers = (params: Record<string, number>) =>
    Object.fromEntries(Object.entries(params).map(([name, value]) => [name, number(value)]));
  return (
    <div className="notice notice-warning" role="status">
      <strong>{t("plan.warnings")}</strong>
      <ul className="plan-warnings">
        {details.map((warning) => (
          <li key={warning.code}>{t(`warning.${warning.code}`, numbers(warning.params))}</li>
        ))}
      </ul>
    </div>
  );
}
