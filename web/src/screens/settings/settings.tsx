import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, fieldError, Notice, PageTitle, TextField } from "../../components/ui";
import { common } from "../../i18n/common";
import { LANGUAGES } from "../../i18n/format";
import { useLanguage, useMessages } from "../../i18n/language";
import { SESSION_KEY, useSession } from "../../lib/session";
import { useMe, useRole } from "../../lib/current-member";
import { useSites } from "../../api/query-keys";
import { siteName } from "../../lib/site-name";
import { useRoleName } from "../../components/role-notice";
import { SettingsTabs } from "./settings-tabs";
import "./settings.css";
import { settingsMessages } from "./messages";
import { GoogleReturnNotice } from "./google-connection";
import { IntegrationsSection } from "./integrations";
import { AccountName } from "./account-name";
import { ExportSection } from "./account-export";
import { CloseSection, LeaveSection } from "./account-close";

const PASSWORD_MIN = 10;

/**
 * /settings: the account (its email and name, your role and sites), integrations (Google Search
 * Console), the panel's language, changing the password; for owners exporting everything and
 * closing the account; for everyone leaving it.
 */
export function SettingsScreen() {
  const { t } = useMessages(settingsMessages);
  const session = useSession();
  const { can } = useRole();
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("title")}>{t("title")}</PageTitle>
      <SettingsTabs />
      <GoogleReturnNotice />
      <AccountSection />
      <IntegrationsSection />
      <LanguageSection />
      <PasswordSection />
      {can("billing") ? <ExportSection /> : null}
      {can("billing") ? <CloseSection /> : null}
      {/* A token acts for its member but holds no password to confirm with: leaving is the person's, signed in. */}
      {session.data?.via === "session" ? <LeaveSection /> : null}
    </section>
  );
}

function AccountSection() {
  const { t } = useMessages(settingsMessages);
  const session = useSession();
  const me = useMe();
  const { role, siteIds } = useRole();
  const roleName = useRoleName();
  const sites = useSites();
  const limitedTo = siteIds?.map((id) => {
    const site = sites.data?.find((candidate) => candidate.id === id);
    return site ? siteName(site) : id;
  });
  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading">{t("account.heading")}</h2>
      <dl className="account-facts">
        <dt>{t("account.email")}</dt>
        <dd data-testid="account-email">{session.data?.email}</dd>
        {me.data && me.data.email !== session.data?.email ? (
          <>
            <dt>{t("account.account")}</dt>
            <dd>{me.data.email}</dd>
          </>
        ) : null}
        <dt>{t("account.role")}</dt>
        <dd data-testid="account-role">{roleName(role)}</dd>
        <dt>{t("account.sites")}</dt>
        <dd>{limitedTo?.length ? limitedTo.join(", ") : t("account.allSites")}</dd>
      </dl>
      {session.data?.via === "token" ? <p className="muted">{t("account.signedInWithToken")}</p> : null}
      <AccountName />
    </section>
  );
}

function LanguageSection() {
  const { t } = useMessages(settingsMessages);
  const names = useMessages(common);
  const { language, setLanguage } = useLanguage();
  const hintId = useId();
  return (
    <section className="card" aria-labelledby="language-heading">
      <h2 id="language-heading">{t("language.heading")}</h2>
      <fieldset className="language-choice" aria-describedby={hintId}>
        <legend>{t("language.legend")}</legend>
        {LANGUAGES.map((code) => (
          <label key={code} lang={code}>
            <input type="radio" name="language" value={code} checked={language === code} onChange={() => setLanguage(code)} />
            {names.t(`language.${code}`)}
          </label>
        ))}
      </fieldset>
      <p className="field-hint" id={hintId}>
        {t("language.hint")}
      </p>
    </section>
  );
}

interface PasswordProblems {
  currentPassword?: string;
  newPassword?: string;
  confirm?: string;
}

function PasswordSection() {
  const { t } = useMessages(settingsMessages);
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problems, setProblems] = useState<PasswordProblems>({});
  const change = useMutation({
    mutationFn: () => unwrap(api.POST("/api/session/password", { body: { currentPassword, newPassword } })),
    onSuccess: (session) => {
      queryClient.setQueryData(SESSION_KEY, session);
      setCurrentPassword("");
      setNewPassword("");
      setConfirm("");
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: PasswordProblems = {};
    if (currentPassword === "") found.currentPassword = t("password.currentRequired");
    if (newPassword.length < PASSWORD_MIN) found.newPassword = t("password.tooShort");
    if (confirm !== newPassword) found.confirm = t("password.mismatch");
    setProblems(found);
    if (Object.keys(found).length > 0) return change.reset();
    change.mutate();
  };

  return (
    <section className="card" aria-labelledby="password-heading">
      <h2 id="password-heading">{t("password.heading")}</h2>
      <p className="muted">{t("password.intro")}</p>
      <form onSubmit={submit} noValidate>
        <ErrorNotice error={change.error} />
        {change.isSuccess ? <Notice tone="success">{t("password.changed")}</Notice> : null}
        <TextField
          label={t("password.current")}
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={problems.currentPassword ?? fieldError(change.error, "currentPassword")}
        />
        <TextField
          label={t("password.new")}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          hint={t("password.newHint")}
          error={problems.newPassword ?? fieldError(change.error, "newPassword")}
        />
        <TextField
          label={t("password.confirm")}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={problems.confirm}
        />
        <button type="submit" disabled={change.isPending}>
          {change.isPending ? t("password.working") : t("password.submit")}
        </button>
      </form>
    </section>
  );
}
