// A member's role and sites, changed in place under their row (PATCH /api/members/{id}).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { api, unwrap, type Schemas } from "../../api/client";
import { MEMBERS_KEY } from "../../api/query-keys";
import { useRoleName } from "../../components/role-notice";
import { ErrorNotice, fieldError, SelectField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { roleMessages } from "../../i18n/roles";
import { useRole } from "../../lib/current-member";
import { type Role, rolesToGive } from "../../lib/roles";
import { memberMessages } from "./members-messages";
import { SiteChoice, type SiteLimit } from "./site-choice";

type Member = Schemas["Member"];

export function MemberEditor({ member, onClose }: { member: Member; onClose(saved: Member | null): void }) {
  const { t } = useMessages(memberMessages);
  const roleText = useMessages(roleMessages);
  const roleName = useRoleName();
  const queryClient = useQueryClient();
  const { role: myRole } = useRole();
  const [role, setRole] = useState<Role>(member.role);
  const [sites, setSites] = useState<SiteLimit>(member.siteIds && member.siteIds.length > 0 ? member.siteIds : null);
  const [noSites, setNoSites] = useState(false);
  const headingId = useId();
  const save = useMutation({
    mutationFn: () =>
      unwrap(api.PATCH("/api/members/{memberId}", { params: { path: { memberId: member.id } }, body: { role, siteIds: sites } })),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
      onClose(saved);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = sites !== null && sites.length === 0;
    setNoSites(empty);
    if (empty) return save.reset();
    save.mutate();
  };
  return (
    <form className="member-edit-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{t("member.changeTitle", { email: member.email })}</h3>
      <ErrorNotice error={save.error} />
      <SelectField
        label={t("invite.role")}
        value={role}
        hint={roleText.t("roleLine", { role: roleName(role), what: roleText.t(`roleHint.${role}`) })}
        onChange={(event) => setRole(event.target.value as Role)}
        error={fieldError(save.error, "role")}
      >
        {rolesToGive(myRole).map((candidate) => (
          <option key={candidate} value={candidate}>
            {roleName(candidate)}
          </option>
        ))}
      </SelectField>
      <SiteChoice value={sites} onChange={setSites} error={noSites ? t("sites.choose") : fieldError(save.error, "siteIds")} />
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {t("member.save")}
        </button>
        <button type="button" className="secondary" disabled={save.isPending} onClick={() => onClose(null)}>
          {t("member.cancel")}
        </button>
      </div>
    </form>
  );
}
