// The three ways to connect a site: WordPress (verified with an application password), XenForo
// (an API key, then the forum new threads go to) and a custom site (webhooks signed with a secret).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { api, unwrap, type Schemas } from "../../api/client";
import { ErrorNotice, fieldError, LengthCounter, Notice, SelectField, TextArea, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { siteMessages } from "./messages";
import { LanguageField, SecretOnce, siteKey, type Flash, WordPressCredentialFields } from "./shared";
import { SITES_KEY } from "../../api/query-keys";

const BUSINESS_CONTEXT_MAX = 5000;

/** The fields every platform's connect form shares. */
function useCommonFields() {
  const { language } = useMessages(siteMessages);
  const [businessContext, setBusinessContext] = useState("");
  const [siteLanguage, setSiteLanguage] = useState<string>(language);
  return { businessContext, setBusinessContext, siteLanguage, setSiteLanguage };
}

function BusinessContextField({ value, onChange, error }: { value: string; onChange(value: string): void; error: unknown }) {
  const { t } = useMessages(siteMessages);
  return (
    <TextArea
      label={t("field.businessContext")}
      hint={t("field.businessContextHint")}
      value={value}
      rows={4}
      onChange={(event) => onChange(event.target.value)}
      aside={<LengthCounter length={value.length} max={BUSINESS_CONTEXT_MAX} />}
      error={fieldError(error, "businessContext")}
    />
  );
}

/** After connecting: the site's page, with the outcome said there. */
function useOpenConnectedSite() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return (site: Schemas["Site"]) => {
    queryClient.setQueryData(siteKey(site.id), site);
    void queryClient.invalidateQueries({ queryKey: SITES_KEY });
    const flash: Flash = { kind: "connected", url: site.url };
    navigate(`/sites/${site.id}`, { state: { flash } });
  };
}

export function WordPressConnect() {
  const { t } = useMessages(siteMessages);
  const common = useCommonFields();
  const [url, setUrl] = useState("");
  const [username, setUsername] = useState("");
  const [appPassword, setAppPassword] = useState("");
  const openSite = useOpenConnectedSite();
  const connect = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST("/api/sites", {
          body: {
            url: url.trim(),
            blogUsername: username.trim(),
            blogAppPassword: appPassword,
            businessContext: common.businessContext,
            language: common.siteLanguage.trim(),
          },
        }),
      ),
    onSuccess: openSite,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate();
  };
  const error = connect.error;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="connect-wordpress-title">
      <h3 id="connect-wordpress-title">{t("wordpress.title")}</h3>
      <div className="card how-to">
        <p>
          <strong>{t("wordpress.howTo.title")}</strong>
        </p>
        <ol>
          <li>{t("wordpress.howTo.step1")}</li>
          <li>{t("wordpress.howTo.step2")}</li>
          <li>{t("wordpress.howTo.step3")}</li>
        </ol>
        <p className="muted">{t("wordpress.howTo.https")}</p>
      </div>
      <ErrorNotice error={error} />
      <TextField
        label={t("field.siteUrl")}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://blog.example.com"
        required
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={fieldError(error, "url", ["site_unreachable", "not_wordpress", "site_already_connected"])}
      />
      <WordPressCredentialFields
        username={username}
        onUsername={setUsername}
        appPassword={appPassword}
        onAppPassword={setAppPassword}
        error={error}
        passwordLabel={t("wordpress.appPassword")}
        usernameHint={t("wordpress.usernameHint")}
        usernameRequired
      />
      <BusinessContextField value={common.businessContext} onChange={common.setBusinessContext} error={error} />
      <LanguageField value={common.siteLanguage} onChange={common.setSiteLanguage} error={error} />
      <div className="actions">
        <button type="submit" disabled={connect.isPending}>
          {connect.isPending ? t("wordpress.connecting") : t("wordpress.submit")}
        </button>
      </div>
    </form>
  );
}

export function XenForoConnect() {
  const [connected, setConnected] = useState<Schemas["ConnectedForum"] | null>(null);
  if (connected) return <ForumNodeChoice connected={connected} />;
  return <XenForoConnectForm onConnected={setConnected} />;
}

function XenForoConnectForm({ onConnected }: { onConnected(connected: Schemas["ConnectedForum"]): void }) {
  const { t } = useMessages(siteMessages);
  const queryClient = useQueryClient();
  const common = useCommonFields();
  const [url, setUrl] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [forumUserId, setForumUserId] = useState("");
  const connect = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST("/api/platforms/forum/connect", {
          body: {
            url: url.trim(),
            apiKey: apiKey.trim(),
            // Not a whole number: sent as null, and the API says what it expects next to the field.
            forumUserId: Number.parseInt(forumUserId.trim(), 10),
            businessContext: common.businessContext,
            language: common.siteLanguage.trim(),
          },
        }),
      ),
    onSuccess: (connected) => {
      void queryClient.invalidateQueries({ queryKey: SITES_KEY });
      onConnected(connected);
    },
  });
  const error = connect.error;
  return (
    <form
      noValidate
      aria-labelledby="connect-xenforo-title"
      onSubmit={(event) => {
        event.preventDefault();
        connect.mutate();
      }}
    >
      <h3 id="connect-xenforo-title">{t("xenforo.title")}</h3>
      <div className="card how-to">
        <p>
          <strong>{t("xenforo.howTo.title")}</strong>
        </p>
        <ol>
          <li>{t("xenforo.howTo.step1")}</li>
          <li>{t("xenforo.howTo.step2")}</li>
          <li>{t("xenforo.howTo.step3")}</li>
        </ol>
      </div>
      <ErrorNotice error={error} />
      <TextField
        label={t("xenforo.url")}
        hint={t("xenforo.urlHint")}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://forum.example.com"
        required
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={fieldError(error, "url", ["forum_unavailable", "site_already_connected"])}
      />
      <TextField
        label={t("xenforo.apiKey")}
        type="password"
        autoComplete="off"
        spellCheck={false}
        required
        value={apiKey}
        onChange={(event) => setApiKey(event.target.value)}
        error={fieldError(error, "apiKey", ["forum_key_rejected"])}
      />
      <TextField
        label={t("xenforo.userId")}
        hint={t("xenforo.userIdHint")}
        inputMode="numeric"
        autoComplete="off"
        required
        value={forumUserId}
        onChange={(event) => setForumUserId(event.target.value)}
        error={fieldError(error, "forumUserId", ["forum_no_writable_node"])}
      />
      <BusinessContextField value={common.businessContext} onChange={common.setBusinessContext} error={error} />
      <LanguageField value={common.siteLanguage} onChange={common.setSiteLanguage} error={error} />
      <div className="actions">
        <button type="submit" disabled={connect.isPending}>
          {connect.isPending ? t("xenforo.connecting") : t("xenforo.submit")}
        </button>
      </div>
    </form>
  );
}

/** The second step: which of the offered forums new threads are started in. */
function ForumNodeChoice({ connected }: { connected: Schemas["ConnectedForum"] }) {
  const { t } = useMessages(siteMessages);
  const [nodeId, setNodeId] = useState(String(connected.forums[0]?.id ?? ""));
  const openSite = useOpenConnectedSite();
  const choose = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST("/api/platforms/forum/{siteId}/node", { params: { path: { siteId: connected.id } }, body: { nodeId: Number(nodeId) } }),
      ),
    onSuccess: openSite,
  });
  return (
    <form
      noValidate
      aria-labelledby="forum-node-title"
      onSubmit={(event) => {
        event.preventDefault();
        choose.mutate();
      }}
    >
      <h3 id="forum-node-title">{t("forumNode.title")}</h3>
      <Notice tone="success">{t("forumNode.connected", { count: connected.forums.length })}</Notice>
      <ErrorNotice error={choose.error} />
      <SelectField
        label={t("forumNode.label")}
        hint={t("forumNode.hint")}
        value={nodeId}
        onChange={(event) => setNodeId(event.target.value)}
        error={fieldError(choose.error, "nodeId", ["forum_node_not_allowed"])}
      >
        {connected.forums.map((forum) => (
          <option key={forum.id} value={String(forum.id)}>
            {forum.title}
          </option>
        ))}
      </SelectField>
      <div className="actions">
        <button type="submit" disabled={choose.isPending || nodeId === ""}>
          {choose.isPending ? t("forumNode.saving") : t("forumNode.submit")}
        </button>
        <Link href={`/sites/${connected.id}`}>{t("forumNode.later")}</Link>
      </div>
    </form>
  );
}

export function CustomConnect() {
  const { t } = useMessages(siteMessages);
  const queryClient = useQueryClient();
  const common = useCommonFields();
  const [url, setUrl] = useState("");
  const [webhookUrl, setWebhookUrl] = useState("");
  const connect = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST("/api/platforms/custom/connect", {
          body: {
            url: url.trim(),
            ...(webhookUrl.trim() ? { webhookUrl: webhookUrl.trim() } : {}),
            businessContext: common.businessContext,
            language: common.siteLanguage.trim(),
          },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SITES_KEY }),
  });
  if (connect.data) {
    return (
      <section aria-labelledby="custom-connected-title">
        <h3 id="custom-connected-title">{t("custom.connectedTitle")}</h3>
        <SecretOnce secret={connect.data.webhookSecret} explanation={t("custom.secretExplanation")} />
        <p>
          <Link href={`/sites/${connect.data.id}`}>{t("custom.openSite")}</Link>
        </p>
      </section>
    );
  }
  const error = connect.error;
  return (
    <form
      noValidate
      aria-labelledby="connect-custom-title"
      onSubmit={(event) => {
        event.preventDefault();
        connect.mutate();
      }}
    >
      <h3 id="connect-custom-title">{t("custom.title")}</h3>
      <p>{t("custom.intro")}</p>
      <ErrorNotice error={error} />
      <TextField
        label={t("field.siteUrl")}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://www.example.com"
        required
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={fieldError(error, "url")}
      />
      <TextField
        label={t("custom.webhookUrl")}
        hint={t("custom.webhookUrlHint")}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://www.example.com/hooks/autopilot"
        value={webhookUrl}
        onChange={(event) => setWebhookUrl(event.target.value)}
        error={fieldError(error, "webhookUrl")}
      />
      <BusinessContextField value={common.businessContext} onChange={common.setBusinessContext} error={error} />
      <LanguageField value={common.siteLanguage} onChange={common.setSiteLanguage} error={error} />
      <div className="actions">
        <button type="submit" disabled={connect.isPending}>
          {connect.isPending ? t("custom.connecting") : t("custom.submit")}
        </button>
      </div>
    </form>
  );
}
