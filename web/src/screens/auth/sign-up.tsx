import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { api, unwrap } from "../../api/client";
import { useMessages } from "../../i18n/language";
import { SESSION_KEY } from "../../lib/session";
import { goNext, safeNext } from "../../lib/url";
import { ErrorNotice, fieldError, PageTitle, TextField } from "../../components/ui";
import { AuthFrame } from "./frame";
import { authMessages } from "./messages";

export function SignUpScreen() {
  const { t } = useMessages(authMessages);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const next = safeNext(new URLSearchParams(useSearch()).get("next"));
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const signUp = useMutation({
    mutationFn: () => unwrap(api.POST("/api/session/signup", { body: { email, password } })),
    onSuccess: (session) => {
      queryClient.setQueryData(SESSION_KEY, session);
      goNext(next, navigate);
    },
  });
  return (
    <AuthFrame>
      <PageTitle title={t("signUp.title")}>{t("signUp.title")}</PageTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          signUp.mutate();
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
