import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { onUnauthorized } from "./api/client";
import { Layout } from "./components/layout";
import { Loading } from "./components/ui";
import { common } from "./i18n/common";
import { useMessages } from "./i18n/language";
import { SESSION_KEY, useSession } from "./lib/session";
import { goNext, safeNext } from "./lib/url";
import { SignInScreen } from "./screens/auth/sign-in";
import { InviteScreen } from "./screens/auth/invite";
import { SignUpScreen } from "./screens/auth/sign-up";
import { SignUpConfirmScreen } from "./screens/auth/sign-up-confirm";
import { SignInLinkScreen } from "./screens/auth/sign-in-link";
import { RoleGate } from "./components/role-notice";
import { OverviewScreen } from "./screens/overview/overview";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";

// Every screen but the overview loads when first visited: the first load stays small.
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
const SitesScreen = screen(() => import("./screens/sites/sites"), "SitesScreen");
const SiteScreen = screen(() => import("./screens/sites/site"), "SiteScreen");
const PlansScreen = screen(() => import("./screens/plans/plans"), "PlansScreen");
const PlanScreen = screen(() => import("./screens/plans/plan"), "PlanScreen");
const ItemScreen = screen(() => import("./screens/plans/item"), "ItemScreen");
const ArticlesScreen = screen(() => import("./screens/articles/articles"), "ArticlesScreen");
const ArticleScreen = screen(() => import("./screens/articles/article"), "ArticleScreen");
const PostsScreen = screen(() => import("./screens/posts/posts"), "PostsScreen");
const PostScreen = screen(() => import("./screens/posts/post"), "PostScreen");
const MediaScreen = screen(() => import("./screens/media/media"), "MediaScreen");
const WebhooksScreen = screen(() => import("./screens/webhooks/webhooks"), "WebhooksScreen");
const BillingScreen = screen(() => import("./screens/billing/billing"), "BillingScreen");
const ApiAccessScreen = screen(() => import("./screens/api-access/api-access"), "ApiAccessScreen");
const SettingsScreen = screen(() => import("./screens/settings/settings"), "SettingsScreen");
const MembersScreen = screen(() => import("./screens/settings/members"), "MembersScreen");
const AuditScreen = screen(() => import("./screens/settings/audit"), "AuditScreen");
const NotificationsScreen = screen(() => import("./screens/settings/notifications"), "NotificationsScreen");
const ApproveScreen = lazy(() => import("./screens/approve/approve").then((module) => ({ default: module.ApproveScreen })));

const SIGNED_OUT_PATHS = ["/sign-in", "/sign-in-link", "/sign-up", "/sign-up/confirm", "/invite"];
const APPROVAL_PATH = /^\/approve\/([^/]+)$/;

/** A client's approval page needs no session (its link is the key) and never asks for one; every other page is the panel's. */
export function App() {
  const [location] = useLocation();
  const approval = APPROVAL_PATH.exec(location);
  if (approval)
    return (
      <Suspense fallback={<Loading />}>
        <ApproveScreen token={approval[1]!} />
      </Suspense>
    );
  return <Panel />;
}

function Panel() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();

  // A 401 anywhere: back to sign-in, and to this page afterwards.
  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.setQueryData(SESSION_KEY, null);
        const here = window.location.pathname + window.location.search;
        if (!SIGNED_OUT_PATHS.includes(window.location.pathname)) navigate(`/sign-in?next=${encodeURIComponent(here)}`, { replace: true });
      }),
    [queryClient, navigate],
  );

  if (session.isPending) return <Loading />;
  if (!session.data) {
    if (!SIGNED_OUT_PATHS.includes(location)) {
      const here = location + window.location.search;
      return <Redirect to={location === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(here)}`} replace />;
    }
    return (
      <Switch>
        <Route path="/sign-in" component={SignInScreen} />
        <Route path="/sign-up" component={SignUpScreen} />
        <Route path="/sign-up/confirm" component={SignUpConfirmScreen} />
        <Route path="/sign-in-link" component={SignInLinkScreen} />
        <Route path="/invite" component={InviteScreen} />
      </Switch>
    );
  }
  if (location === "/sign-in" || location === "/sign-up")
    return <SignedInAlready next={safeNext(new URLSearchParams(window.location.search).get("next"))} />;
  // A member invitation opened while signed in: joined with one click, outside the panel's frame.
  if (location === "/invite") return <InviteScreen />;
  // A sign-up link opened while signed in: it makes its own account and signs in to that one.
  if (location === "/sign-up/confirm") return <SignUpConfirmScreen />;
  // A sign-in link opened while signed in: it signs in as its own person.
  if (location === "/sign-in-link") return <SignInLinkScreen />;

  return (
    <Layout>
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path="/" component={OverviewScreen} />
          <Route path="/sites" component={SitesScreen} />
          <Route path="/sites/:siteId" component={SiteScreen} />
          <Route path="/plans" component={PlansScreen} />
          <Route path="/plans/:planId" component={PlanScreen} />
          <Route path="/plans/:planId/items/:itemId" component={ItemScreen} />
          <Route path="/articles" component={ArticlesScreen} />
          <Route path="/articles/:articleId" component={ArticleScreen} />
          <Route path="/posts" component={PostsScreen} />
          <Route path="/posts/:postId" component={PostScreen} />
          <Route path="/media" component={MediaScreen} />
          <Route path="/webhooks" component={WebhooksScreen} />
          <Route path="/billing" component={BillingPage} />
          <Route path="/api-access" component={ApiAccessScreen} />
          <Route path="/settings" component={SettingsScreen} />
          <Route path="/settings/members" component={MembersScreen} />
          <Route path="/settings/notifications" component={NotificationsScreen} />
          <Route path="/settings/audit" component={AuditScreen} />
          <Route component={NotFound} />
        </Switch>
      </Suspense>
    </Layout>
  );
}

/** Billing is the owners': any other role visiting it reads why, not an error. */
function BillingPage() {
  const { t } = useMessages(common);
  return (
    <RoleGate permission="billing" title={t("nav.billing")} denied="denied.billing">
      <BillingScreen />
    </RoleGate>
  );
}

function NotFound() {
  const { t } = useMessages(common);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t("notFound.title")}</h1>
      <p>{t("notFound.body")}</p>
      <Link href="/">{t("notFound.home")}</Link>
    </section>
  );
}

/** Sign-in or sign-up while signed in: straight on to where it would have led (the consent page by a full load). */
function SignedInAlready({ next }: { next: string }) {
  const [, navigate] = useLocation();
  useEffect(() => goNext(next, navigate), [next, navigate]);
  return <Loading />;
}
