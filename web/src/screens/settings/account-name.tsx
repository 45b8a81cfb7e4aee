// Settings → Account: the account's name (PATCH /api/account { name }), which members see and
// invitations name the account by. Admins and owners change it; everyone else reads it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, fieldError, LengthCounter, Notice, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { ME_KEY, useMe, useRole } from "../../lib/current-member";
import { settingsMessages } from "./messages";

const NAME_MAX = 60;

export function AccountName() {
  const { t } = useMessages(settingsMessages);
  const me = useMe();
  const { can } = useRole();
  const saved = me.data?.name ?? null;
  if (!can("admin"))
    return (
      <div className="account-name-read">
        <dl className="account-facts">
          <dt>{t("account.name")}</dt>
          <dd data-testid="account-name">{saved ?? <span className="muted">{t("account.noName")}</span>}</dd>
        </dl>
        <p className="field-hint">{t("account.nameReadOnly")}</p>
      </div>
    );
  return me.data ? <AccountNameForm saved={saved} /> : null;
}

function AccountNameForm({ saved }: { saved: string | null }) {
  const { t } = useMessages(settingsMessages);
  const queryClient = useQueryClient();
  const [name, setName] = useState(saved ?? "");
  // Another tab or member renamed it: show the name as it is now.
  useEffect(() => setName(saved ?? ""), [saved]);
  const rename = useMutation({
    mutationFn: () => unwrap(api.PATCH("/api/account", { body: { name: name.trim() === "" ? null : name.trim() } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ME_KEY }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate();
  };
  return (
    <form className="account-name-form" onSubmit={submit} noValidate>
      <ErrorNotice error={rename.error} />
      {rename.isSuccess ? <Notice tone="success">{rename.data.name ? t("account.nameSaved") : t("account.nameRemoved")}</Notice> : null}
      <TextField
        label={t("account.name")}
        value={name}
        maxLength={NAME_MAX}
        autoComplete="organization"
        placeholder={t("account.namePlaceholder")}
        onChange={(event) => {
          setName(event.target.value);
          rename.reset();
        }}
        hint={t("account.nameHint")}
        aside={<LengthCounter length={name.trim().length} max={NAME_MAX} />}
        error={fieldError(rename.error, "name")}
      />
      <button type="submit" className="secondary" disabled={rename.isPending || name.trim() === (saved ?? "")}>
        {rename.isPending ? t("account.nameSaving") : t("account.nameSave")}
      </button>
    </form>
  );
}
