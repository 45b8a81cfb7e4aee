// The overview tab: what the site is, and what can be done with it on its platform.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, fieldError, Notice, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { languageName } from "../../lib/article-languages";
import { siteMessages } from "./messages";
import {
  briefKey,
  chatKey,
  CONNECTOR_ZIP_URL,
  SecretOnce,
  SEO_PLUGIN_NAMES,
  siteKey,
  SiteErrorExplanation,
  SiteStatusBadge,
  usePlatformName,
  type Flash,
  type Site,
  WordPressCredentialFields,
} from "./shared";
import { SITES_KEY } from "../../api/query-keys";
import { SearchConsoleCard } from "./search-console-card";
import { SitePace } from "./site-pace";
import { RoleNote } from "../../components/role-notice";
import { useRole } from "../../lib/current-member";

export function SiteOverview({ site }: { site: Site }) {
  // Syncing is an editor's; the site's credentials, forum, webhook and disconnecting an admin's.
  const { can } = useRole();
  const mayAdminister = can("admin", site.id);
  return (
    <>
      {mayAdminister ? null : <RoleNote note="note.sites" />}
      <SiteFacts site={site} />
      {site.platform === "blog" ? (
        <>
          <SeoOnPages site={site} />
          {can("publish", site.id) ? <ExistingPostsSync site={site} /> : null}
          {mayAdminister ? <SitePace site={site} /> : null}
          <SearchConsoleCard site={site} />
          {mayAdminister ? <WordPressCredentials site={site} /> : null}
        </>
      ) : null}
      {site.platform === "forum" && mayAdminister ? <ForumNode site={site} /> : null}
      {site.platform === "custom" ? (
        <>
          <SearchConsoleCard site={site} />
          {mayAdminister ? <SitePace site={site} /> : null}
          {mayAdminister ? <WebhookUrl site={site} /> : null}
          {mayAdminister ? <RotateSecret site={site} /> : null}
        </>
      ) : null}
      {mayAdminister ? <Disconnect site={site} /> : null}
    </>
  );
}

/** Puts a site the API answered with into the cache, and marks the list as changed. */
function useSiteChanged() {
  const queryClient = useQueryClient();
  return (site: Site) => {
    queryClient.setQueryData(siteKey(site.id), site);
    void queryClient.invalidateQueries({ queryKey: SITES_KEY });
  };
}

function SiteFacts({ site }: { site: Site }) {
  const { t, dateTime, locale } = useMessages(siteMessages);
  const platformName = usePlatformName();
  return (
    <section aria-labelledby="site-facts-title">
      <h2 id="site-facts-title">{t("overview.title")}</h2>
      <SiteErrorExplanation site={site} prominent />
      <dl className="site-facts">
        <dt>{t("overview.address")}</dt>
        <dd>
          <a href={site.url} target="_blank" rel="noopener noreferrer">
            {site.url}
          </a>
        </dd>
        <dt>{t("overview.platform")}</dt>
        <dd>{platformName(site.platform)}</dd>
        <dt>{t("overview.status")}</dt>
        <dd>
          <SiteStatusBadge site={site} />
        </dd>
        <dt>{t("overview.language")}</dt>
        <dd>{languageName(site.language, locale)}</dd>
        {site.platform === "blog" ? (
          <>
            <dt>{t("overview.blogUser")}</dt>
            <dd>{site.blogUsername ?? t("overview.none")}</dd>
          </>
        ) : null}
        {site.platform === "forum" ? (
          <>
            <dt>{t("overview.forumNode")}</dt>
            <dd>{site.forumNodeId ?? t("overview.forumNodeMissing")}</dd>
          </>
        ) : null}
        {site.platform === "custom" ? (
          <>
            <dt>{t("overview.webhookUrl")}</dt>
            <dd>{site.webhookUrl ?? t("overview.webhookUrlNone")}</dd>
          </>
        ) : null}
        <dt>{t("overview.connectedAt")}</dt>
        <dd>{dateTime(site.createdAt)}</dd>
      </dl>
    </section>
  );
}

/**
 * How SEO titles, descriptions and structured data reach the blog's pages: through the connector
 * plugin (and the SEO plugin it writes into), or not at all, with how to install it. The API's own
 * warning is English only, so the panel says it in the owner's language.
 */
function SeoOnPages({ site }: { site: Site }) {
  const { t } = useMessages(siteMessages);
  const connector = site.seo?.connector ?? null;
  const plugin = site.seo?.plugin ?? null;
  if (site.status === "DISCONNECTED") return null;
  return (
    <section aria-labelledby="seo-title">
      <h2 id="seo-title">{t("seo.title")}</h2>
      {connector !== null ? (
        <>
          <p>{t("seo.intro")}</p>
          <ul className="seo-state">
            <li>{t("seo.installed", { version: connector })}</li>
            <li>{plugin !== null ? t("seo.writesInto", { plugin: SEO_PLUGIN_NAMES[plugin] }) : t("seo.noPlugin")}</li>
          </ul>
          <p className="muted">{t("seo.resync", { action: t("sync.submit") })}</p>
        </>
      ) : (
        <div className="notice notice-warning how-to seo-missing">
          <p>
            <strong>{t("seo.missing.title")}</strong> {t("seo.missing.body")}
          </p>
          <p>
            <a href={CONNECTOR_ZIP_URL} download>
              {t("seo.missing.download")}
            </a>
          </p>
          <ol>
            <li>{t("seo.missing.step1")}</li>
            <li>{t("seo.missing.step2")}</li>
            <li>{t("seo.missing.step3", { action: t("sync.submit") })}</li>
          </ol>
        </div>
      )}
    </section>
  );
}

function ExistingPostsSync({ site }: { site: Site }) {
  const { t, number } = useMessages(siteMessages);
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => unwrap(api.POST("/api/sites/{siteId}/sync", { params: { path: { siteId: site.id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["/api/sites/{siteId}/posts", site.id] }),
    // Rejected credentials turn the site to ERROR (and a later success back): show its new status.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: siteKey(site.id) });
      void queryClient.invalidateQueries({ queryKey: SITES_KEY });
    },
  });
  return (
    <section aria-labelledby="existing-posts-title">
      <h2 id="existing-posts-title">{t("sync.title")}</h2>
      <p>{t("sync.intro")}</p>
      <div className="actions">
        <button type="button" onClick={() => sync.mutate()} disabled={sync.isPending}>
          {sync.isPending ? t("sync.working") : t("sync.submit")}
        </button>
        <Link href={`/posts?siteId=${encodeURIComponent(site.id)}`}>{t("sync.postsLink")}</Link>
      </div>
      {sync.isPending ? (
        <p className="muted" role="status">
          {t("sync.wait")}
        </p>
      ) : null}
      {sync.data ? (
        <Notice tone="success">{sync.data.synced === 0 ? t("sync.doneNone") : t("sync.done", { count: number(sync.data.synced) })}</Notice>
      ) : null}
      <ErrorNotice error={sync.error} />
    </section>
  );
}

/** New WordPress credentials: how a site in ERROR is connected again. */
function WordPressCredentials({ site }: { site: Site }) {
  const { t } = useMessages(siteMessages);
  const siteChanged = useSiteChanged();
  const [username, setUsername] = useState(site.blogUsername ?? "");
  const [appPassword, setAppPassword] = useState("");
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH("/api/sites/{siteId}", {
          params: { path: { siteId: site.id } },
          body: { blogAppPassword: appPassword, ...(username.trim() ? { blogUsername: username.trim() } : {}) },
        }),
      ),
    onSuccess: (changed) => {
      siteChanged(changed);
      setAppPassword("");
    },
  });
  return (
    <section aria-labelledby="credentials-title">
      <h2 id="credentials-title">{t("credentials.title")}</h2>
      <form
        noValidate
        aria-labelledby="credentials-title"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <p>{t("credentials.intro")}</p>
        {save.isSuccess ? <Notice tone="success">{t("credentials.saved")}</Notice> : null}
        <ErrorNotice error={save.error} />
        <WordPressCredentialFields
          username={username}
          onUsername={setUsername}
          appPassword={appPassword}
          onAppPassword={setAppPassword}
          error={save.error}
          passwordLabel={t("credentials.appPassword")}
        />
        <div className="actions">
          <button type="submit" className="secondary" disabled={save.isPending || appPassword === ""}>
            {save.isPending ? t("credentials.saving") : t("credentials.submit")}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * The forum new threads go to. The API lists the postable forums only in the connect answer; here
 * the id is typed, and a wrong one is refused with a message that names the allowed ones.
 */
function ForumNode({ site }: { site: Site }) {
  const { t } = useMessages(siteMessages);
  const siteChanged = useSiteChanged();
  const [nodeId, setNodeId] = useState(site.forumNodeId === null ? "" : String(site.forumNodeId));
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST("/api/platforms/forum/{siteId}/node", {
          params: { path: { siteId: site.id } },
          body: { nodeId: Number.parseInt(nodeId.trim(), 10) },
        }),
      ),
    onSuccess: siteChanged,
  });
  return (
    <section aria-labelledby="forum-node-title">
      <h2 id="forum-node-title">{t("forumNode.title")}</h2>
      <form
        noValidate
        aria-labelledby="forum-node-title"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <p>{site.forumNodeId === null ? t("forumNode.missing") : t("forumNode.current", { id: site.forumNodeId })}</p>
        {save.isSuccess ? <Notice tone="success">{t("forumNode.saved", { id: save.data.forumNodeId ?? nodeId })}</Notice> : null}
        <ErrorNotice error={save.error} />
        <TextField
          label={t("forumNode.idLabel")}
          hint={t("forumNode.idHint")}
          inputMode="numeric"
          autoComplete="off"
          value={nodeId}
          onChange={(event) => setNodeId(event.target.value)}
          error={fieldError(save.error, "nodeId", ["forum_node_not_allowed"])}
        />
        <div className="actions">
          <button type="submit" className="secondary" disabled={save.isPending || nodeId.trim() === ""}>
            {save.isPending ? t("forumNode.saving") : t("forumNode.submit")}
          </button>
        </div>
      </form>
    </section>
  );
}

function WebhookUrl({ site }: { site: Site }) {
  const { t } = useMessages(siteMessages);
  const siteChanged = useSiteChanged();
  const [webhookUrl, setWebhookUrl] = useState(site.webhookUrl ?? "");
  const save = useMutation({
    mutationFn: () =>
      unwrap(api.PATCH("/api/sites/{siteId}", { params: { path: { siteId: site.id } }, body: { webhookUrl: webhookUrl.trim() || null } })),
    onSuccess: siteChanged,
  });
  const submit = () => {
    // Clearing the URL stops webhooks and fails the deliveries still waiting: ask first.
    if (webhookUrl.trim() === "" && site.webhookUrl !== null && !window.confirm(t("webhookUrl.confirmStop"))) return;
    save.mutate();
  };
  return (
    <section aria-labelledby="webhook-url-title">
      <h2 id="webhook-url-title">{t("webhookUrl.title")}</h2>
      <form
        noValidate
        aria-labelledby="webhook-url-title"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>{t("webhookUrl.intro")}</p>
        {save.isSuccess ? (
          <Notice tone="success">
            {save.data.webhookUrl ? t("webhookUrl.saved", { url: save.data.webhookUrl }) : t("webhookUrl.stopped")}
          </Notice>
        ) : null}
        <ErrorNotice error={save.error} />
        <TextField
          label={t("custom.webhookUrl")}
          hint={t("webhookUrl.hint")}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://www.example.com/hooks/autopilot"
          value={webhookUrl}
          onChange={(event) => setWebhookUrl(event.target.value)}
          error={fieldError(save.error, "webhookUrl")}
        />
        <div className="actions">
          <button type="submit" className="secondary" disabled={save.isPending}>
            {save.isPending ? t("webhookUrl.saving") : t("webhookUrl.submit")}
          </button>
          <Link href={`/webhooks?siteId=${encodeURIComponent(site.id)}`}>{t("webhookUrl.deliveriesLink")}</Link>
        </div>
      </form>
    </section>
  );
}

function RotateSecret({ site }: { site: Site }) {
  const { t } = useMessages(siteMessages);
  const rotate = useMutation({
    mutationFn: () => unwrap(api.POST("/api/platforms/custom/{siteId}/rotate-secret", { params: { path: { siteId: site.id } } })),
  });
  return (
    <section aria-labelledby="rotate-title">
      <h2 id="rotate-title">{t("rotate.title")}</h2>
      <p>{t("rotate.intro")}</p>
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={rotate.isPending}
          onClick={() => {
            if (window.confirm(t("rotate.confirm"))) rotate.mutate();
          }}
        >
          {rotate.isPending ? t("rotate.working") : t("rotate.submit")}
        </button>
      </div>
      <ErrorNotice error={rotate.error} />
      {rotate.data ? <SecretOnce secret={rotate.data.webhookSecret} explanation={t("rotate.done")} /> : null}
    </section>
  );
}

function Disconnect({ site }: { site: Site }) {
  const { t } = useMessages(siteMessages);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const disconnect = useMutation({
    mutationFn: () => unwrap(api.DELETE("/api/sites/{siteId}", { params: { path: { siteId: site.id } } })),
    onSuccess: () => {
      const flash: Flash = { kind: "disconnected", url: site.url };
      navigate("/sites", { state: { flash } });
      // The site is a 404 from now on: nothing of it stays cached.
      queryClient.removeQueries({ queryKey: siteKey(site.id) });
      queryClient.removeQueries({ queryKey: briefKey(site.id) });
      queryClient.removeQueries({ queryKey: chatKey(site.id) });
      void queryClient.invalidateQueries({ queryKey: SITES_KEY });
    },
  });
  return (
    <section aria-labelledby="disconnect-title" className="danger-zone">
      <h2 id="disconnect-title">{t("disconnect.title")}</h2>
      <p>{t("disconnect.intro")}</p>
      <div className="actions">
        <button
          type="button"
          className="danger"
          disabled={disconnect.isPending}
          onClick={() => {
            if (window.confirm(t("disconnect.confirm", { url: site.url }))) disconnect.mutate();
          }}
        >
          {disconnect.isPending ? t("disconnect.working") : t("disconnect.submit")}
        </button>
      </div>
      <ErrorNotice error={disconnect.error} />
    </section>
  );
}
