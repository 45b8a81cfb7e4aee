import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap, type Schemas } from "../../api/client";
import { CopyButton, ErrorNotice, Loading, Notice, PageTitle } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import "./api-access.css";
import { apiAccessMessages } from "./messages";
import { CreateToken, type CreatedToken, TokenList } from "./tokens";

type Grant = Schemas["OAuthGrant"];

const GRANTS_KEY = ["/api/oauth/grants"] as const;

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
