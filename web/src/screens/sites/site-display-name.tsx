// A site's display name (PATCH /api/sites/{siteId} { displayName }): shown wherever the site is
// named, instead of the platform's own title. Admins and owners change it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, unwrap } from "../../api/client";
import { SITES_KEY } from "../../api/query-keys";
import { ErrorNotice, fieldError, LengthCounter, Notice, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useRole } from "../../lib/current-member";
import { estimateNameMessages } from "../plans/estimate-names-messages";
import { type Site, siteKey } from "./shared";

const NAME_MAX = 80;

export function SiteDisplayName({ site }: { site: Site }) {
  const { can } = useRole();
  return can("admin", site.id) ? <SiteDisplayNameForm key={site.id} site={site} /> : null;
}

function SiteDisplayNameForm({ site }: { site: Site }) {
  const { t } = useMessages(estimateNameMessages);
  const queryClient = useQueryClient();
  const [name, setName] = useState(site.displayName ?? "");
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH("/api/sites/{siteId}", {
          params: { path: { siteId: site.id } },
          body: { displayName: name.trim() === "" ? null : name },
        }),
      ),
    onSuccess: (next) => {
      queryClient.setQueryData(siteKey(site.id), next);
      void queryClient.invalidateQueries({ queryKey: SITES_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="card site-display-name" onSubmit={submit} noValidate>
      <ErrorNotice error={save.error} />
      {save.isSuccess ? <Notice tone="success">{save.data.displayName ? t("siteName.saved") : t("siteName.removed")}</Notice> : null}
      <TextField
        label={t("siteName.label")}
        hint={t("siteName.hint")}
        value={name}
        maxLength={NAME_MAX}
        onChange={(event) => {
          setName(event.target.value);
          save.reset();
        }}
        aside={<LengthCounter length={name.trim().length} max={NAME_MAX} />}
        error={fieldError(save.error, "displayName")}
      />
      <button type="submit" className="secondary" disabled={save.isPending || name.trim() === (site.displayName ?? "")}>
        {t("siteName.save")}
      </button>
    </form>
  );
}
