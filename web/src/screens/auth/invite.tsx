// The one-time invitation link (/invite#<token>; the token stays in the fragment, never sent to a
// server in an address). A member invitation is read first (POST /api/session/invite/preview):
// a new person sets a password, someone who already signs in here signs in (the fragment kept
// through sign-in) and joins with one click, a signed-in user joins. The operator's invitation,
// which the preview does not describe, sets the new account owner's password as before.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { api, ApiError, unwrap, type Schemas } from "../../api/client";
import { ErrorNotice, fieldError, PageTitle, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { roleMessages } from "../../i18n/roles";
import { SESSION_KEY, useSession, useSignOut } from "../../lib/session";
import { AuthFrame } from "./frame";
import { authMessages } from "./messages";

type Preview = Schemas["InvitePreview"];

export function InviteScreen() {
  const { t } = useMessages(authMessages);
  const [token] = useState(() => window.location.hash.slice(1));
  const preview = useQuery({
    queryKey: ["/api/session/invite/preview", token],
    queryFn: () => unwrap(api.POST("/api/session/invite/preview", { body: { token } })),
    enabled: token.length >= 20,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The operator's link sets a new account owner's first password; a member invitation joins an account.
  const isOperatorInvite = preview.data?.kind === "account";
  // A link that is unknown, used or expired: nothing to retry.
  const invalid = preview.error instanceof ApiError && preview.error.code === "invitation_invalid";
  let body: ReactNode;
  if (token.length < 20) body = <p role="alert">{t("invite.missing")}</p>;
  else if (preview.isPending) body = <p role="status">{t("invite.checking")}</p>;
  else if (isOperatorInvite) body = <OperatorInvite token={token} />;
  else if (preview.data) body = <MemberInvite token={token} preview={preview.data} />;
  else if (invalid) body = <ErrorNotice error={preview.error} />;
  else body = <ErrorNotice error={preview.error} onRetry={() => void preview.refetch()} />;
  const title = invalid ? t("invite.invalidTitle") : preview.data?.kind === "member" ? t("invite.joinTitle") : t("invite.title");
  return (
    <AuthFrame>
      <PageTitle title={title}>{title}</PageTitle>
      {body}
    </AuthFrame>
  );
}

/** Accepting signs in to the invitation's account: nothing read before it may show. */
function useAccept(token: string) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (password?: string) => unwrap(api.POST("/api/session/invite", { body: { token, ...(password ? { password } : {}) } })),
    onSuccess: (session) => {
      // Signed in to another account now: every answer read before is dropped (the session's is the new one).
      queryClient.setQueryData(SESSION_KEY, session);
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
      navigate("/", { replace: true });
    },
  });
}

function MemberInvite({ token, preview }: { token: string; preview: Preview }) {
  const { t, dateTime } = useMessages(authMessages);
  const roles = useMessages(roleMessages);
  const session = useSession();
  const role = roles.t(`role.${preview.role}`);
  return (
    <>
      <p data-testid="invite-summary">{t("invite.invitedAs", { account: preview.accountEmail, role })}</p>
      <p className="muted">
        {t("invite.roleHint", { role, what: roles.t(`roleHint.${preview.role}`) })}{" "}
        {t("invite.expires", { date: dateTime(preview.expiresAt) })}
      </p>
      {session.data ? (
        <JoinSignedIn token={token} preview={preview} email={session.data.email} />
      ) : preview.hasSignIn ? (
        <SignInToJoin token={token} preview={preview} />
      ) : (
        <NewPerson token={token} preview={preview} />
      )}
    </>
  );
}

function JoinSignedIn({ token, preview, email }: { token: string; preview: Preview; email: string }) {
  const { t } = useMessages(authMessages);
  const accept = useAccept(token);
  const signOut = useSignOut();
  const same = email.toLowerCase() === preview.email.toLowerCase();
  return (
    <>
      <p>{same ? t("invite.signedInAs", { email }) : t("invite.otherEmail", { invited: preview.email, email })}</p>
      <ErrorNotice error={accept.error} />
      <div className="actions">
        <button type="button" disabled={accept.isPending} onClick={() => accept.mutate(undefined)}>
          {accept.isPending ? t("invite.joining") : t("invite.join")}
        </button>
        {/* Signing out keeps this page and its fragment: the invitation is then accepted as the invited person. */}
        <button type="button" className="link-button" onClick={() => void signOut()}>
          {t("invite.notYou")}
        </button>
      </div>
    </>
  );
}

function SignInToJoin({ token, preview }: { token: string; preview: Preview }) {
  const { t } = useMessages(authMessages);
  return (
    <>
      <p>{t("invite.hasSignIn", { email: preview.email })}</p>
      <Link href={`/sign-in?next=${encodeURIComponent(`/invite#${token}`)}`} className="button">
        {t("invite.signIn")}
      </Link>
    </>
  );
}

function NewPerson({ token, preview }: { token: string; preview: Preview }) {
  const { t } = useMessages(authMessages);
  return (
    <AcceptWithPassword
      token={token}
      intro={t("invite.newPassword", { email: preview.email })}
      email={preview.email}
      submit={t("invite.join")}
      pending={t("invite.joining")}
      afterError={(error) =>
        error instanceof ApiError && error.code === "sign_in_to_accept" ? <SignInToJoin token={token} preview={preview} /> : null
      }
    />
  );
}

/** The operator's invitation: the new account owner sets the password. */
function OperatorInvite({ token }: { token: string }) {
  const { t } = useMessages(authMessages);
  return <AcceptWithPassword token={token} intro={t("invite.intro")} submit={t("invite.submit")} pending={t("invite.submit")} />;
}

/** A password, then the invitation accepted with it: a new person's, or the operator's first owner's. */
function AcceptWithPassword(props: {
  token: string;
  intro: string;
  /** The invited address, for password managers (hidden). */
  email?: string;
  submit: string;
  pending: string;
  afterError?: (error: unknown) => ReactNode;
}) {
  const { t } = useMessages(authMessages);
  const accept = useAccept(props.token);
  const [password, setPassword] = useState("");
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        accept.mutate(password);
      }}
    >
      <p>{props.intro}</p>
      <ErrorNotice error={accept.error} />
      {props.afterError?.(accept.error) ?? null}
      {props.email ? <input type="email" name="email" autoComplete="username" value={props.email} readOnly hidden /> : null}
      <TextField
        label={t("signIn.password")}
        type="password"
        autoComplete="new-password"
        hint={t("signUp.passwordHint")}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldError(accept.error, "password")}
      />
      <button type="submit" disabled={accept.isPending}>
        {accept.isPending ? props.pending : props.submit}
      </button>
    </form>
  );
}
