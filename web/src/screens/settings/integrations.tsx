// Settings → Integrations: Google Search Console, connected or not, as which Google account, with
// which properties; connect, reconnect a broken connection, disconnect.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api/client";
import { SITES_KEY } from "../../api/query-keys";
import { ErrorNotice, Loading, Notice } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { ConnectGoogleButton, GOOGLE_KEY, type GoogleIntegration, useGoogleIntegration, usePermissionText } from "./google-connection";
import { googleMessages } from "./google-messages";
import { settingsMessages } from "./messages";
import { useRole } from "../../lib/current-member";

export function IntegrationsSection() {
  const { t } = useMessages(settingsMessages);
  return (
    <section className="card" id="integrations" aria-labelledby="integrations-heading">
      <h2 id="integrations-heading">{t("integrations.heading")}</h2>
      <GoogleSearchConsole />
    </section>
  );
}

function GoogleSearchConsole() {
  const { t, dateTime } = useMessages(googleMessages);
  const integration = useGoogleIntegration();
  const { can } = useRole();
  const [disconnected, setDisconnected] = useState(false);
  const data = integration.data;
  return (
    <section className="integration" aria-labelledby="google-heading" data-testid="google-integration">
      <h3 id="google-heading">{t("google.title")}</h3>
      <p className="muted">{t("google.intro")}</p>
      {integration.isPending ? <Loading /> : null}
      <ErrorNotice error={integration.error} onRetry={() => void integration.refetch()} />
      {disconnected && data && !data.connected ? <Notice tone="success">{t("google.disconnected")}</Notice> : null}
      {data?.offline ? (
        <>
          <Notice>{t("google.offline")}</Notice>
          <GoogleProperties integration={data} />
        </>
      ) : null}
      {data && !data.offline && !data.configured && !data.connected ? <p>{t("google.notConfigured")}</p> : null}
      {data && !data.offline && data.configured && !data.connected ? (
        <>
          <p>{t("google.notConnected")}</p>
          <ConnectGoogleButton returnTo="/settings" />
        </>
      ) : null}
      {data && !data.offline && data.connected ? (
        <>
          <p>
            {data.email ? t("google.connectedAs", { email: data.email }) : t("google.connectedAsUnknown")}
            {data.connectedAt ? ` ${t("google.connectedSince", { date: dateTime(data.connectedAt) })}` : null}
          </p>
          {data.status === "ERROR" ? (
            <>
              <div className="notice notice-warning" role="status">
                {t("google.broken")}
              </div>
              {data.configured ? <ConnectGoogleButton returnTo="/settings" again /> : null}
            </>
          ) : null}
          <GoogleProperties integration={data} />
          {can("admin") ? <DisconnectGoogle onDone={() => setDisconnected(true)} /> : null}
        </>
      ) : null}
    </section>
  );
}

function GoogleProperties({ integration }: { integration: GoogleIntegration }) {
  const { t } = useMessages(googleMessages);
  const permissionText = usePermissionText();
  if (integration.properties.length === 0) return integration.offline ? null : <p>{t("google.propertiesNone")}</p>;
  return (
    <div className="table-wrap" tabIndex={0}>
      <table>
        <caption>{integration.offline ? t("google.propertiesOffline") : t("google.properties")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("google.column.property")}</th>
            <th scope="col">{t("google.column.access")}</th>
          </tr>
        </thead>
        <tbody>
          {integration.properties.map((property) => (
            <tr key={property.siteUrl}>
              <td className="property-name">{property.siteUrl}</td>
              <td>{permissionText(property.permissionLevel)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DisconnectGoogle({ onDone }: { onDone(): void }) {
  const { t } = useMessages(googleMessages);
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: () => unwrap(api.DELETE("/api/integrations/google")),
    onSuccess: () => {
      onDone();
      void queryClient.invalidateQueries({ queryKey: GOOGLE_KEY });
      // Every site goes back to pending.
      void queryClient.invalidateQueries({ queryKey: SITES_KEY });
      void queryClient.invalidateQueries({ queryKey: ["/api/sites/{siteId}"] });
    },
  });
  return (
    <>
      <div className="actions">
        <button
          type="button"
          className="danger secondary"
          disabled={disconnect.isPending}
          onClick={() => {
            if (window.confirm(t("google.disconnectConfirm"))) disconnect.mutate();
          }}
        >
          {disconnect.isPending ? t("google.disconnecting") : t("google.disconnect")}
        </button>
      </div>
      <ErrorNotice error={disconnect.error} />
    </>
  );
}
