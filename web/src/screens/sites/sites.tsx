import { Link } from "wouter";
import { Badge, ErrorNotice, Loading, Notice, PageTitle, Pager } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { languageName } from "../../lib/article-languages";
import { siteAddressDetail, siteName } from "../../lib/site-name";
import { usePageParam, useSearchParam } from "../../lib/url";
import { CustomConnect, WordPressConnect, XenForoConnect } from "./connect";
import { siteMessages } from "./messages";
import { missesSeoConnector, SiteErrorExplanation, SiteStatusBadge, useFlash, usePlatformName, type Site } from "./shared";
import "./sites.css";
import { useSites } from "../../api/query-keys";
import { RoleNote } from "../../components/role-notice";
import { useRole } from "../../lib/current-member";

/** GET /api/sites answers every site at once: the panel pages it itself. */
const SITES_PER_PAGE = 20;

const CONNECT_CHOICES = ["wordpress", "xenforo", "custom"] as const;
type ConnectChoice = (typeof CONNECT_CHOICES)[number];

function isConnectChoice(value: string | null): value is ConnectChoice {
  return CONNECT_CHOICES.some((choice) => choice === value);
}

export function SitesScreen() {
  const { t } = useMessages(siteMessages);
  const flash = useFlash();
  // Connecting, changing and disconnecting sites is for admins and owners.
  const { can } = useRole();
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("sites.title")}>{t("sites.title")}</PageTitle>
      {can("admin") ? null : <RoleNote note="note.sites" />}
      {flash?.kind === "disconnected" ? <Notice tone="success">{t("sites.disconnected", { url: flash.url })}</Notice> : null}
      <SiteList />
      {can("admin") ? <ConnectSection /> : null}
    </section>
  );
}

function SiteList() {
  const { t } = useMessages(siteMessages);
  const sites = useSites();
  const [page, setPage] = usePageParam();
  return (
    <section aria-labelledby="site-list-title">
      <h2 id="site-list-title">{t("sites.listTitle")}</h2>
      {sites.isPending ? <Loading /> : null}
      <ErrorNotice error={sites.error} onRetry={() => void sites.refetch()} />
      {sites.data && sites.data.length === 0 ? <p>{t("sites.empty")}</p> : null}
      {sites.data && sites.data.length > 0 ? <SiteTable sites={sites.data} page={page} onPage={setPage} /> : null}
    </section>
  );
}

function SiteTable({ sites, page, onPage }: { sites: Site[]; page: number; onPage(page: number): void }) {
  const { t, dateTime, locale } = useMessages(siteMessages);
  const platformName = usePlatformName();
  const totalPages = Math.max(1, Math.ceil(sites.length / SITES_PER_PAGE));
  const shown = sites.slice((Math.min(page, totalPages) - 1) * SITES_PER_PAGE, Math.min(page, totalPages) * SITES_PER_PAGE);
  return (
    <>
      <div className="table-wrap" tabIndex={0}>
        <table aria-labelledby="site-list-title" className="stack-table">
          <thead>
            <tr>
              <th scope="col">{t("sites.column.site")}</th>
              <th scope="col">{t("sites.column.platform")}</th>
              <th scope="col">{t("sites.column.status")}</th>
              <th scope="col">{t("sites.column.language")}</th>
              <th scope="col">{t("sites.column.connected")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((site) => {
              const detail = siteAddressDetail(site);
              return (
                <tr key={site.id}>
                  <th scope="row" className="site-url cell-name">
                    <Link href={`/sites/${site.id}`}>{siteName(site)}</Link>
                    {detail ? <div className="muted site-address">{detail}</div> : null}
                  </th>
                  <td data-label={t("sites.column.platform")}>{platformName(site.platform)}</td>
                  <td data-label={t("sites.column.status")}>
                    <SiteStatusBadge site={site} />
                    {missesSeoConnector(site) ? (
                      <>
                        {" "}
                        <Badge status="seo-missing" label={t("sites.seoMissing")} />
                      </>
                    ) : null}
                    <SiteErrorExplanation site={site} />
                  </td>
                  <td data-label={t("sites.column.language")}>{languageName(site.language, locale)}</td>
                  <td className="nowrap" data-label={t("sites.column.connected")}>
                    {dateTime(site.createdAt)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager page={Math.min(page, totalPages)} totalPages={totalPages} total={sites.length} onPage={onPage} />
    </>
  );
}

function ConnectSection() {
  const { t } = useMessages(siteMessages);
  const [connectParam] = useSearchParam("connect");
  const chosen = isConnectChoice(connectParam) ? connectParam : null;
  return (
    <section aria-labelledby="connect-title" className="connect-section">
      <h2 id="connect-title">{t("connect.title")}</h2>
      <p>{t("connect.intro")}</p>
      <nav className="tabs" aria-label={t("connect.platformNav")}>
        {CONNECT_CHOICES.map((choice) => (
          <Link key={choice} href={`/sites?connect=${choice}`} aria-current={chosen === choice ? "page" : undefined}>
            {t(`connect.choice.${choice}`)}
          </Link>
        ))}
      </nav>
      {chosen === "wordpress" ? <WordPressConnect /> : null}
      {chosen === "xenforo" ? <XenForoConnect /> : null}
      {chosen === "custom" ? <CustomConnect /> : null}
      {chosen === null ? <p className="muted">{t("connect.choose")}</p> : null}
    </section>
  );
}
