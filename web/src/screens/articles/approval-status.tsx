// The client's approval in the articles list and the review queue: a column and a filter
// (`approval` on GET /api/autopilot/articles).
import type { Schemas } from "../../api/client";
import { Badge, SelectField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { approvalMessages } from "./approval-messages";

type ApprovalEffect = Schemas["ApprovalEffect"];

/** What a client's approval does in a plan of this mode, as the API decides it (src/approvals/effect.ts). */
export function approvalEffectOfMode(mode: Schemas["Plan"]["publishMode"]): ApprovalEffect {
  return mode === "publish" ? "publish_now" : "team_publishes";
}

/** The sentence the link dialogs say before a link is made: what approving will do. */
export function ApprovalEffectNote({ effect }: { effect: ApprovalEffect }) {
  const { t } = useMessages(approvalMessages);
  return (
    <p data-testid="approval-effect">
      <strong>{t(`approval.effect.${effect}`)}</strong>
    </p>
  );
}

export type ApprovalStatus = Schemas["ArticleSummary"]["approvalStatus"];
const APPROVAL_STATUSES = ["awaiting", "changes_requested", "approved", "none"] as const satisfies readonly ApprovalStatus[];
const BADGES = { awaiting: "scheduled", changes_requested: "pending", approved: "success" } as const;

export const isApprovalStatus = (value: string | null): value is ApprovalStatus =>
  (APPROVAL_STATUSES as readonly (string | null)[]).includes(value);

/** The column's cell: a badge while a client is involved, a dash otherwise. */
export function ApprovalStatusCell({ status }: { status: ApprovalStatus }) {
  const { t } = useMessages(approvalMessages);
  if (status === "none") return <span className="muted">—</span>;
  return <Badge status={BADGES[status]} label={t(`approvalStatus.${status}`)} />;
}

export function ApprovalStatusFilter({ value, onChange }: { value: ApprovalStatus | null; onChange(value: string | null): void }) {
  const { t } = useMessages(approvalMessages);
  return (
    <SelectField label={t("approvalStatus.label")} value={value ?? ""} onChange={(event) => onChange(event.target.value || null)}>
      <option value="">{t("approvalStatus.any")}</option>
      {APPROVAL_STATUSES.map((status) => (
        <option key={status} value={status}>
          {t(`approvalStatus.${status}`)}
        </option>
      ))}
    </SelectField>
  );
}

export function useApprovalColumnLabel(): string {
  return useMessages(approvalMessages).t("approvalStatus.label");
}
