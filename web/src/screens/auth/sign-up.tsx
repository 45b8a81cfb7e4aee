// Sign-up answers a new address and a taken one alike (issue 40 §16): both read "check your
// e-mail", and the page never says which it was. A new address is sent a link that makes the
// account (/sign-up/confirm, confirm.tsx); the owner of a taken one is sent a note to sign in.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, fieldError, PageTitle, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { AuthFrame } from "./frame";
import { authMessages } from "./messages";

export function SignUpScreen() {
  const { t, language } = useMessages(authMessages);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const signUp = useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      unwrap(api.POST("/api/session/signup", { body: { ...body, locale: language } })),
  });
  if (signUp.isSuccess)
    return (
      <CheckEmail
        email={signUp.variables.email}
        onAnother={() => {
          setEmail("");
          setPassword("");
          signUp.reset();
        }}
      />
    );
  return (
    <AuthFrame>
      <PageTitle title={t("signUp.title")}>{t("signUp.title")}</PageTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          signUp.mutate({ email: email.trim(), password });
        }}
      >
        <ErrorNotice error={signUp.error} />
        <TextField
          label={t("signIn.email")}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(signUp.error, "email")}
        />
        <TextField
          label={t("signIn.password")}
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          hint={t("signUp.passwordHint")}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError(signUp.error, "password")}
        />
        <button type="submit" disabled={signUp.isPending}>
          {signUp.isPending ? t("signUp.working") : t("signUp.submit")}
        </button>
      </form>
      <p>
        {t("signUp.haveAccount")} <Link href="/sign-in">{t("signUp.signInLink")}</Link>
      </p>
    </AuthFrame>
  );
}

/** The same words for a new address and a taken one: which it was is told only to the mailbox. */
function CheckEmail({ email, onAnother }: { email: string; onAnother: () => void }) {
  const { t } = useMessages(authMessages);
  return (
    <AuthFrame>
      <PageTitle title={t("signUp.checkTitle")}>{t("signUp.checkTitle")}</PageTitle>
      <p role="status" data-testid="sign-up-check-email">
        {t("signUp.checkBody", { email })}
      </p>
      <p className="muted">{t("signUp.checkSpam")}</p>
      <div className="actions">
        <Link href="/sign-in" className="button">
          {t("signUp.signInLink")}
        </Link>
        <button type="button" className="link-button" onClick={onAnother}>
          {t("signUp.another")}
        </button>
      </div>
    </AuthFrame>
  );
}
