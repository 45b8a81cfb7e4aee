import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { api, unwrap } from "../../api/client";
import { SearchListFigure } from "../../components/search-figures";
import { ErrorNotice, Loading, Notice, PageTitle, Pager, SelectField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { usePageParam, useSearchParam } from "../../lib/url";
import { postMessages } from "./messages";
import { useRole } from "../../lib/current-member";
import { DecayBadge, ImprovementBadge, postsKey, siteName, useWordPressSites, type ListedPost, type Site } from "./shared";
import "./posts.css";
import { SITES_KEY } from "../../api/query-keys";

const PER_PAGE = 20;

/** The list's orders (the `sort` search parameter; none: decaying posts first), each in its API's default direction. */
const ORDERS = ["decay", "modified", "clicks", "position"] as const;
type Order = (typeof ORDERS)[number];
const DEFAULT_ORDER: Order = "decay";
const isOrder = (value: string | null): value is Order => (ORDERS as readonly (string | null)[]).includes(value);

export function PostsScreen() {
  const { t } = useMessages(postMessages);
  const sites = useWordPressSites();
  const [siteParam, setSiteParam] = useSearchParam("siteId");
  const wordPress = sites.wordPress ?? [];
  // Without a choice in the URL, the first WordPress site is shown.
  const site = siteParam ? wordPress.find((candidate) => candidate.id === siteParam) : wordPress[0];
  const [orderParam, setOrder] = useSearchParam("sort");
  const order = isOrder(orderParam) ? orderParam : DEFAULT_ORDER;
  const { can } = useRole();

  return (
    <section className="posts-screen" aria-labelledby="page-title">
      <PageTitle title={t("posts.title")}>{t("posts.title")}</PageTitle>
      <p className="muted">{t("posts.intro")}</p>
      {sites.isPending ? <Loading /> : null}
      <ErrorNotice error={sites.error} onRetry={() => void sites.refetch()} />
      {sites.data && wordPress.length === 0 ? (
        <p>
          {t("posts.noSites")} {can("admin") ? <Link href="/sites?connect=wordpress">{t("posts.connect")}</Link> : null}
        </p>
      ) : null}
      {wordPress.length > 0 ? (
        <>
          <div className="filters">
            <SelectField label={t("posts.site")} value={site?.id ?? ""} onChange={(e) => setSiteParam(e.target.value)}>
              {site ? null : <option value="">—</option>}
              {wordPress.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {siteName(candidate)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t("posts.order")}
              value={order}
              onChange={(e) => setOrder(e.target.value === DEFAULT_ORDER ? null : e.target.value)}
            >
              {ORDERS.map((value) => (
                <option key={value} value={value}>
                  {t(`posts.order.${value}`)}
                </option>
              ))}
            </SelectField>
          </div>
          {site ? <SiteExistingPosts key={site.id} site={site} order={order} /> : <p role="alert">{t("posts.unknownSite")}</p>}
        </>
      ) : null}
    </section>
  );
}

function SiteExistingPosts({ site, order }: { site: Site; order: Order }) {
  const { t, number } = useMessages(postMessages);
  const queryClient = useQueryClient();
  const { can } = useRole();
  const [page, setPage] = usePageParam();
  const posts = useQuery({
    queryKey: [...postsKey(site.id), { page, perPage: PER_PAGE, sort: order }],
    queryFn: () =>
      unwrap(
        api.GET("/api/sites/{siteId}/posts", { params: { path: { siteId: site.id }, query: { page, per_page: PER_PAGE, sort: order } } }),
      ),
    placeholderData: keepPreviousData,
  });
  const sync = useMutation({
    mutationFn: () => unwrap(api.POST("/api/sites/{siteId}/sync", { params: { path: { siteId: site.id } } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: postsKey(site.id) });
      // A sync can turn the site to ERROR (rejected credentials): its status shows here and on Sites.
      void queryClient.invalidateQueries({ queryKey: SITES_KEY });
    },
  });

  return (
    <>
      {site.status === "ERROR" ? (
        <div className="notice notice-warning" role="status">
          {t("posts.siteError")}
          <Link href={`/sites/${site.id}`}>{t("posts.openSite")}</Link>
        </div>
      ) : null}
      {/* Syncing is an editor's (on the member's sites). */}
      {can("publish", site.id) ? (
        <div className="actions">
          <button type="button" disabled={sync.isPending} onClick={() => sync.mutate()} aria-describedby="sync-hint">
            {sync.isPending ? t("posts.syncing") : t("posts.sync")}
          </button>
          <span id="sync-hint" className="muted">
            {t("posts.syncHint")}
          </span>
        </div>
      ) : null}
      <ErrorNotice error={sync.error} />
      {sync.isPending ? <Notice>{t("posts.syncWaiting")}</Notice> : null}
      {sync.data ? <Notice tone="success">{t("posts.synced", { count: number(sync.data.synced) })}</Notice> : null}

      <section aria-labelledby="existing-posts-title">
        <h2 id="existing-posts-title">{t("posts.list")}</h2>
        {posts.isPending ? <Loading /> : null}
        <ErrorNotice error={posts.error} onRetry={() => void posts.refetch()} />
        {posts.data && posts.data.items.length === 0 ? <p>{page > 1 ? t("posts.emptyPage") : t("posts.empty")}</p> : null}
        {posts.data && posts.data.items.length > 0 ? (
          <>
            <div className="table-wrap" tabIndex={0}>
              <table className="stack-table">
                <thead>
                  <tr>
                    <th scope="col">{t("posts.column.title")}</th>
                    <th scope="col">{t("posts.column.improvement")}</th>
                    <th scope="col" aria-sort={order === "clicks" ? "descending" : undefined}>
                      {t("posts.column.clicksShort")}
                      <span className="search-column-note">{t("posts.column.28days")}</span>
                    </th>
                    <th scope="col" aria-sort={order === "position" ? "ascending" : undefined}>
                      {t("posts.column.positionShort")}
                      <span className="search-column-note">{t("posts.column.28days")}</span>
                    </th>
                    <th scope="col">{t("posts.column.words")}</th>
                    <th scope="col" aria-sort={order === "modified" ? "descending" : undefined}>
                      {t("posts.column.modified")}
                    </th>
                    <th scope="col">{t("posts.column.synced")}</th>
                    <th scope="col">{t("posts.column.live")}</th>
                  </tr>
                </thead>
                <tbody>
                  {posts.data.items.map((post) => (
                    <PostRow key={post.id} post={post} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={posts.data.page} totalPages={posts.data.totalPages} total={posts.data.total} onPage={setPage} />
          </>
        ) : null}
      </section>
    </>
  );
}

function PostRow({ post }: { post: ListedPost }) {
  const { t, number, dateTime } = useMessages(postMessages);
  const title = post.title.trim() || t("posts.untitled");
  return (
    <tr data-testid={`post-${post.id}`}>
      <th scope="row" className="post-title-cell cell-name">
        <Link href={`/posts/${post.id}?siteId=${encodeURIComponent(post.siteId)}`}>{title}</Link>
        {post.decay ? (
          <>
            <br />
            <DecayBadge decay={post.decay} />
          </>
        ) : null}
      </th>
      <td data-label={t("posts.column.improvement")}>
        <ImprovementBadge status={post.improvementStatus} />
      </td>
      <td data-label={t("posts.column.clicks")}>
        <SearchListFigure search={post.search} figure="clicks" />
      </td>
      <td data-label={t("posts.column.position")}>
        <SearchListFigure search={post.search} figure="position" />
      </td>
      <td className="nowrap" data-label={t("posts.column.words")}>
        {number(post.wordCount)}
      </td>
      <td className="nowrap" data-label={t("posts.column.modified")}>
        {post.modifiedAt ? dateTime(post.modifiedAt) : "—"}
      </td>
      <td className="nowrap" data-label={t("posts.column.synced")}>
        {dateTime(post.syncedAt)}
      </td>
      <td data-label={t("posts.column.live")}>
        <a href={post.url} target="_blank" rel="noopener noreferrer" aria-label={t("posts.livePageLabel", { title })}>
          {t("posts.livePage")}
        </a>
      </td>
    </tr>
  );
}
