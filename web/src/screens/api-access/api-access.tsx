import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, unwrap, type Schemas } from "../../api/client";
import {
  Badge,
  CopyButton,
  ErrorNotice,
  fieldError,
  LengthCounter,
  Loading,
  Notice,
  PageTitle,
  Pager,
  TextField,
} from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { usePageParam } from "../../lib/url";
import "./api-access.css";
import { apiAccessMessages } from "./messages";

type Token = Schemas["ApiToken"];
type CreatedToken = Schemas["CreatedApiToken"];
type Scope = Token["scope"];
type Grant = Schemas["OAuthGrant"];

const TOKENS_KEY = ["/api/tokens"] as const;
const GRANTS_KEY = ["/api/oauth/grants"] as const;
const SCOPES: readonly Scope[] = ["manage", "public:read"];
const NAME_MAX = 100;
// The API answers every token at once: paged here.
const PER_PAGE = 20;

/** /api-access: the API's addresses, a curl example, creating tokens (secret shown once) and revoking them, and the apps allowed through OAuth. */
export function ApiAccessScreen() {
  const { t } = useMessages(apiAccessMessages);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("title")}>{t("title")}</PageTitle>
      <p>{t("intro")}</p>
      <Addresses />
      <CreateToken created={created} onCreated={setCreated} onStored={() => setCreated(null)} />
      <CurlExample secret={created?.token ?? null} />
      <TokenList />
      <GrantList />
    </section>
  );
}

function Addresses() {
  const { t } = useMessages(apiAccessMessages);
  const origin = window.location.origin;
  const publicUrl = `${origin}/api/v1/public`;
  const managementUrl = `${origin}/api`;
  return (
    <section className="card" aria-labelledby="addresses-heading">
      <h2 id="addresses-heading">{t("addresses.heading")}</h2>
      <dl className="address-list">
        <div>
          <dt>{t("addresses.public")}</dt>
          <dd>
            <code>{publicUrl}</code> <CopyButton value={publicUrl} label={t("copy.public")} />
          </dd>
        </div>
        <div>
          <dt>{t("addresses.management")}</dt>
          <dd>
            <code>{managementUrl}</code> <CopyButton value={managementUrl} label={t("copy.management")} />
          </dd>
        </div>
        <div>
          <dt>{t("addresses.reference")}</dt>
          <dd>
            <a href="/api/docs">{t("addresses.referenceLink")}</a>
          </dd>
        </div>
        <div>
          <dt>{t("addresses.openapi")}</dt>
          <dd>
            <a href="/api/openapi.json">{t("addresses.openapiLink")}</a>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function CurlExample({ secret }: { secret: string | null }) {
  const { t } = useMessages(apiAccessMessages);
  const command = `curl -H "Authorization: Bearer ${secret ?? "<API_TOKEN>"}" ${window.location.origin}/api/v1/public/articles`;
  return (
    <section className="card" aria-labelledby="example-heading">
      <h2 id="example-heading">{t("example.heading")}</h2>
      <p>{secret ? t("example.withToken") : t("example.placeholder")}</p>
      <pre className="curl-example">
        <code data-testid="curl-example">{command}</code>
      </pre>
      <CopyButton value={command} label={t("example.copy")} />
    </section>
  );
}

function CreateToken({
  created,
  onCreated,
  onStored,
}: {
  created: CreatedToken | null;
  onCreated(token: CreatedToken): void;
  onStored(): void;
}) {
  const { t } = useMessages(apiAccessMessages);
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<Scope>("manage");
  const [missingName, setMissingName] = useState(false);
  const create = useMutation({
    mutationFn: () => unwrap(api.POST("/api/tokens", { body: { name: name.trim(), scope } })),
    onSuccess: (token) => {
      onCreated(token);
      setName("");
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissingName(name.trim() === "");
    if (name.trim() === "") return;
    create.mutate();
  };
  return (
    <section className="card" aria-labelledby="create-heading">
      <h2 id="create-heading">{t("create.heading")}</h2>
      {created ? <CreatedSecret token={created} onStored={onStored} /> : null}
      <form onSubmit={submit} noValidate>
        <ErrorNotice error={create.error} />
        <TextField
          label={t("create.name")}
          autoComplete="off"
          required
          maxLength={NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
          hint={t("create.nameHint")}
          aside={<LengthCounter length={name.length} max={NAME_MAX} />}
          error={missingName ? t("create.nameRequired") : fieldError(create.error, "name")}
        />
        <fieldset className="radio-group">
          <legend>{t("create.scope")}</legend>
          {SCOPES.map((value) => (
            <label key={value} className="radio-option">
              <input type="radio" name="scope" value={value} checked={scope === value} onChange={() => setScope(value)} />
              <span>
                {t(`scope.${value}`)}
                <br />
                <span className="muted">{t(`scope.${value}Hint`)}</span>
              </span>
            </label>
          ))}
          {fieldError(create.error, "scope") ? <div className="field-error">{fieldError(create.error, "scope")}</div> : null}
        </fieldset>
        <p className="muted">{t("create.expiry")}</p>
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? t("create.working") : t("create.submit")}
        </button>
      </form>
    </section>
  );
}

/** The secret, once: it is in no later answer of the API. */
function CreatedSecret({ token, onStored }: { token: CreatedToken; onStored(): void }) {
  const { t } = useMessages(apiAccessMessages);
  return (
    <div className="notice notice-success" role="status" data-testid="created-token">
      <p className="secret-line">
        <strong>{t("created.title", { name: token.name })}</strong> {t("created.storeNow")}
      </p>
      <p className="secret-line">
        <code data-testid="token-secret">{token.token}</code>
      </p>
      <div className="actions">
        <CopyButton value={token.token} label={t("created.secretLabel")} />
        <button type="button" className="secondary" onClick={onStored}>
          {t("created.done")}
        </button>
      </div>
    </div>
  );
}

function TokenList() {
  const { t } = useMessages(apiAccessMessages);
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: () => unwrap(api.GET("/api/tokens")) });
  const [page, setPage] = usePageParam();
  const revoke = useMutation({
    mutationFn: (token: Token) => unwrap(api.DELETE("/api/tokens/{id}", { params: { path: { id: token.id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
  const confirmRevoke = (token: Token) => {
    if (window.confirm(t("revoke.confirm", { name: token.name }))) revoke.mutate(token);
  };

  const rows = tokens.data ?? [];
  const totalPages = Math.max(1, Math.ceil(rows.length / PER_PAGE));
  const shownPage = Math.min(page, totalPages);
  const shown = rows.slice((shownPage - 1) * PER_PAGE, shownPage * PER_PAGE);
  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">{t("list.heading")}</h2>
      {tokens.isPending ? <Loading /> : null}
      <ErrorNotice error={tokens.error} onRetry={() => void tokens.refetch()} />
      <ErrorNotice error={revoke.error} />
      {revoke.isSuccess ? <Notice tone="success">{t("revoke.done", { name: revoke.variables.name })}</Notice> : null}
      {tokens.data && rows.length === 0 ? <p>{t("list.empty")}</p> : null}
      {shown.length > 0 ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">{t("list.name")}</th>
                  <th scope="col">{t("list.scope")}</th>
                  <th scope="col">{t("list.token")}</th>
                  <th scope="col">{t("list.status")}</th>
                  <th scope="col">{t("list.created")}</th>
                  <th scope="col">{t("list.lastUsed")}</th>
                  <th scope="col">{t("list.expires")}</th>
                  <th scope="col">{t("list.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((token) => (
                  <TokenRow
                    key={token.id}
                    token={token}
                    revoking={revoke.isPending && revoke.variables.id === token.id}
                    onRevoke={() => confirmRevoke(token)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={shownPage} totalPages={totalPages} total={rows.length} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function TokenRow({ token, revoking, onRevoke }: { token: Token; revoking: boolean; onRevoke(): void }) {
  const { t, dateTime } = useMessages(apiAccessMessages);
  return (
    <tr>
      <th scope="row" className="cell-name">
        {token.name}
      </th>
      <td className="nowrap" data-label={t("list.scope")}>
        <code>{token.scope}</code>
      </td>
      <td className="nowrap" data-label={t("list.token")}>
        <code>
          {token.prefix}…{token.lastFour}
        </code>
      </td>
      <td data-label={t("list.status")}>
        <Badge status={token.status} label={t(`status.${token.status}`)} />
        {token.revokedAt ? <div className="muted">{t("list.revoked", { when: dateTime(token.revokedAt) })}</div> : null}
      </td>
      <td className="token-date" data-label={t("list.created")}>
        {dateTime(token.createdAt)}
      </td>
      <td className="token-date" data-label={t("list.lastUsed")}>
        {token.lastUsedAt ? dateTime(token.lastUsedAt) : t("list.never")}
      </td>
      <td className="token-date" data-label={t("list.expires")}>
        {dateTime(token.expiresAt)}
      </td>
      <td data-label={t("list.actions")}>
        {token.status === "active" ? (
          <button
            type="button"
            className="danger secondary"
            aria-label={t("revoke.label", { name: token.name })}
            disabled={revoking}
            onClick={onRevoke}
          >
            {revoking ? t("revoke.working") : t("revoke.button")}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/** The name an app gave when it registered: self-asserted, shown as text only; its client id when it gave none. */
function grantName(grant: Grant): string {
  return grant.clientName.trim() || grant.clientId;
}

/** The apps (MCP connectors) the account allowed through OAuth, newest first: revoking one ends its tokens at once. */
function GrantList() {
  const { t, dateTime } = useMessages(apiAccessMessages);
  const queryClient = useQueryClient();
  const grants = useQuery({ queryKey: GRANTS_KEY, queryFn: () => unwrap(api.GET("/api/oauth/grants")) });
  const revoke = useMutation({
    mutationFn: (grant: Grant) => unwrap(api.DELETE("/api/oauth/grants/{grantId}", { params: { path: { grantId: grant.id } } })),
    // Also after an error: a grant revoked elsewhere (404) leaves the list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: GRANTS_KEY }),
  });
  const confirmRevoke = (grant: Grant) => {
    if (window.confirm(t("oauth.revokeConfirm", { name: grantName(grant) }))) revoke.mutate(grant);
  };

  const rows = grants.data?.items ?? [];
  return (
    <section aria-labelledby="oauth-heading">
      <h2 id="oauth-heading">{t("oauth.heading")}</h2>
      <p>{t("oauth.intro")}</p>
      <p className="muted">{t("oauth.headerClients")}</p>
      {grants.isPending ? <Loading /> : null}
      {(grants.data?.revoked ?? []).map((revocation) => (
        <Notice key={revocation.grantId} tone="warning">
          {t("oauth.reusedRevoked", { name: revocation.clientName.trim() || revocation.clientId, when: dateTime(revocation.revokedAt) })}
        </Notice>
      ))}
      <ErrorNotice error={grants.error} onRetry={() => void grants.refetch()} />
      <ErrorNotice error={revoke.error} />
      {revoke.isSuccess ? <Notice tone="success">{t("oauth.revokeDone", { name: grantName(revoke.variables) })}</Notice> : null}
      {grants.data && rows.length === 0 ? (
        <p className="grant-empty">{t("oauth.empty", { url: `${window.location.origin}/mcp` })}</p>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-wrap" tabIndex={0}>
          <table aria-labelledby="oauth-heading" className="stack-table">
            <thead>
              <tr>
                <th scope="col">{t("oauth.app")}</th>
                <th scope="col">{t("oauth.allowed")}</th>
                <th scope="col">{t("list.expires")}</th>
                <th scope="col">{t("list.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((grant) => (
                <GrantRow
                  key={grant.id}
                  grant={grant}
                  revoking={revoke.isPending && revoke.variables.id === grant.id}
                  onRevoke={() => confirmRevoke(grant)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function GrantRow({ grant, revoking, onRevoke }: { grant: Grant; revoking: boolean; onRevoke(): void }) {
  const { t, dateTime } = useMessages(apiAccessMessages);
  const name = grantName(grant);
  return (
    <tr>
      <th scope="row" className="grant-app cell-name">
        {name}
        <div className="muted grant-unverified">{t("oauth.unverified")}</div>
        <div className="muted grant-client">
          {t("oauth.clientId")} <code>{grant.clientId}</code>
        </div>
      </th>
      <td className="nowrap" data-label={t("oauth.allowed")}>
        {dateTime(grant.createdAt)}
      </td>
      <td className="nowrap" data-label={t("list.expires")}>
        {grant.expiresAt ? dateTime(grant.expiresAt) : t("oauth.noExpiry")}
      </td>
      <td data-label={t("list.actions")}>
        <button
          type="button"
          className="danger secondary"
          aria-label={t("oauth.revokeLabel", { name })}
          disabled={revoking}
          onClick={onRevoke}
        >
          {revoking ? t("revoke.working") : t("revoke.button")}
        </button>
      </td>
    </tr>
  );
}
