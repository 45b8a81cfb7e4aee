import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { api, unwrap } from "../api/client";
import { common } from "../i18n/common";
import { useMessages } from "../i18n/language";
import { useSession, useSignOut } from "../lib/session";
import { LanguageSwitch } from "./language-switch";

export const NAVIGATION = [
  { href: "/", key: "nav.overview" },
  { href: "/sites", key: "nav.sites" },
  { href: "/plans", key: "nav.plans" },
  { href: "/articles", key: "nav.articles" },
  { href: "/posts", key: "nav.posts" },
  { href: "/media", key: "nav.media" },
  { href: "/webhooks", key: "nav.webhooks" },
  { href: "/billing", key: "nav.billing" },
  { href: "/api-access", key: "nav.api" },
  { href: "/settings", key: "nav.settings" },
] as const;

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
        <div className="topbar-end">
          {/* Always there (its room kept while the balance loads), so the header does not jump. */}
          <Link
            href="/billing"
            className="balance"
            aria-label={balance.data ? `${t("account.balance")}: ${money(balance.data.creditBalance)}` : t("account.balance")}
          >
            <span className="muted">{t("account.balance")}</span>{" "}
            <strong>{balance.data ? money(balance.data.creditBalance) : "\u00a0"}</strong>
          </Link>
          <span className="account-email" title={session.data ? t("account.signedInAs", { email: session.data.email }) : undefined}>
            {session.data?.email}
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
            {NAVIGATION.map((item) => (
              <li key={item.href}>
                <Link href={item.href} aria-current={isCurrent(item.href) ? "page" : undefined}>
                  {t(item.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
