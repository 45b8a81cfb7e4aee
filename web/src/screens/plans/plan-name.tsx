// A plan's name (PATCH /api/autopilot/plans/{planId}) and what "Plan from Search Console" used.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, fieldError, LengthCounter, Notice, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { estimateNameMessages } from "./estimate-names-messages";
import { PLANS_KEY, planKey, type Plan } from "./shared";

const NAME_MAX = 80;

export function PlanNameForm({ plan }: { plan: Plan }) {
  const { t } = useMessages(estimateNameMessages);
  const queryClient = useQueryClient();
  const [name, setName] = useState(plan.name ?? "");
  const rename = useMutation({
    mutationFn: () => unwrap(api.PATCH("/api/autopilot/plans/{planId}", { params: { path: { planId: plan.id } }, body: { name } })),
    onSuccess: (next) => {
      queryClient.setQueryData(planKey(plan.id), next);
      void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate();
  };
  return (
    <form className="plan-name-form" onSubmit={submit} noValidate>
      <ErrorNotice error={rename.error} />
      {rename.isSuccess ? <Notice tone="success">{t("name.saved")}</Notice> : null}
      <TextField
        label={t("name.label")}
        value={name}
        maxLength={NAME_MAX}
        onChange={(event) => {
          setName(event.target.value);
          rename.reset();
        }}
        aside={<LengthCounter length={name.trim().length} max={NAME_MAX} />}
        error={fieldError(rename.error, "name")}
      />
      <button type="submit" className="secondary" disabled={rename.isPending || name.trim() === (plan.name ?? "")}>
        {rename.isPending ? t("name.saving") : t("name.save")}
      </button>
    </form>
  );
}

/** How many articles came from Search Console, or why none did; nothing for a plan made without the option. */
export function SearchConsoleUse({ plan }: { plan: Plan }) {
  const { t, number } = useMessages(estimateNameMessages);
  const use = plan.fromSearchConsole;
  if (!use) return null;
  const params = { used: number(use.used), opportunities: number(use.opportunities) };
  return (
    <div className={`notice ${use.noneBecause ? "notice-warning" : ""}`} role="status" data-testid="plan-search-console">
      <strong>{t("searchConsole.title")}</strong>{" "}
      {use.noneBecause ? t(`searchConsole.none.${use.noneBecause}`, params) : t("searchConsole.used", params)}
    </div>
  );
}
