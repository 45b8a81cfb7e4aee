// Settings → Account: closing the account (owners; POST /api/account/close with the password) and
// leaving it (every member; DELETE /api/members/me with the password). Both end this browser's
// session in the account (the API clears the cookie), so the panel starts again at sign-in, which
// says what happened.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { api, hasErrorCode, unwrap } from "../../api/client";
import { ErrorNotice, fieldError, TextField, useErrorText } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useMe } from "../../lib/current-member";
import { accountDataMessages } from "./account-data-messages";

/** A fresh load of sign-in: nothing read in the ended session survives it. */
const restartAtSignIn = (query: Record<string, string>) => window.location.assign(`/sign-in?${new URLSearchParams(query)}`);

export function CloseSection() {
  const { t } = useMessages(accountDataMessages);
  const close = useMutation({
    mutationFn: (password: string) => unwrap(api.POST("/api/account/close", { body: { password } })),
    onSuccess: (closure) => restartAtSignIn({ closing: closure.closesAt }),
  });
  return (
    <section className="card danger-zone" aria-labelledby="close-heading">
      <h2 id="close-heading">{t("close.heading")}</h2>
      <p>{t("close.intro")}</p>
      <p>{t("close.later")}</p>
      <PasswordConfirm
        label={t("close.password")}
        submit={t("close.submit")}
        working={t("close.working")}
        question={t("close.confirm")}
        pending={close.isPending}
        error={close.error}
        onConfirmed={(password) => close.mutate(password)}
      />
    </section>
  );
}

export function LeaveSection() {
  const { t } = useMessages(accountDataMessages);
  const me = useMe();
  const leave = useMutation({
    mutationFn: (password: string) => unwrap(api.DELETE("/api/members/me", { body: { password } })),
    onSuccess: () => restartAtSignIn({ left: "1" }),
  });
  const lastOwner = hasErrorCode(leave.error, "last_owner");
  return (
    <section className="card danger-zone" aria-labelledby="leave-heading">
      <h2 id="leave-heading">{t("leave.heading")}</h2>
      <p>{t("leave.intro")}</p>
      <PasswordConfirm
        label={t("leave.password")}
        submit={t("leave.submit")}
        working={t("leave.working")}
        question={t("leave.confirm", { account: me.data?.name ?? me.data?.email ?? "" })}
        pending={leave.isPending}
        error={lastOwner ? null : leave.error}
        notice={
          lastOwner ? (
            <div className="notice notice-error" role="alert" data-testid="leave-last-owner">
              {t("leave.lastOwner")}
            </div>
          ) : null
        }
        onConfirmed={(password) => leave.mutate(password)}
      />
    </section>
  );
}

/** The password asked again, then a confirmation, then the action (a danger button). */
function PasswordConfirm(props: {
  label: string;
  submit: string;
  working: string;
  question: string;
  pending: boolean;
  error: unknown;
  notice?: ReactNode;
  onConfirmed(password: string): void;
}) {
  const { t } = useMessages(accountDataMessages);
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  const errorText = useErrorText();
  // The password's own sentence, next to it (its issue alone would say only "not correct").
  const wrongPassword = hasErrorCode(props.error, "wrong_password");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(password === "");
    if (password !== "" && window.confirm(props.question)) props.onConfirmed(password);
  };
  return (
    <form onSubmit={submit} noValidate>
      {props.notice}
      {wrongPassword ? null : <ErrorNotice error={props.error} />}
      <TextField
        label={props.label}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={missing ? t("close.passwordRequired") : wrongPassword ? errorText(props.error) : fieldError(props.error, "password")}
      />
      <button type="submit" className="danger" disabled={props.pending}>
        {props.pending ? props.working : props.submit}
      </button>
    </form>
  );
}
