import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { api, ApiError, unwrap, setBearerToken } from "../../api/client";
import { useMessages } from "../../i18n/language";
import { SESSION_KEY } from "../../lib/session";
import { goNext, safeNext } from "../../lib/url";
import { ErrorNotice, fieldError, Notice, PageTitle, TextField, useErrorText } from "../../components/ui";
import { AuthFrame } from "./frame";
import { AskForSignInLink } from "./sign-in-link";
import { authMessages } from "./messages";

export function SignInScreen() {
  const { t } = useMessages(authMessages);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const next = safeNext(search.get("next"));
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [token, setToken] = useState("");
  const signIn = useMutation({
    mutationFn: () => unwrap(api.POST("/api/session", { body: { email, password } })),
    onSuccess: (session) => {
      queryClient.setQueryData(SESSION_KEY, session);
      goNext(next, navigate);
    },
  });
  const withToken = useMutation({
    mutationFn: async () => {
      setBearerToken(token.trim());
      try {
        return await unwrap(api.GET("/api/session"));
      } catch (error) {
        setBearerToken(null);
        throw error;
      }
    },
    onSuccess: (session) => {
      queryClient.setQueryData(SESSION_KEY, session);
      goNext(next, navigate);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  return (
    <AuthFrame>
      <PageTitle title={t("signIn.title")}>{t("signIn.title")}</PageTitle>
      <SignedOutBecause closing={search.get("closing")} left={search.get("left") === "1"} />
      <form onSubmit={submit} noValidate>
        {signIn.error instanceof ApiError && signIn.error.status === 401 ? (
          <div className="notice notice-error" role="alert">
            {t("signIn.wrong")}
          </div>
        ) : (
          <ErrorNotice error={signIn.error} />
        )}
        <TextField
          label={t("signIn.email")}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(signIn.error, "email")}
        />
        <TextField
          label={t("signIn.password")}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError(signIn.error, "password")}
        />
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? t("signIn.working") : t("signIn.submit")}
        </button>
      </form>
      <AskForSignInLink
        key={signIn.error instanceof ApiError && signIn.error.status === 429 ? "locked" : "open"}
        email={email}
        open={signIn.error instanceof ApiError && signIn.error.status === 429}
      />
      <p>
        {t("signIn.noAccount")}{" "}
        <Link href={`/sign-up${next !== "/" ? `?next=${encodeURIComponent(next)}` : ""}`}>{t("signIn.signUpLink")}</Link>
      </p>
      <details className="token-sign-in">
        <summary>{t("signIn.tokenTitle")}</summary>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            withToken.mutate();
          }}
        >
          {withToken.error ? (
            <div className="notice notice-error" role="alert">
              {t("signIn.tokenInvalid", { message: errorText(withToken.error) })}
            </div>
          ) : null}
          <TextField
            label={t("signIn.token")}
            hint={t("signIn.tokenHint")}
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
          <button type="submit" className="secondary" disabled={withToken.isPending || token.trim() === ""}>
            {t("signIn.tokenSubmit")}
          </button>
        </form>
      </details>
    </AuthFrame>
  );
}

/** Why this browser was signed out, after closing the account (`?closing=<when>`) or leaving it (`?left=1`). */
function SignedOutBecause({ closing, left }: { closing: string | null; left: boolean }) {
  const { t, dateTime } = useMessages(authMessages);
  if (closing && !Number.isNaN(Date.parse(closing)))
    return <Notice tone="warning">{t("signIn.afterClosing", { date: dateTime(closing) })}</Notice>;
  if (left) return <Notice tone="success">{t("signIn.afterLeaving")}</Notice>;
  return null;
}
