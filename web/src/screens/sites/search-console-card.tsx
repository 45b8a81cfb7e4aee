// The site overview's Search Console card: which property the figures come from, the state in
// words, the last sync and "Sync now", choosing the property, the search loop's settings, and the
// site's IndexNow key.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link } from "wouter";
import { api, unwrap } from "../../api/client";
import { SITES_KEY } from "../../api/query-keys";
import { CheckField, CopyButton, ErrorNotice, fieldError, Loading, Notice, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { ConnectGoogleButton, googleUsable, useGoogleIntegration } from "../settings/google-connection";
import { googleMessages } from "../settings/google-messages";
import { coveringProperties, useSearchFiguresChanged, useStateText } from "./search-shared";
import { searchMessages } from "./search-messages";
import { siteKey, type Site } from "./shared";
import { useRole } from "../../lib/current-member";

/** How often the site is read again while a sync runs, and for how long at most. */
const POLL_MS = 2_000;
const POLL_LIMIT_MS = 3 * 60_000;

/** For blog and custom sites: forums are not read from Search Console. */
export function SearchConsoleCard({ site }: { site: Site }) {
  const { t } = useMessages(searchMessages);
  const google = useMessages(googleMessages);
  const integration = useGoogleIntegration();
  const data = integration.data;
  const { can } = useRole();
  return (
    <section aria-labelledby="search-console-title" className="search-console-card" data-testid="search-console-card">
      <h2 id="search-console-title">{t("card.title")}</h2>
      {integration.isPending ? <Loading /> : null}
      <ErrorNotice error={integration.error} onRetry={() => void integration.refetch()} />
      {data && !data.offline && !data.connected ? (
        data.configured ? (
          <>
            <p>{t("card.connectFirst")}</p>
            <ConnectGoogleButton returnTo={`/sites/${site.id}`} />
          </>
        ) : (
          <p>{google.t("google.notConfigured")}</p>
        )
      ) : null}
      {data && !data.offline && data.connected && data.status === "ERROR" ? (
        <>
          <div className="notice notice-warning" role="status">
            {google.t("google.broken")}
          </div>
          {data.configured ? <ConnectGoogleButton returnTo={`/sites/${site.id}`} again /> : null}
        </>
      ) : null}
      {data && googleUsable(data) ? (
        <>
          {data.offline ? <p className="muted">{t("card.offline")}</p> : null}
          <SyncState site={site} candidates={coveringProperties(data.properties, site.url).map((entry) => entry.siteUrl)} />
          {site.platform === "blog" && can("admin", site.id) ? <SearchLoopSettings site={site} /> : null}
        </>
      ) : null}
      <IndexNowKey site={site} />
    </section>
  );
}

/** The property, the state, the last sync with "Sync now", and the property picker. */
function SyncState({ site, candidates }: { site: Site; candidates: string[] }) {
  const { t, dateTime, day } = useMessages(searchMessages);
  const stateText = useStateText();
  const figuresChanged = useSearchFiguresChanged();
  const queryClient = useQueryClient();
  const searchConsole = site.searchConsole;
  const [choosing, setChoosing] = useState(false);
  const [waiting, setWaiting] = useState<{ from: string | null; timedOut: boolean } | null>(null);
  const [synced, setSynced] = useState(false);

  // While a sync runs the site is read again until its syncedAt moves on.
  useQuery({
    queryKey: siteKey(site.id),
    queryFn: () => unwrap(api.GET("/api/sites/{siteId}", { params: { path: { siteId: site.id } } })),
    enabled: waiting !== null && !waiting.timedOut,
    refetchInterval: POLL_MS,
  });
  useEffect(() => {
    if (!waiting || waiting.timedOut || searchConsole.syncedAt === waiting.from) return;
    setWaiting(null);
    setSynced(true);
    figuresChanged(site.id);
    void queryClient.invalidateQueries({ queryKey: SITES_KEY });
  }, [searchConsole.syncedAt, waiting, site.id, figuresChanged, queryClient]);
  useEffect(() => {
    if (!waiting || waiting.timedOut) return;
    const timer = setTimeout(() => setWaiting((current) => (current ? { ...current, timedOut: true } : current)), POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  const sync = useMutation({
    mutationFn: () => unwrap(api.POST("/api/sites/{siteId}/search-console/sync", { params: { path: { siteId: site.id } } })),
    onMutate: () => setSynced(false),
    onSuccess: () => setWaiting({ from: searchConsole.syncedAt, timedOut: false }),
  });
  const running = sync.isPending || (waiting !== null && !waiting.timedOut);
  // Syncing is an editor's; choosing the property an admin's.
  const { can } = useRole();
  const mayChoose = can("admin", site.id);
  const showPicker = mayChoose && (choosing || (searchConsole.state === "property_ambiguous" && candidates.length > 0));

  return (
    <>
      <dl className="site-facts search-console-facts">
        <dt>{t("card.property")}</dt>
        <dd>
          {searchConsole.property ? (
            <>
              <span className="mono">{searchConsole.property}</span>{" "}
              <span className="muted">({searchConsole.propertyChosen ? t("card.chosenByYou") : t("card.chosenAutomatically")})</span>
            </>
          ) : (
            t("card.propertyNone")
          )}
        </dd>
        <dt>{t("card.state")}</dt>
        <dd data-testid="search-console-state">{stateText(site, candidates)}</dd>
        <dt>{t("card.lastSync")}</dt>
        <dd>
          {searchConsole.syncedAt
            ? t("card.syncedAt", {
                time: dateTime(searchConsole.syncedAt),
                day: searchConsole.syncedThrough ? day(searchConsole.syncedThrough) : "—",
              })
            : t("card.neverSynced")}
        </dd>
      </dl>
      <div className="actions">
        {can("publish", site.id) ? (
          <button type="button" onClick={() => sync.mutate()} disabled={running}>
            {running ? t("card.syncing") : t("card.syncNow")}
          </button>
        ) : null}
        {mayChoose && !showPicker && candidates.length > 0 ? (
          <button type="button" className="secondary" onClick={() => setChoosing(true)}>
            {t("card.changeProperty")}
          </button>
        ) : null}
        <Link href={`/sites/${site.id}?tab=search`}>{t("card.seeFigures")}</Link>
      </div>
      {running ? (
        <p className="muted" role="status">
          {t("card.syncWait")}
        </p>
      ) : null}
      {waiting?.timedOut ? <Notice>{t("card.syncSlow")}</Notice> : null}
      {synced ? <Notice tone="success">{t("card.synced")}</Notice> : null}
      <ErrorNotice error={sync.error} />
      {showPicker ? <PropertyPicker site={site} candidates={candidates} onDone={() => setChoosing(false)} /> : null}
    </>
  );
}

const AUTOMATIC = "";

function PropertyPicker({ site, candidates, onDone }: { site: Site; candidates: string[]; onDone(): void }) {
  const { t } = useMessages(searchMessages);
  const queryClient = useQueryClient();
  const figuresChanged = useSearchFiguresChanged();
  const searchConsole = site.searchConsole;
  const [choice, setChoice] = useState(searchConsole.propertyChosen && searchConsole.property ? searchConsole.property : AUTOMATIC);
  const hintId = useId();
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PUT("/api/sites/{siteId}/search-console", {
          params: { path: { siteId: site.id } },
          body: { property: choice === AUTOMATIC ? null : choice },
        }),
      ),
    onSuccess: (changed) => {
      queryClient.setQueryData(siteKey(site.id), changed);
      void queryClient.invalidateQueries({ queryKey: SITES_KEY });
      figuresChanged(site.id);
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const refused = fieldError(save.error, "property", ["search_console_property_unknown"]);
  return (
    <form noValidate onSubmit={submit} className="property-picker" aria-labelledby="property-picker-title">
      <h3 id="property-picker-title">{t("picker.title")}</h3>
      <ErrorNotice error={save.error} />
      <fieldset className="choice-list" aria-describedby={hintId}>
        <legend>{t("picker.legend", { url: site.url })}</legend>
        <label>
          <input type="radio" name="property" value={AUTOMATIC} checked={choice === AUTOMATIC} onChange={() => setChoice(AUTOMATIC)} />
          {t("picker.automatic")}
        </label>
        {candidates.map((candidate) => (
          <label key={candidate}>
            <input type="radio" name="property" value={candidate} checked={choice === candidate} onChange={() => setChoice(candidate)} />
            <span className="mono">{candidate}</span>
          </label>
        ))}
      </fieldset>
      <p className="field-hint" id={hintId}>
        {t("picker.hint")}
      </p>
      {refused ? <p className="field-error">{refused}</p> : null}
      <div className="actions">
        <button type="submit" className="secondary" disabled={save.isPending}>
          {save.isPending ? t("picker.saving") : t("picker.save")}
        </button>
        <button type="button" className="link-button" onClick={onDone}>
          {t("picker.cancel")}
        </button>
      </div>
    </form>
  );
}

const MAX_REFRESHES = 50;

/** Whether decaying existing posts (WordPress only) are refreshed on their own, applied without waiting, and how many a week. */
function SearchLoopSettings({ site }: { site: Site }) {
  const { t } = useMessages(searchMessages);
  const queryClient = useQueryClient();
  const searchConsole = site.searchConsole;
  const [refreshDecaying, setRefreshDecaying] = useState(searchConsole.refreshDecaying);
  const [autoApply, setAutoApply] = useState(searchConsole.autoApply);
  const [maxRefreshes, setMaxRefreshes] = useState(String(searchConsole.maxRefreshesPerWeek));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PUT("/api/sites/{siteId}/search-console", {
          params: { path: { siteId: site.id } },
          body: { refreshDecaying, autoApply: refreshDecaying && autoApply, maxRefreshesPerWeek: Number(maxRefreshes) },
        }),
      ),
    onSuccess: (changed) => {
      queryClient.setQueryData(siteKey(site.id), changed);
      void queryClient.invalidateQueries({ queryKey: SITES_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = Number(maxRefreshes.trim());
    if (!Number.isInteger(count) || count < 1 || count > MAX_REFRESHES) {
      setProblem(t("loop.maxInvalid", { max: MAX_REFRESHES }));
      return save.reset();
    }
    setProblem(null);
    save.mutate();
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby="search-loop-title">
      <h3 id="search-loop-title">{t("loop.title")}</h3>
      <p>{t("loop.intro")}</p>
      {save.isSuccess ? <Notice tone="success">{t("loop.saved")}</Notice> : null}
      <ErrorNotice error={save.error} />
      <CheckField
        label={t("loop.refreshDecaying")}
        hint={t("loop.refreshDecayingHint")}
        checked={refreshDecaying}
        onChange={(event) => setRefreshDecaying(event.target.checked)}
        error={fieldError(save.error, "refreshDecaying")}
      />
      <CheckField
        label={t("loop.autoApply")}
        hint={refreshDecaying ? t("loop.autoApplyHint") : t("loop.autoApplyOff")}
        checked={refreshDecaying && autoApply}
        disabled={!refreshDecaying}
        onChange={(event) => setAutoApply(event.target.checked)}
        error={fieldError(save.error, "autoApply")}
      />
      <TextField
        label={t("loop.maxRefreshes")}
        hint={t("loop.maxRefreshesHint", { max: MAX_REFRESHES })}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_REFRESHES}
        className="narrow-number"
        value={maxRefreshes}
        onChange={(event) => setMaxRefreshes(event.target.value)}
        error={problem ?? fieldError(save.error, "maxRefreshesPerWeek")}
      />
      <div className="actions">
        <button type="submit" className="secondary" disabled={save.isPending}>
          {save.isPending ? t("loop.saving") : t("loop.save")}
        </button>
      </div>
    </form>
  );
}

/** The key that lets the site tell IndexNow search engines about new pages, and who serves it. */
function IndexNowKey({ site }: { site: Site }) {
  const { t } = useMessages(searchMessages);
  if (!site.indexNow) return null;
  const { key, keyUrl } = site.indexNow;
  return (
    <div className="index-now" data-testid="index-now">
      <h3>{t("indexNow.title")}</h3>
      <p>{t("indexNow.intro")}</p>
      <dl className="site-facts">
        <dt>{t("indexNow.key")}</dt>
        <dd>
          <span className="mono">{key}</span> <CopyButton value={key} label={t("indexNow.key")} />
        </dd>
        <dt>{t("indexNow.keyUrl")}</dt>
        <dd>
          <a href={keyUrl} target="_blank" rel="noopener noreferrer">
            {keyUrl}
          </a>
        </dd>
      </dl>
      <p className="muted">
        {site.platform === "blog"
          ? site.seo?.connector
            ? t("indexNow.blog")
            : t("indexNow.blogNoConnector")
          : t("indexNow.custom", { url: keyUrl })}
      </p>
    </div>
  );
}
