// The header's account switcher, for someone who is a member of several accounts: the session
// moves to the chosen account (POST /api/session/account) and every screen reads its data again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useLocation } from "wouter";
import { api, unwrap } from "../api/client";
import { useMessages } from "../i18n/language";
import { roleMessages } from "../i18n/roles";
import { useMe } from "../lib/current-member";
import { SESSION_KEY, useSession } from "../lib/session";
import { ErrorNotice } from "./ui";
import "./roles.css";

export function AccountSwitch() {
  const { t } = useMessages(roleMessages);
  const id = useId();
  const session = useSession();
  const me = useMe();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const switchTo = useMutation({
    mutationFn: (accountId: string) => unwrap(api.POST("/api/session/account", { body: { accountId } })),
    onSuccess: (next) => {
      // Nothing read in the other account may show in this one: the new session, every other answer
      // dropped and read again (as after a reload), and the overview.
      queryClient.setQueryData(SESSION_KEY, next);
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
      navigate("/", { replace: true });
    },
  });
  const memberships = me.data?.memberships ?? [];
  // Only a panel session switches; a token belongs to one account.
  if (memberships.length < 2 || session.data?.via !== "session") return null;
  const current = switchTo.isPending ? switchTo.variables : (session.data?.accountId ?? "");
  return (
    <span className="account-switch">
      <label htmlFor={id}>{t("account.switch")}</label>
      <select
        id={id}
        value={current}
        disabled={switchTo.isPending}
        aria-describedby={switchTo.error ? `${id}-error` : undefined}
        onChange={(event) => switchTo.mutate(event.target.value)}
      >
        {memberships.map((membership) => (
          <option key={membership.accountId} value={membership.accountId}>
            {t("account.option", { account: membership.accountDisplayName, role: t(`role.${membership.role}`) })}
          </option>
        ))}
      </select>
      {switchTo.error ? (
        <span id={`${id}-error`} className="account-switch-error">
          <ErrorNotice error={switchTo.error} />
        </span>
      ) : null}
    </span>
  );
}
