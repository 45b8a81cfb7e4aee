// Google Search Console's connection, shared by Settings → Integrations and a site's page: the
// integration's state, the Connect button (the browser leaves for Google's consent page) and the
// outcome Google's return carries in the address (?google=connected | error&reason=…).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { api, type Schemas, unwrap } from "../../api/client";
import { ErrorNotice, Notice } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { googleMessages } from "./google-messages";
import { useRole } from "../../lib/current-member";

export type GoogleIntegration = Schemas["GoogleIntegration"];

export const GOOGLE_KEY = ["/api/integrations/google"] as const;

/** GET /api/integrations/google: configured, connected, as whom, with which properties. */
export function useGoogleIntegration() {
  return useQuery({ queryKey: GOOGLE_KEY, queryFn: () => unwrap(api.GET("/api/integrations/google")) });
}

/** Whether the sites can have Search Console figures: offline, or a Google account connected and accepted. */
export function googleUsable(integration: GoogleIntegration): boolean {
  return integration.offline || (integration.connected && integration.status !== "ERROR");
}

/** Sends the browser to Google's consent page; Google brings it back to `returnTo`. */
export function ConnectGoogleButton({ returnTo, again = false }: { returnTo: string; again?: boolean }) {
  const { t } = useMessages(googleMessages);
  const { can } = useRole();
  const connect = useMutation({
    mutationFn: () => unwrap(api.POST("/api/integrations/google", { body: { returnTo } })),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  // The button stays busy after success: the page is being left for Google's.
  const busy = connect.isPending || connect.isSuccess;
  // Connecting Google is an admin's.
  if (!can("admin")) return null;
  return (
    <>
      <div className="actions">
        <button type="button" className={again ? undefined : "secondary"} disabled={busy} onClick={() => connect.mutate()}>
          {busy ? t("google.connecting") : again ? t("google.reconnect") : t("google.connect")}
        </button>
      </div>
      <ErrorNotice error={connect.error} />
    </>
  );
}

const RETURN_REASONS = [
  "state_invalid",
  "access_denied",
  "scope_missing",
  "google_error",
  "exchange_failed",
  "refresh_token_missing",
  "not_configured",
] as const;
type ReturnReason = (typeof RETURN_REASONS)[number];

type GoogleReturn = { connected: true } | { connected: false; reason: ReturnReason | "unknown" };

function readGoogleReturn(search: string): GoogleReturn | null {
  const params = new URLSearchParams(search);
  const outcome = params.get("google");
  if (outcome === "connected") return { connected: true };
  if (outcome !== "error") return null;
  const reason = params.get("reason");
  return { connected: false, reason: RETURN_REASONS.find((known) => known === reason) ?? "unknown" };
}

/**
 * What Google's return says, in one sentence. Read once: the parameters leave the address, so a
 * reload or a bookmark does not say it again.
 */
export function GoogleReturnNotice() {
  const { t } = useMessages(googleMessages);
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  const [outcome] = useState(() => readGoogleReturn(window.location.search));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is cleaned once, on arrival
  useEffect(() => {
    if (!outcome) return;
    void queryClient.invalidateQueries({ queryKey: GOOGLE_KEY });
    const params = new URLSearchParams(window.location.search);
    params.delete("google");
    params.delete("reason");
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  }, [outcome]);
  if (!outcome) return null;
  if (outcome.connected) return <Notice tone="success">{t("google.return.connected")}</Notice>;
  return (
    <div className="notice notice-error" role="alert">
      {t(`google.return.${outcome.reason}`)}
    </div>
  );
}

/** Google's access level for a property, in words (an unknown one as Google names it). */
export function usePermissionText(): (permission: string) => string {
  const { t } = useMessages(googleMessages);
  const known = ["siteOwner", "siteFullUser", "siteRestrictedUser", "siteUnverifiedUser"] as const;
  return (permission) => {
    const level = known.find((candidate) => candidate === permission);
    return level ? t(`google.permission.${level}`) : permission;
  };
}
