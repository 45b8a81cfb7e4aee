import type { ReactNode } from "react";
import { LanguageSwitch } from "../../components/language-switch";
import { common } from "../../i18n/common";
import { useMessages } from "../../i18n/language";

/** The signed-out pages: a centred card with the product name and the language switch. */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useMessages(common);
  return (
    <div className="auth-page">
      <header className="auth-header">
        <span className="brand">{t("app.name")}</span>
        <LanguageSwitch />
      </header>
      <main id="main" className="auth-card">
        {children}
      </main>
    </div>
  );
}
