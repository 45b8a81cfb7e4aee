// Which sites a member may work on: every site (null), or the ones ticked.
import { useId, type ReactNode } from "react";
import { useSites } from "../../api/query-keys";
import { useMessages } from "../../i18n/language";
import { siteName } from "../../lib/site-name";
import { memberMessages } from "./members-messages";

/** null: every site; a list: only these. */
export type SiteLimit = string[] | null;

export function SiteChoice({
  value,
  onChange,
  error,
  disabled,
}: {
  value: SiteLimit;
  onChange(value: SiteLimit): void;
  error?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useMessages(memberMessages);
  const sites = useSites();
  const name = useId();
  const errorId = `${name}-error`;
  const toggle = (siteId: string, on: boolean) => {
    const chosen = new Set(value ?? []);
    if (on) chosen.add(siteId);
    else chosen.delete(siteId);
    onChange([...chosen]);
  };
  // A disconnected site is offered only when it is already chosen.
  const all = (sites.data ?? []).filter((site) => site.status !== "DISCONNECTED" || value?.includes(site.id));
  return (
    <fieldset className="site-choice" aria-describedby={error ? errorId : undefined}>
      <legend>{t("sites.legend")}</legend>
      {sites.data && all.length === 0 ? (
        <p className="muted">{t("sites.none")}</p>
      ) : (
        <>
          <label className="site-choice-option">
            <input type="radio" name={name} checked={value === null} disabled={disabled} onChange={() => onChange(null)} />
            {t("sites.all")}
          </label>
          <label className="site-choice-option">
            <input type="radio" name={name} checked={value !== null} disabled={disabled} onChange={() => onChange(value ?? [])} />
            {t("sites.some")}
          </label>
          {value !== null ? (
            <ul className="site-choice-list">
              {all.map((site) => (
                <li key={site.id}>
                  <label className="site-choice-option">
                    <input
                      type="checkbox"
                      checked={value.includes(site.id)}
                      disabled={disabled}
                      onChange={(event) => toggle(site.id, event.target.checked)}
                    />
                    {siteName(site)}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      {error ? (
        <div className="field-error" id={errorId}>
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

/** The member's sites in words: "Every site" or their names. */
export function useSiteNames(): (siteIds: string[] | null) => string {
  const { t } = useMessages(memberMessages);
  const sites = useSites();
  return (siteIds) => {
    if (!siteIds || siteIds.length === 0) return t("sites.allShort");
    return siteIds
      .map((id) => {
        const site = sites.data?.find((candidate) => candidate.id === id);
        return site ? siteName(site) : id;
      })
      .join(", ");
  };
}
