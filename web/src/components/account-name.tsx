// The account's name in the header (GET /api/auth/me `displayName`: its name, or one derived
// from its business domain or first site, never the e-mail address). Someone in several accounts
// sees it in the account switcher instead.
import { useMe } from "../lib/current-member";

export function AccountName() {
  const me = useMe();
  if (!me.data || me.data.memberships.length >= 2) return null;
  return (
    <span className="account-name" data-testid="header-account-name" title={me.data.displayName}>
      {me.data.displayName}
    </span>
  );
}
