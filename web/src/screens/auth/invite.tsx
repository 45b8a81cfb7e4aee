// The one-time invitation link (/invite#<token>; the token stays in the fragment, never sent to a
// server in an address). The preview (POST /api/session/invite/preview) says only the kind of
// link, the role, the account's name and the expiry — nothing about the invited address. A
// member invitation: a signed-in person joins with their session; anyone else gives the address
// it was sent to and a new password, and an address that already signs in here is told to sign
// in (409 `sign_in_to_accept`; the fragment is kept through sign-in). The operator's link
// (`kind: "account"`) sets the new owner's first password, unless they have one already.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { api, hasErrorCode, unwrap, type Schemas } from "../../api/client";
import { ErrorNotice, fieldError, PageTitle, TextField, useErrorText } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { roleMessages } from "../../i18n/roles";
import { SESSION_KEY, useSession, useSignOut } from "../../lib/session";
import { AuthFrame } from "./frame";
import { authMessages } from "./messages";

type Preview = Schemas["InvitePreview"];
type AcceptBody = Omit<Schemas["AcceptInviteRequest"], "token">;

/** Sign-in, then back to this very link (its fragment included). */
const signInThenBack = (token: string) => `/sign-in?next=${encodeURIComponent(`/invite#${token}`)}`;

export function InviteScreen() {
  const { t } = useMessages(authMessages);
  const [token, setToken] = useState(() => window.location.hash.slice(1));
  // Another link pasted into this tab changes only the fragment: no page load, so it is followed here.
  useEffect(() => {
    const follow = () => setToken(window.location.hash.slice(1));
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  const preview = useQuery({
    queryKey: ["/api/session/invite/preview", token],
    queryFn: () => unwrap(api.POST("/api/session/invite/preview", { body: { token } })),
    enabled: token.length >= 20,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // A link that is unknown, used or expired: nothing to retry.
  const invalid = hasErrorCode(preview.error, "invitation_invalid");
  const kind = preview.data?.kind;
  const title = invalid ? t("invite.invalidTitle") : kind === "member" ? t("invite.joinTitle") : t("invite.title");
  return (
    <AuthFrame>
      <PageTitle title={title}>{title}</PageTitle>
      {token.length < 20 ? (
        <p role="alert">{t("invite.missing")}</p>
      ) : preview.isPending ? (
        <p role="status">{t("invite.checking")}</p>
      ) : preview.data?.kind === "account" ? (
        <OperatorInvite key={token} token={token} preview={preview.data} />
      ) : preview.data ? (
        <MemberInvite key={token} token={token} preview={preview.data} />
      ) : (
        <ErrorNotice error={preview.error} onRetry={invalid ? undefined : () => void preview.refetch()} />
      )}
    </AuthFrame>
  );
}

/** Accepting signs in to the invitation's account: nothing read before it may show. */
function useAccept(token: string) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (body: AcceptBody) => unwrap(api.POST("/api/session/invite", { body: { token, ...body } })),
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
      <p data-testid="invite-summary">
        {preview.accountName ? t("invite.invitedTo", { account: preview.accountName, role }) : t("invite.invitedToTeam", { role })}
      </p>
      <p className="muted">
        {t("invite.roleHint", { role, what: roles.t(`roleHint.${preview.role}`) })}{" "}
        {t("invite.expires", { date: dateTime(preview.expiresAt) })}
      </p>
      {session.data ? <JoinSignedIn token={token} email={session.data.email} /> : <NewPerson token={token} />}
    </>
  );
}

/** Signed in: the link is the key, so the session joins as it is (no address, no password). */
function JoinSignedIn({ token, email }: { token: string; email: string }) {
  const { t } = useMessages(authMessages);
  const accept = useAccept(token);
  const signOut = useSignOut();
  return (
    <>
      <ErrorNotice error={accept.error} />
      <div className="actions">
        <button type="button" disabled={accept.isPending} onClick={() => accept.mutate({})}>
          {accept.isPending ? t("invite.joining") : t("invite.joinAs", { email })}
        </button>
        {/* Signing out keeps this page and its fragment: the invitation is then accepted as someone else. */}
        <button type="button" className="link-button" onClick={() => void signOut()}>
          {t("invite.notYou")}
        </button>
      </div>
    </>
  );
}

/** Not signed in: the invited address and a new password; an address that signs in here already signs in instead. */
function NewPerson({ token }: { token: string }) {
  const { t } = useMessages(authMessages);
  const errorText = useErrorText();
  const accept = useAccept(token);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [sentFor, setSentFor] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentFor(email.trim());
    accept.mutate({ email: email.trim(), password });
  };
  const mustSignIn = hasErrorCode(accept.error, "sign_in_to_accept");
  const otherEmail = hasErrorCode(accept.error, "invitation_other_email");
  return (
    <>
      {mustSignIn ? (
        <div className="notice notice-warning invite-sign-in" role="alert" data-testid="invite-must-sign-in">
          <p>{t("invite.alreadySigns", { email: sentFor })}</p>
          <Link href={signInThenBack(token)} className="button">
            {t("invite.signIn")}
          </Link>
        </div>
      ) : null}
      <form noValidate onSubmit={submit}>
        <p>{t("invite.newPerson")}</p>
        {mustSignIn || otherEmail ? null : <ErrorNotice error={accept.error} />}
        <TextField
          label={t("invite.email")}
          type="email"
          autoComplete="username"
          required
          hint={t("invite.emailHint")}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={otherEmail ? errorText(accept.error) : fieldError(accept.error, "email")}
        />
        <TextField
          label={t("invite.password")}
          type="password"
          autoComplete="new-password"
          required
          hint={t("signUp.passwordHint")}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError(accept.error, "password")}
        />
        <button type="submit" disabled={accept.isPending}>
          {accept.isPending ? t("invite.joining") : t("invite.join")}
        </button>
      </form>
      <p>
        {t("invite.haveSignIn")} <Link href={signInThenBack(token)}>{t("invite.signInLink")}</Link>
      </p>
    </>
  );
}

/** The operator's link: the new account's owner sets the first password; one who has a password signs in. */
function OperatorInvite({ token, preview }: { token: string; preview: Preview }) {
  const { t } = useMessages(authMessages);
  const accept = useAccept(token);
  const [password, setPassword] = useState("");
  if (hasErrorCode(accept.error, "sign_in_to_accept"))
    return (
      <div className="notice notice-warning invite-sign-in" role="alert" data-testid="invite-owner-has-password">
        <p>{t("invite.ownerHasPassword")}</p>
        <Link href="/sign-in" className="button">
          {t("invite.signInLink")}
        </Link>
      </div>
    );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        accept.mutate({ password });
      }}
    >
      <p>{preview.accountName ? t("invite.introNamed", { account: preview.accountName }) : t("invite.intro")}</p>
      <ErrorNotice error={accept.error} />
      <TextField
        label={t("invite.password")}
        type="password"
        autoComplete="new-password"
        required
        hint={t("signUp.passwordHint")}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldError(accept.error, "password")}
      />
      <button type="submit" disabled={accept.isPending}>
        {t("invite.submit")}
      </button>
    </form>
  );
}
