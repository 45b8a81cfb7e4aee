// Settings → Members (/settings/members): who works in the account with which role and sites;
// for admins and owners also inviting, changing, removing and the open invitations.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { api, hasErrorCode, unwrap, type Schemas } from "../../api/client";
import { MEMBERS_KEY, useMembers } from "../../api/query-keys";
import { RoleNote, useRoleName } from "../../components/role-notice";
import { ErrorNotice, Loading, Notice, PageTitle } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { roleMessages } from "../../i18n/roles";
import { ME_KEY, useRole } from "../../lib/current-member";
import { mayManageMember, ROLES } from "../../lib/roles";
import { InvitationList } from "./invitations";
import { InviteSection } from "./member-invite";
import { MemberEditor } from "./member-editor";
import { memberMessages } from "./members-messages";
import { settingsMessages } from "./messages";
import "./members.css";
import { SettingsTabs } from "./settings-tabs";
import { useSiteNames } from "./site-choice";

type Member = Schemas["Member"];

export function MembersScreen() {
  const { t } = useMessages(memberMessages);
  const settings = useMessages(settingsMessages);
  const { can } = useRole();
  // The links of invitations made on this page: the API gives a link only when it is made.
  const [links, setLinks] = useState<Record<string, string>>({});
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={`${t("title")} · ${settings.t("title")}`}>{t("title")}</PageTitle>
      <SettingsTabs />
      <p>{t("intro")}</p>
      {can("admin") ? null : <RoleNote note="note.members" />}
      <RolesExplained />
      {can("admin") ? (
        <InviteSection onInvited={(invitation) => setLinks((known) => ({ ...known, [invitation.id]: invitation.url }))} />
      ) : null}
      <MemberList />
      <InvitationList links={links} />
    </section>
  );
}

function RolesExplained() {
  const { t } = useMessages(memberMessages);
  const roles = useMessages(roleMessages);
  return (
    <details className="roles-explained">
      <summary>{t("roles.summary")}</summary>
      <dl>
        {ROLES.map((role) => (
          <div key={role}>
            <dt>{roles.t(`role.${role}`)}</dt>
            <dd>{roles.t(`roleHint.${role}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function MemberList() {
  const { t } = useMessages(memberMessages);
  const members = useMembers();
  const [outcome, setOutcome] = useState<string | null>(null);
  const rows = members.data?.members ?? [];
  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">{t("list.heading")}</h2>
      {members.isPending ? <Loading /> : null}
      <ErrorNotice error={members.error} onRetry={() => void members.refetch()} />
      {outcome ? <Notice tone="success">{outcome}</Notice> : null}
      {members.data && rows.length === 0 ? <p>{t("list.empty")}</p> : null}
      {rows.length > 0 ? (
        <div className="table-wrap" tabIndex={0}>
          <table className="stack-table members-table">
            <thead>
              <tr>
                <th scope="col">{t("list.email")}</th>
                <th scope="col">{t("list.role")}</th>
                <th scope="col">{t("list.sites")}</th>
                <th scope="col">{t("list.joined")}</th>
                <th scope="col">{t("list.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((member) => (
                <MemberRow key={member.id} member={member} onOutcome={setOutcome} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

const MEMBER_COLUMNS = 5;

function MemberRow({ member, onOutcome }: { member: Member; onOutcome(words: string | null): void }) {
  const { t, dateTime } = useMessages(memberMessages);
  const roleName = useRoleName();
  const siteNames = useSiteNames();
  const queryClient = useQueryClient();
  const { role: myRole, siteIds: mySites } = useRole();
  const [editing, setEditing] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE("/api/members/{memberId}", { params: { path: { memberId: member.id } } })),
    onSuccess: (removed) => {
      onOutcome(t("member.removed", { email: member.email, tokens: removed.tokensRevoked, invitations: removed.invitationsWithdrawn }));
      void queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
    },
  });
  // Leaving is Settings → Account's (with the password), never a row's Remove.
  const manageable = mayManageMember(myRole, member.role, mySites, member.siteIds);
  const outsideSites = !manageable && mayManageMember(myRole, member.role);
  const closeEditor = (saved: Member | null) => {
    setEditing(false);
    if (saved) {
      onOutcome(t("member.saved", { email: saved.email, role: roleName(saved.role) }));
      // One's own role changed: every screen shows what the new role may do.
      if (saved.you) void queryClient.invalidateQueries({ queryKey: ME_KEY });
    }
    requestAnimationFrame(() => changeButton.current?.focus());
  };
  return (
    <>
      <tr data-testid={`member-${member.email}`}>
        <th scope="row" className="cell-name member-email">
          {member.email} {member.you ? <span className="badge">{t("list.you")}</span> : null}
        </th>
        <td data-label={t("list.role")}>{roleName(member.role)}</td>
        <td data-label={t("list.sites")}>{siteNames(member.siteIds)}</td>
        <td className="nowrap" data-label={t("list.joined")}>
          {dateTime(member.joinedAt)}
        </td>
        <td className="cell-wide" data-label={t("list.actions")}>
          {manageable ? (
            <div className="actions member-actions">
              <button
                ref={changeButton}
                type="button"
                className="secondary"
                aria-label={t("member.changeLabel", { email: member.email })}
                aria-expanded={editing}
                onClick={() => {
                  onOutcome(null);
                  setEditing((open) => !open);
                }}
              >
                {t("member.change")}
              </button>
              {member.you ? null : (
                <button
                  type="button"
                  className="danger secondary"
                  aria-label={t("member.removeLabel", { email: member.email })}
                  disabled={remove.isPending}
                  onClick={() => {
                    onOutcome(null);
                    if (window.confirm(t("member.removeConfirm", { email: member.email }))) remove.mutate();
                  }}
                >
                  {remove.isPending ? t("member.removing") : t("member.remove")}
                </button>
              )}
            </div>
          ) : outsideSites ? (
            <span className="muted">{t("list.outsideSites")}</span>
          ) : null}
          {hasErrorCode(remove.error, "site_not_allowed") ? (
            <div className="notice notice-error" role="alert">
              {t("member.outsideSites", { email: member.email })}
            </div>
          ) : (
            <ErrorNotice error={remove.error} />
          )}
        </td>
      </tr>
      {editing ? (
        <tr className="member-editing">
          <td colSpan={MEMBER_COLUMNS} className="cell-wide">
            <MemberEditor member={member} onClose={closeEditor} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
