// Pieces the sites screens share: query keys, the site's status in words, a secret shown once,
// the article-language field, and the WordPress credential fields with the API's errors beside them.
import { useEffect, useState } from "react";
import type { Schemas } from "../../api/client";
import { Badge, CopyButton, fieldError, SelectField, TextField } from "../../components/ui";
import { ARTICLE_LANGUAGES, languageOption } from "../../lib/article-languages";
import { useMessages } from "../../i18n/language";
import { siteMessages } from "./messages";

export type Site = Schemas["Site"];
export type Platform = Site["platform"];

export type SeoPlugin = NonNullable<NonNullable<Site["seo"]>["plugin"]>;

/** Where the WordPress connector plugin is downloaded (public, same origin as the panel). */
export const CONNECTOR_ZIP_URL = "/api/platforms/wordpress/connector.zip";

/** The SEO plugins the connector writes into, by their own (untranslated) names. */
export const SEO_PLUGIN_NAMES: Record<SeoPlugin, string> = {
  yoast: "Yoast SEO",
  "rank-math": "Rank Math",
  seopress: "SEOPress",
  aioseo: "All in One SEO",
};

/** A blog site whose SEO titles and descriptions do not reach its pages: the connector plugin is missing. */
export function missesSeoConnector(site: Pick<Site, "platform" | "status" | "seo">): boolean {
  return site.platform === "blog" && site.status !== "DISCONNECTED" && (site.seo?.connector ?? null) === null;
}

export const siteKey = (siteId: string) => ["/api/sites/{siteId}", siteId] as const;
export const briefKey = (siteId: string) => ["/api/sites/{siteId}/brief", siteId] as const;
export const chatKey = (siteId: string) => ["/api/sites/{siteId}/chat", siteId] as const;

export function usePlatformName(): (platform: Platform) => string {
  const { t } = useMessages(siteMessages);
  return (platform) => t(`platform.${platform}`);
}

/** The status as a badge (the word carries the meaning, not the colour). */
export function SiteStatusBadge({ site }: { site: Pick<Site, "status"> }) {
  const { t } = useMessages(siteMessages);
  return <Badge status={site.status} label={t(`status.${site.status}`)} />;
}

/** Why a site is in ERROR and what to do about it, in words; nothing for a healthy site. */
export function SiteErrorExplanation({ site, prominent = false }: { site: Pick<Site, "status" | "platform">; prominent?: boolean }) {
  const { t } = useMessages(siteMessages);
  if (site.status !== "ERROR") return null;
  return (
    <div className={prominent ? "site-error notice notice-warning" : "site-error"}>
      <p>{t(`error.explain.${site.platform}`)}</p>
    </div>
  );
}

/** A webhook secret the API shows only in this answer: readable, copyable, and said to be shown once. */
export function SecretOnce({ secret, explanation }: { secret: string; explanation: string }) {
  const { t } = useMessages(siteMessages);
  return (
    <div className="notice notice-warning secret-once" role="status" data-testid="webhook-secret">
      <p>
        <strong>{t("secret.once")}</strong> {explanation}
      </p>
      <TextField
        label={t("secret.label")}
        value={secret}
        readOnly
        spellCheck={false}
        className="mono"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="actions">
        <CopyButton value={secret} label={t("secret.label")} />
      </div>
    </div>
  );
}

/** The article language, chosen from a list by name; a code the list lacks (set through the API) stays offered. */
export function LanguageField({ value, onChange, error }: { value: string; onChange(value: string): void; error: unknown }) {
  const { t, locale } = useMessages(siteMessages);
  const codes: readonly string[] = ARTICLE_LANGUAGES.includes(value.toLowerCase() as (typeof ARTICLE_LANGUAGES)[number])
    ? ARTICLE_LANGUAGES
    : [value, ...ARTICLE_LANGUAGES];
  return (
    <SelectField
      label={t("field.language")}
      hint={t("field.languageHint")}
      value={value.toLowerCase()}
      onChange={(event) => onChange(event.target.value)}
      error={fieldError(error, "language")}
    >
      {codes.map((code) => (
        <option key={code} value={code.toLowerCase()}>
          {languageOption(code, locale)}
        </option>
      ))}
    </SelectField>
  );
}

/** The WordPress user name and application password, with the API's errors placed next to them (connect, and new credentials). */
export function WordPressCredentialFields(props: {
  username: string;
  onUsername(value: string): void;
  appPassword: string;
  onAppPassword(value: string): void;
  error: unknown;
  passwordLabel: string;
  usernameHint?: string;
  usernameRequired?: boolean;
}) {
  const { t } = useMessages(siteMessages);
  return (
    <>
      <TextField
        label={t("wordpress.username")}
        hint={props.usernameHint}
        autoComplete="off"
        spellCheck={false}
        required={props.usernameRequired}
        value={props.username}
        onChange={(event) => props.onUsername(event.target.value)}
        error={fieldError(props.error, "blogUsername")}
      />
      <TextField
        label={props.passwordLabel}
        hint={t("wordpress.appPasswordHint")}
        type="password"
        autoComplete="off"
        spellCheck={false}
        required
        value={props.appPassword}
        onChange={(event) => props.onAppPassword(event.target.value)}
        error={fieldError(props.error, "blogAppPassword", [
          "wordpress_credentials_rejected",
          "wordpress_refused",
          "site_credentials_rejected",
        ])}
      />
    </>
  );
}

export type Flash = { kind: "connected" | "disconnected"; url: string };

/**
 * A one-time outcome carried to the next screen in the history entry's state (navigate(…, { state })),
 * read once and then cleared so a reload does not show it again.
 */
export function useFlash(): Flash | null {
  const [flash] = useState<Flash | null>(() => {
    const state: unknown = window.history.state;
    if (typeof state !== "object" || state === null || !("flash" in state)) return null;
    const value = (state as { flash: unknown }).flash;
    if (typeof value !== "object" || value === null) return null;
    const { kind, url } = value as Record<string, unknown>;
    return (kind === "connected" || kind === "disconnected") && typeof url === "string" ? { kind, url } : null;
  });
  useEffect(() => {
    if (flash) window.history.replaceState(null, "");
  }, [flash]);
  return flash;
}
