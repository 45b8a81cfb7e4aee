import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { api, unwrap } from "../api/client";
import { common } from "../i18n/common";
import { useMessages } from "../i18n/language";
import { useRole } from "../lib/current-member";
import type { Permission } from "../lib/roles";
import { useSession, useSignOut } from "../lib/session";
import { AccountName } from "./account-name";
import { AccountSwitch } from "./account-switch";
import { ClosingBanner } from "./closing-banner";
import { LanguageSwitch } from "./language-switch";
import { useRoleName } from "./role-notice";

/** The main navigation; an item with a `permission` is left out for a role without it (billing: owners only). */
export const NAVIGATION: readonly { href: string; key: `nav.${string}` & keyof typeof common.en; permission?: Permission }[] = [
  { href: "/", key: "nav.overview" },
  { href: "/sites", key: "nav.sites" },
  { href: "/plans", key: "nav.plans" },
  { href: "/articles", key: "nav.articles" },
  { href: "/posts", key: "nav.posts" },
  { href: "/media", key: "nav.media" },
  { href: "/webhooks", key: "nav.webhooks" },
  { href: "/billing", key: "nav.billing", permission: "billing" },
  { href: "/api-access", key: "nav.api" },
  { href: "/settings", key: "nav.settings" },
];

export const BALANCE_KEY = ["/api/billing/balance"] as const;

/** The account's balance; `refetchInterval` keeps it moving while something charges it (a run in flight). */
export function useBalance(refetchInterval: number | false = false) {
  return useQuery({ queryKey: BALANCE_KEY, queryFn: () => unwrap(api.GET("/api/billing/balance")), refetchInterval });
}

/** The signed-in frame: header (balance, account, language, sign out), navigation, main. */
export function Layout({ children }: { children: ReactNode }) {
  const { t, money } = useMessages(common);
  const [location, navigate] = useLocation();
  const session = useSession();
  const balance = useBalance();
  const signOut = useSignOut();
  const { role, can } = useRole();
  const roleName = useRoleName();
  const [menuOpen, setMenuOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the location changes
  useEffect(() => setMenuOpen(false), [location]);
  const isCurrent = (href: string) => (href === "/" ? location === "/" : location === href || location.startsWith(`${href}/`));
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("app.skip")}
      </a>
      <header className="topbar">
        <button
          type="button"
          className="menu-button secondary"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t("nav.menu")}
        </button>
        <Link href="/" className="brand">
          {t("app.name")}
        </Link>
        <AccountSwitch />
        <AccountName />
        <div className="topbar-end">
          {/* Always there (its room kept while the balance loads), so the header does not jump. A link to billing for an owner only. */}
          {can("billing") ? (
            <Link
              href="/billing"
              className="balance"
              aria-label={balance.data ? `${t("account.balance")}: ${money(balance.data.creditBalance)}` : t("account.balance")}
            >
              <span className="muted">{t("account.balance")}</span>{" "}
              <strong>{balance.data ? money(balance.data.creditBalance) : "\u00a0"}</strong>
            </Link>
          ) : (
            <span className="balance">
              <span className="muted">{t("account.balance")}</span>{" "}
              <strong>{balance.data ? money(balance.data.creditBalance) : "\u00a0"}</strong>
            </span>
          )}
          <span className="account-email" title={session.data ? t("account.signedInAs", { email: session.data.email }) : undefined}>
            {session.data?.email} <span className="account-role">· {roleName(role)}</span>
          </span>
          <LanguageSwitch />
          <button
            type="button"
            className="secondary"
            onClick={async () => {
              await signOut();
              navigate("/sign-in", { replace: true });
            }}
          >
            {t("account.signOut")}
          </button>
        </div>
      </header>
      <div className="body">
        <nav id="main-nav" className={`sidenav${menuOpen ? " open" : ""}`} aria-label={t("nav.label")}>
          <ul>
            {NAVIGATION.filter((item) => !item.permission || can(item.permission)).map((item) => (
              <li key={item.href}>
                <Link href={item.href} aria-current={isCurrent(item.href) ? "page" : undefined}>
                  {t(item.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          <ClosingBanner />
          {children}
        </main>
      </div>
    </div>
  );
}
