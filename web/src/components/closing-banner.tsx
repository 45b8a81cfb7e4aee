// While the account is closing (GET /api/auth/me says `closesAt`), every page says when it will be
// deleted and, to an owner, offers to cancel (POST /api/account/close/cancel). A closing account
// only reads and exports, so a change elsewhere answers 409 `account_closing`: this says why first.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../api/client";
import { common } from "../i18n/common";
import { useMessages } from "../i18n/language";
import { useMe, useRole } from "../lib/current-member";
import { ErrorNotice } from "./ui";

export function ClosingBanner() {
  const { t, dateTime } = useMessages(common);
  const queryClient = useQueryClient();
  const me = useMe();
  const { can } = useRole();
  const cancel = useMutation({
    mutationFn: () => unwrap(api.POST("/api/account/close/cancel")),
    // The account is open again: what each page offers and may do changes with it.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
  if (cancel.isSuccess)
    return (
      <div className="notice notice-success closing-banner" role="status" data-testid="closing-cancelled">
        <p>{t("closing.cancelled")}</p>
        <button type="button" className="secondary" onClick={() => cancel.reset()}>
          {t("closing.dismiss")}
        </button>
      </div>
    );
  const closesAt = me.data?.closesAt;
  if (!closesAt) return null;
  return (
    <div className="notice notice-warning closing-banner" role="status" data-testid="closing-banner">
      <p>
        <strong>{t("closing.banner", { date: dateTime(closesAt) })}</strong> {can("billing") ? null : t("closing.askOwner")}
      </p>
      <ErrorNotice error={cancel.error} />
      {can("billing") ? (
        <button type="button" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          {cancel.isPending ? t("closing.cancelling") : t("closing.cancel")}
        </button>
      ) : null}
    </div>
  );
}
