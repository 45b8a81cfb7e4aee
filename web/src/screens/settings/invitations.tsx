// Settings → Members: the open invitations, who sent each, each with its link (when it was made on this page:
// the API keeps only a hash of it) and, for admins and owners, withdrawing it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type Schemas } from "../../api/client";
import { MEMBERS_KEY, useMembers } from "../../api/query-keys";
import { useRoleName } from "../../components/role-notice";
import { CopyButton, ErrorNotice, Notice } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useRole } from "../../lib/current-member";
import { sitesWithin } from "../../lib/roles";
import { memberMessages } from "./members-messages";
import { useSiteNames } from "./site-choice";

type Invitation = Schemas["MemberInvitation"];

export function InvitationList({ links }: { links: Record<string, string> }) {
  const { t } = useMessages(memberMessages);
  const members = useMembers();
  const queryClient = useQueryClient();
  // Links and withdrawing are for those who invite: admins and owners.
  const manages = useRole().can("admin");
  const withdraw = useMutation({
    mutationFn: (invitation: Invitation) =>
      unwrap(api.DELETE("/api/members/invitations/{invitationId}", { params: { path: { invitationId: invitation.id } } })),
    // Also after an error: an invitation used or withdrawn meanwhile leaves the list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
  const rows = members.data?.invitations ?? [];
  if (!members.data) return null;
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">{t("invitations.heading")}</h2>
      <ErrorNotice error={withdraw.error} />
      {withdraw.isSuccess ? <Notice tone="success">{t("invitations.withdrawn", { email: withdraw.variables.email })}</Notice> : null}
      {rows.length === 0 ? <p>{t("invitations.empty")}</p> : null}
      {rows.length > 0 ? (
        <div className="table-wrap" tabIndex={0}>
          <table className="stack-table invitations-table">
            <thead>
              <tr>
                <th scope="col">{t("list.email")}</th>
                <th scope="col">{t("list.role")}</th>
                <th scope="col">{t("list.sites")}</th>
                <th scope="col">{t("invitations.by")}</th>
                <th scope="col">{t("invitations.sent")}</th>
                <th scope="col">{t("invitations.expires")}</th>
                {manages ? <th scope="col">{t("invitations.link")}</th> : null}
                {manages ? <th scope="col">{t("list.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((invitation) => (
                <InvitationRow
                  key={invitation.id}
                  invitation={invitation}
                  manages={manages}
                  link={links[invitation.id]}
                  withdrawing={withdraw.isPending && withdraw.variables.id === invitation.id}
                  onWithdraw={() => {
                    if (window.confirm(t("invitations.withdrawConfirm", { email: invitation.email }))) withdraw.mutate(invitation);
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function InvitationRow({
  invitation,
  manages,
  link,
  withdrawing,
  onWithdraw,
}: {
  invitation: Invitation;
  manages: boolean;
  link: string | undefined;
  withdrawing: boolean;
  onWithdraw(): void;
}) {
  const { t, dateTime } = useMessages(memberMessages);
  const roleName = useRoleName();
  const siteNames = useSiteNames();
  const mySites = useRole().siteIds;
  return (
    <tr data-testid={`invitation-${invitation.email}`}>
      <th scope="row" className="cell-name member-email">
        {invitation.email}
      </th>
      <td data-label={t("list.role")}>{roleName(invitation.role)}</td>
      <td data-label={t("list.sites")}>{siteNames(invitation.siteIds)}</td>
      <td className="invitation-by" data-label={t("invitations.by")} data-testid="invitation-by">
        {invitation.invitedBy.email ? (
          <BreakableEmail email={invitation.invitedBy.email} />
        ) : (
          <span className="muted">{t("invitations.byGone")}</span>
        )}
      </td>
      <td className="nowrap" data-label={t("invitations.sent")}>
        {dateTime(invitation.createdAt)}
      </td>
      <td className="nowrap" data-label={t("invitations.expires")}>
        {dateTime(invitation.expiresAt)}
      </td>
      {manages ? (
        <td data-label={t("invitations.link")}>
          {link ? (
            <CopyButton value={link} label={t("invite.linkLabel", { email: invitation.email })} />
          ) : (
            <span className="muted">{t("invitations.linkGone")}</span>
          )}
        </td>
      ) : null}
      {manages ? (
        <td data-label={t("list.actions")}>
          {/* A manager limited to some sites withdraws only invitations within them (else 403 site_not_allowed). */}
          {sitesWithin(invitation.siteIds, mySites) ? (
            <button
              type="button"
              className="danger secondary"
              aria-label={t("invitations.withdrawLabel", { email: invitation.email })}
              disabled={withdrawing}
              onClick={onWithdraw}
            >
              {t("invitations.withdraw")}
            </button>
          ) : (
            <span className="muted">{t("list.outsideSites")}</span>
          )}
        </td>
      ) : null}
    </tr>
  );
}

/** An address that, in a narrow column, wraps after its "@" rather than inside a word. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
