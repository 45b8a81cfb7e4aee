// Settings → Members: inviting someone by e-mail with a role (and, optionally, some sites); the
// one-time link is shown once, to copy and send.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, unwrap, type Schemas } from "../../api/client";
import { MEMBERS_KEY } from "../../api/query-keys";
import { useRoleName } from "../../components/role-notice";
import { CopyButton, ErrorNotice, fieldError, SelectField, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { roleMessages } from "../../i18n/roles";
import { useRole } from "../../lib/current-member";
import { type Role, rolesToGive } from "../../lib/roles";
import { memberMessages } from "./members-messages";
import { SiteChoice, type SiteLimit } from "./site-choice";

type CreatedInvitation = Schemas["CreatedMemberInvitation"];

export function InviteSection({ onInvited }: { onInvited(invitation: CreatedInvitation): void }) {
  const { t } = useMessages(memberMessages);
  const roleText = useMessages(roleMessages);
  const roleName = useRoleName();
  const queryClient = useQueryClient();
  const { role: myRole } = useRole();
  const roles = rolesToGive(myRole);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const [sites, setSites] = useState<SiteLimit>(null);
  const [problem, setProblem] = useState<"email" | "sites" | null>(null);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const invite = useMutation({
    mutationFn: () =>
      unwrap(api.POST("/api/members", { body: { email: email.trim(), role, ...(sites && sites.length > 0 ? { siteIds: sites } : {}) } })),
    onSuccess: (invitation) => {
      setCreated(invitation);
      onInvited(invitation);
      setEmail("");
      setSites(null);
      void queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = email.trim() === "" ? "email" : sites !== null && sites.length === 0 ? "sites" : null;
    setProblem(found);
    if (found) return invite.reset();
    setCreated(null);
    invite.mutate();
  };
  return (
    <section className="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">{t("invite.heading")}</h2>
      <p className="muted">{t("invite.intro")}</p>
      {created ? <CreatedLink invitation={created} onDone={() => setCreated(null)} /> : null}
      <form onSubmit={submit} noValidate>
        <ErrorNotice error={invite.error} />
        <TextField
          label={t("invite.email")}
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problem === "email" ? t("invite.emailRequired") : fieldError(invite.error, "email", ["already_member"])}
        />
        <SelectField
          label={t("invite.role")}
          value={role}
          hint={roleText.t("roleLine", { role: roleName(role), what: roleText.t(`roleHint.${role}`) })}
          onChange={(event) => setRole(event.target.value as Role)}
          error={fieldError(invite.error, "role")}
        >
          {roles.map((candidate) => (
            <option key={candidate} value={candidate}>
              {roleName(candidate)}
            </option>
          ))}
        </SelectField>
        <SiteChoice
          value={sites}
          onChange={setSites}
          error={problem === "sites" ? t("sites.choose") : fieldError(invite.error, "siteIds")}
        />
        <button type="submit" disabled={invite.isPending}>
          {invite.isPending ? t("invite.working") : t("invite.submit")}
        </button>
      </form>
    </section>
  );
}

/** The invitation's link, once (the API keeps only its hash), and whether it also went by e-mail. */
function CreatedLink({ invitation, onDone }: { invitation: CreatedInvitation; onDone(): void }) {
  const { t, dateTime } = useMessages(memberMessages);
  const roleName = useRoleName();
  return (
    // Not e-mailed (the per-address limits): the link must be sent by hand, so the notice warns.
    <div className={`notice ${invitation.emailed ? "notice-success" : "notice-warning"}`} role="status" data-testid="invitation-created">
      <p className="invite-line">
        {t("invite.sent", { email: invitation.email, role: roleName(invitation.role), date: dateTime(invitation.expiresAt) })}
      </p>
      <p className="invite-line" data-testid="invitation-emailed">
        {invitation.emailed ? (
          t("invite.emailed", { email: invitation.email })
        ) : (
          <strong>{t("invite.notEmailed", { email: invitation.email })}</strong>
        )}
      </p>
      <p className="invite-line">
        <code data-testid="invitation-url">{invitation.url}</code>
      </p>
      <div className="actions">
        <CopyButton value={invitation.url} label={t("invite.linkLabel", { email: invitation.email })} />
        <button type="button" className="secondary" onClick={onDone}>
          {t("invite.done")}
        </button>
      </div>
    </div>
  );
}
