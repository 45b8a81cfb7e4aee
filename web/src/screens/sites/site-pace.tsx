import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api/client";
import { SITES_KEY } from "../../api/query-keys";
import { ErrorNotice, fieldError, Notice, TextField } from "../../components/ui";
import { defineMessages, useMessages } from "../../i18n/language";
import { siteKey, type Site } from "./shared";

const paceMessages = defineMessages(
  {
    "pace.title": "Pace",
    "pace.intro":
      "The autopilot never publishes more new articles on this site in any 7 days. Empty: the default from the site's size (a tenth of its posts a week, at least 2 and at most 14).",
    "pace.label": "New articles a week at most",
    "pace.save": "Save the pace",
    "pace.saving": "Saving…",
    "pace.saved": "Saved.",
  },
  {
    "pace.title": "Tempo",
    "pace.intro":
      "Otomatik pilot bu sitede herhangi bir 7 günde bundan fazla yeni makale yayımlamaz. Boş: sitenin büyüklüğünden gelen varsayılan (haftada yazılarının onda biri, en az 2, en çok 14).",
    "pace.label": "Haftada en çok yeni makale",
    "pace.save": "Tempoyu kaydet",
    "pace.saving": "Kaydediliyor…",
    "pace.saved": "Kaydedildi.",
  },
);

/** The site's maxNewPerWeek (PATCH /api/sites/{siteId}); empty goes back to the default. */
export function SitePace({ site }: { site: Site }) {
  const { t } = useMessages(paceMessages);
  const queryClient = useQueryClient();
  const [value, setValue] = useState(site.maxNewPerWeek === null ? "" : String(site.maxNewPerWeek));
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH("/api/sites/{siteId}", {
          params: { path: { siteId: site.id } },
          body: { maxNewPerWeek: value.trim() === "" ? null : Number(value) },
        }),
      ),
    onSuccess: (changed) => {
      queryClient.setQueryData(siteKey(changed.id), changed);
      void queryClient.invalidateQueries({ queryKey: SITES_KEY });
    },
  });
  return (
    <section aria-labelledby="site-pace-title">
      <h2 id="site-pace-title">{t("pace.title")}</h2>
      <form
        noValidate
        aria-labelledby="site-pace-title"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <p>{t("pace.intro")}</p>
        {save.isSuccess ? <Notice tone="success">{t("pace.saved")}</Notice> : null}
        <ErrorNotice error={save.error} />
        <TextField
          label={t("pace.label")}
          type="number"
          min={1}
          max={50}
          inputMode="numeric"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError(save.error, "maxNewPerWeek")}
        />
        <div className="actions">
          <button type="submit" className="secondary" disabled={save.isPending}>
            {save.isPending ? t("pace.saving") : t("pace.save")}
          </button>
        </div>
      </form>
    </section>
  );
}
