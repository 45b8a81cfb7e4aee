// The e-mailed sign-up link (/sign-up/confirm#<token>; the token stays in the fragment, never sent
// to a server in an address). Opening it makes the account and signs in, once: the link works a
// single time, so the request is made once per token even when React runs the effect twice.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { api, hasErrorCode, unwrap } from "../../api/client";
import { ErrorNotice, PageTitle, useErrorText } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { SESSION_KEY } from "../../lib/session";
import { AuthFrame } from "./frame";
import { authMessages } from "./messages";

export function SignUpConfirmScreen() {
  const { t } = useMessages(authMessages);
  const [token] = useState(() => window.location.hash.slice(1));
  const confirm = useConfirm(token);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (token.length < 20 || sent.current === token) return;
    sent.current = token;
    confirm.mutate();
  }, [token, confirm.mutate]);
  return (
    <AuthFrame>
      <PageTitle title={t("confirm.title")}>{t("confirm.title")}</PageTitle>
      {token.length < 20 ? (
        <Refusal text={t("confirm.missing")} href="/sign-up" action={t("confirm.signUpAgain")} />
      ) : confirm.isError ? (
        <Failure error={confirm.error} onRetry={() => confirm.mutate()} />
      ) : (
        <p role="status">{t("confirm.working")}</p>
      )}
    </AuthFrame>
  );
}

/** Confirming signs in to the new account: nothing read before it may show. */
function useConfirm(token: string) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/api/session/signup/confirm", { body: { token } })),
    onSuccess: (session) => {
      // Signed in to the new account now: every answer read before is dropped (the session's is the new one).
      queryClient.setQueryData(SESSION_KEY, session);
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
      navigate("/", { replace: true });
    },
  });
}

/** A used or expired link asks for a new sign-up; an address that has an account since signs in; anything else may be retried. */
function Failure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useMessages(authMessages);
  const errorText = useErrorText();
  if (hasErrorCode(error, "sign_up_link_invalid"))
    return <Refusal text={errorText(error)} href="/sign-up" action={t("confirm.signUpAgain")} />;
  if (hasErrorCode(error, "email_taken")) return <Refusal text={errorText(error)} href="/sign-in" action={t("signUp.signInLink")} />;
  return <ErrorNotice error={error} onRetry={onRetry} />;
}

function Refusal({ text, href, action }: { text: string; href: string; action: string }) {
  return (
    <div className="notice notice-warning sign-up-refused" role="alert" data-testid="sign-up-confirm-refused">
      <p>{text}</p>
      <Link href={href} className="button">
        {action}
      </Link>
    </div>
  );
}
