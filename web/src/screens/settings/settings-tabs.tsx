// The sections of Settings, each a page of its own: the account, members, e-mail notifications and
// (for admins and owners) the audit log.
import { Link, useLocation } from "wouter";
import { useMessages } from "../../i18n/language";
import { useRole } from "../../lib/current-member";
import type { Permission } from "../../lib/roles";
import { settingsMessages } from "./messages";

const SECTIONS: readonly {
  href: string;
  key: "tabs.account" | "tabs.members" | "tabs.notifications" | "tabs.audit";
  permission?: Permission;
}[] = [
  { href: "/settings", key: "tabs.account" },
  { href: "/settings/members", key: "tabs.members" },
  { href: "/settings/notifications", key: "tabs.notifications" },
  { href: "/settings/audit", key: "tabs.audit", permission: "admin" },
];

export function SettingsTabs() {
  const { t } = useMessages(settingsMessages);
  const [location] = useLocation();
  const { can } = useRole();
  return (
    <nav className="tabs" aria-label={t("tabs.label")}>
      {SECTIONS.filter((section) => !section.permission || can(section.permission)).map((section) => (
        <Link key={section.href} href={section.href} aria-current={location === section.href ? "page" : undefined}>
          {t(section.key)}
        </Link>
      ))}
    </nav>
  );
}
