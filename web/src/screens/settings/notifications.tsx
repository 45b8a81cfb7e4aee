// Settings → Notifications (/settings/notifications, every member): which e-mails this account
// sends you and in which language (PUT /api/members/me/notifications).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, unwrap } from "../../api/client";
import { useRoleName } from "../../components/role-notice";
import { CheckField, ErrorNotice, Loading, Notice, PageTitle } from "../../components/ui";
import { common } from "../../i18n/common";
import { LANGUAGES, type Language } from "../../i18n/format";
import { useLanguage, useMessages } from "../../i18n/language";
import { type CurrentAccount, type EmailKind, ME_KEY, useMe, useRole } from "../../lib/current-member";
import { EMAIL_AUDIENCE } from "../../lib/roles";
import { settingsMessages } from "./messages";
import "./members.css";
import "./settings.css";
import { notificationMessages } from "./notifications-messages";
import { SettingsTabs } from "./settings-tabs";

const KINDS = Object.keys(EMAIL_AUDIENCE) as EmailKind[];

export function NotificationsScreen() {
  const { t } = useMessages(notificationMessages);
  const settings = useMessages(settingsMessages);
  const me = useMe();
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={`${t("title")} · ${settings.t("title")}`}>{t("title")}</PageTitle>
      <SettingsTabs />
      <p>{t("intro")}</p>
      {me.isPending ? <Loading /> : null}
      <ErrorNotice error={me.error} onRetry={() => void me.refetch()} />
      {me.data && !me.data.member ? <Notice>{t("noMember")}</Notice> : null}
      {me.data?.member ? <NotificationForm me={me.data} /> : null}
    </section>
  );
}

function NotificationForm({ me }: { me: CurrentAccount }) {
  const { t } = useMessages(notificationMessages);
  const names = useMessages(common);
  const roleName = useRoleName();
  const { language } = useLanguage();
  const { role } = useRole();
  const queryClient = useQueryClient();
  const stored = me.member?.notifications;
  const [off, setOff] = useState<EmailKind[]>(() => stored?.off ?? []);
  const [locale, setLocale] = useState<Language>(() => stored?.locale ?? language);
  const save = useMutation({
    mutationFn: () => unwrap(api.PUT("/api/members/me/notifications", { body: { off, locale } })),
    onSuccess: (saved) => {
      setOff(saved.off);
      setLocale(saved.locale);
      queryClient.setQueryData<CurrentAccount>(ME_KEY, (current) =>
        current?.member ? { ...current, member: { ...current.member, notifications: saved } } : current,
      );
    },
  });
  // A member is offered the kinds their role receives.
  const kinds = KINDS.filter((kind) => EMAIL_AUDIENCE[kind].includes(role));
  const toggle = (kind: EmailKind, on: boolean) => {
    save.reset();
    setOff((current) => (on ? current.filter((other) => other !== kind) : [...current, kind]));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="card" onSubmit={submit} noValidate>
      <ErrorNotice error={save.error} />
      {kinds.length > 0 ? (
        <fieldset className="notification-kinds">
          <legend>{t("kinds.legend")}</legend>
          {kinds.map((kind) => (
            <CheckField
              key={kind}
              label={t(`kind.${kind}`)}
              checked={!off.includes(kind)}
              onChange={(event) => toggle(kind, event.target.checked)}
            />
          ))}
        </fieldset>
      ) : (
        <p>{t("kinds.none", { role: roleName(role) })}</p>
      )}
      <p className="muted">{t("kinds.invitation")}</p>
      <fieldset className="language-choice">
        <legend>{t("locale.legend")}</legend>
        {LANGUAGES.map((code) => (
          <label key={code} lang={code}>
            <input
              type="radio"
              name="email-language"
              value={code}
              checked={locale === code}
              onChange={() => {
                save.reset();
                setLocale(code);
              }}
            />
            {names.t(`language.${code}`)}
          </label>
        ))}
      </fieldset>
      {save.isSuccess ? <Notice tone="success">{t("saved")}</Notice> : null}
      <button type="submit" disabled={save.isPending}>
        {save.isPending ? t("saving") : t("save")}
      </button>
    </form>
  );
}
