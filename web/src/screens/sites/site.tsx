import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { api, ApiError, unwrap } from "../../api/client";
import { ErrorNotice, Loading, Notice, PageTitle } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { siteName } from "../../lib/site-name";
import { SiteDisplayName } from "./site-display-name";
import { useSearchParam } from "../../lib/url";
import { BriefTab } from "./brief";
import { ChatTab } from "./chat";
import { LinksTab } from "./links-tab";
import { siteMessages } from "./messages";
import { SiteOverview } from "./site-overview";
import { SearchTab } from "./search-tab";
import { SiteHealthTab } from "./health-tab";
import { GoogleReturnNotice } from "../settings/google-connection";
import { siteKey, SiteStatusBadge, useFlash, usePlatformName } from "./shared";
import "./sites.css";

const TABS = ["overview", "search", "health", "links", "brief", "chat"] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return TABS.some((tab) => tab === value);
}

export function SiteScreen() {
  const { t } = useMessages(siteMessages);
  const { siteId = "" } = useParams<{ siteId: string }>();
  const [tabParam] = useSearchParam("tab");
  const tab: Tab = isTab(tabParam) ? tabParam : "overview";
  const flash = useFlash();
  const platformName = usePlatformName();
  const site = useQuery({
    queryKey: siteKey(siteId),
    queryFn: () => unwrap(api.GET("/api/sites/{siteId}", { params: { path: { siteId } } })),
  });

  if (!site.data) {
    const missing = site.error instanceof ApiError && site.error.status === 404;
    return (
      <section aria-labelledby="page-title">
        <BackToSites />
        <PageTitle title={t("site.title")}>{t("site.title")}</PageTitle>
        {site.isPending ? <Loading /> : null}
        {missing ? <p role="alert">{t("site.missing")}</p> : <ErrorNotice error={site.error} onRetry={() => void site.refetch()} />}
      </section>
    );
  }

  const data = site.data;
  return (
    <section aria-labelledby="page-title">
      <BackToSites />
      <div className="site-heading">
        <PageTitle title={siteName(data)}>{siteName(data)}</PageTitle>
        <p className="site-summary">
          <span>{platformName(data.platform)}</span> <SiteStatusBadge site={data} />
        </p>
      </div>
      {flash?.kind === "connected" ? (
        <Notice tone="success">
          <span>{t(`site.connected.${data.platform}`, { url: flash.url })}</span>{" "}
          <Link href={`/plans?siteId=${encodeURIComponent(data.id)}`}>{t("site.connected.plan")}</Link>
        </Notice>
      ) : null}
      <GoogleReturnNotice />
      <nav className="tabs" aria-label={t("site.tabs")}>
        {TABS.map((name) => (
          <Link key={name} href={`/sites/${data.id}?tab=${name}`} aria-current={tab === name ? "page" : undefined}>
            {t(`tab.${name}`)}
          </Link>
        ))}
      </nav>
      {tab === "overview" ? <SiteDisplayName site={data} /> : null}
      {tab === "overview" ? <SiteOverview site={data} /> : null}
      {tab === "search" ? <SearchTab site={data} /> : null}
      {tab === "health" ? <SiteHealthTab site={data} /> : null}
      {tab === "links" ? <LinksTab site={data} /> : null}
      {tab === "brief" ? <BriefTab siteId={data.id} byline={data.seo?.byline ?? null} /> : null}
      {tab === "chat" ? <ChatTab siteId={data.id} /> : null}
    </section>
  );
}

function BackToSites() {
  const { t } = useMessages(siteMessages);
  return (
    <p className="back-link">
      <Link href="/sites">← {t("site.back")}</Link>
    </p>
  );
}
