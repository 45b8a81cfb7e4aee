// What a screen says to a role that cannot use (part of) it: the panel hides the controls, and
// says so once, instead of a page that looks broken or buttons the API would refuse.
import type { ReactNode } from "react";
import { useMessages } from "../i18n/language";
import { roleMessages } from "../i18n/roles";
import { useRole } from "../lib/current-member";
import type { Permission, Role } from "../lib/roles";
import { PageTitle } from "./ui";
import "./roles.css";

type NoteKey = Extract<keyof typeof roleMessages.en, `note.${string}`>;
type DeniedKey = Extract<keyof typeof roleMessages.en, `denied.${string}`>;

/** A role's name in the chosen language. */
export function useRoleName(): (role: Role) => string {
  const { t } = useMessages(roleMessages);
  return (role) => t(`role.${role}`);
}

/** One line under a page's title: what this role can and cannot do here. */
export function RoleNote({ note }: { note: NoteKey }) {
  const { t } = useMessages(roleMessages);
  const { role } = useRole();
  return (
    <p className="role-note muted" data-testid="role-note">
      {t(note, { role: t(`role.${role}`) })}
    </p>
  );
}

/**
 * A page the role may not open, visited directly: its title and why, not an error. `children`
 * is the page itself, rendered only for a role with `permission`.
 */
export function RoleGate({
  permission,
  title,
  denied,
  children,
}: {
  permission: Permission;
  title: string;
  denied: DeniedKey;
  children: ReactNode;
}) {
  const { t } = useMessages(roleMessages);
  const { role, can } = useRole();
  if (can(permission)) return <>{children}</>;
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={title}>{title}</PageTitle>
      <div className="notice notice-warning" role="status" data-testid="role-denied">
        <p className="role-denied-text">{t(denied, { role: t(`role.${role}`) })}</p>
        <p className="role-denied-text">{t("denied.ask")}</p>
      </div>
    </section>
  );
}
