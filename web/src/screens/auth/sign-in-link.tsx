// The e-mailed one-time sign-in link (/sign-in-link#<token>; the token stays in the fragment, never
// sent to a server in an address), for a person locked out by guesses at their e-mail. Opening it
// signs in once: the request is made once per token even when React runs the effect twice.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { api, hasErrorCode, unwrap } from "../../api/client";
import { ErrorNotice, PageTitle, TextField, useErrorText } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { SESSION_KEY } from "../../lib/session";
import { AuthFrame } from "./frame";
import { authMessages } from "./messages";

export function SignInLinkScreen() {
  const { t } = useMessages(authMessages);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [token] = useState(() => window.location.hash.slice(1));
  const use = useMutation({
    mutationFn: () => unwrap(api.POST("/api/session/sign-in-link/use", { body: { token } })),
    onSuccess: (session) => {
      queryClient.setQueryData(SESSION_KEY, session);
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
      navigate("/", { replace: true });
    },
  });
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (token.length < 20 || sent.current === token) return;
    sent.current = token;
    use.mutate();
  }, [token, use.mutate]);
  const invalid = token.length < 20 || (use.isError && hasErrorCode(use.error, "sign_in_link_invalid"));
  return (
    <AuthFrame>
      <PageTitle title={t("link.title")}>{t("link.title")}</PageTitle>
      {invalid ? (
        <div className="notice notice-warning" role="alert">
          <p>{token.length < 20 ? t("link.missing") : errorText(use.error!)}</p>
          <Link href="/sign-in" className="button">
            {t("link.askAgain")}
          </Link>
        </div>
      ) : use.isError ? (
        <ErrorNotice error={use.error} onRetry={() => use.mutate()} />
      ) : (
        <p role="status">{t("link.working")}</p>
      )}
    </AuthFrame>
  );
}

/** On the sign-in page: a one-time link by e-mail (the same answer whether or not the address signs in here). */
export function AskForSignInLink({ email: typed, open }: { email: string; open: boolean }) {
  const { t } = useMessages(authMessages);
  const [email, setEmail] = useState(typed);
  const [shown, setShown] = useState(open);
  const ask = useMutation({ mutationFn: () => unwrap(api.POST("/api/session/sign-in-link", { body: { email } })) });
  // The form is rendered only while open, so the page has one "Email" field until someone asks for a link.
  return (
    <details className="token-sign-in" open={open} data-testid="sign-in-link" onToggle={(event) => setShown(event.currentTarget.open)}>
      <summary>{t("link.ask")}</summary>
      {!shown ? null : ask.isSuccess ? (
        <p role="status">{t("link.sent", { email })}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            ask.mutate();
          }}
        >
          <p className="muted">{t("link.explain")}</p>
          <ErrorNotice error={ask.error} />
          <TextField
            label={t("signIn.email")}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" disabled={ask.isPending}>
            {t("link.send")}
          </button>
        </form>
      )}
    </details>
  );
}
