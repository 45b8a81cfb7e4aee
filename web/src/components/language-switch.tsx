import { useId } from "react";
import { common } from "../i18n/common";
import { LANGUAGES, type Language } from "../i18n/format";
import { useLanguage, useMessages } from "../i18n/language";

export function LanguageSwitch() {
  const { t } = useMessages(common);
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <span className="language-switch">
      <label htmlFor={id}>{t("language.label")}</label>
      <select id={id} value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
