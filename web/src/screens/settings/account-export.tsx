// Settings → Account, for owners: the export of everything the account holds (POST, then
// GET /api/account/export while it builds), its progress, then the download link and its expiry.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ApiError, unwrap, type Schemas } from "../../api/client";
import { ErrorNotice } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { accountDataMessages } from "./account-data-messages";

type AccountExport = Schemas["AccountExport"];

/** GET /api/account/export: the account's newest export, null when it has none. */
export const EXPORT_KEY = ["/api/account/export"] as const;
const BUILDING: readonly AccountExport["status"][] = ["queued", "building"];

function useExport() {
  return useQuery({
    queryKey: EXPORT_KEY,
    queryFn: async () => {
      try {
        return await unwrap(api.GET("/api/account/export"));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    // Followed while it builds; still afterwards.
    refetchInterval: (query) => (query.state.data && BUILDING.includes(query.state.data.status) ? 2000 : false),
  });
}

export function ExportSection() {
  const { t } = useMessages(accountDataMessages);
  const queryClient = useQueryClient();
  const current = useExport();
  const start = useMutation({
    mutationFn: () => unwrap(api.POST("/api/account/export")),
    onSuccess: (started) => queryClient.setQueryData(EXPORT_KEY, started),
  });
  const job = current.data ?? null;
  const building = job !== null && BUILDING.includes(job.status);
  return (
    <section className="card" aria-labelledby="export-heading" data-testid="account-export">
      <h2 id="export-heading">{t("export.heading")}</h2>
      <p className="muted">{t("export.intro")}</p>
      <ErrorNotice error={current.error} onRetry={() => void current.refetch()} />
      <ErrorNotice error={start.error} />
      {job ? <ExportState job={job} /> : null}
      {building || current.isPending ? null : (
        <div className="actions">
          <button type="button" className={job ? "secondary" : undefined} disabled={start.isPending} onClick={() => start.mutate()}>
            {start.isPending ? t("export.starting") : job ? t("export.again") : t("export.start")}
          </button>
        </div>
      )}
    </section>
  );
}

function ExportState({ job }: { job: AccountExport }) {
  const { t, dateTime, locale } = useMessages(accountDataMessages);
  const { done, total } = job.progress;
  switch (job.status) {
    case "queued":
    case "building":
      return (
        <div role="status" data-testid="export-progress">
          <p>{job.status === "queued" ? t("export.queued") : total > 0 ? t("export.building", { done, total }) : t("export.counting")}</p>
          <progress
            className="export-progress"
            aria-label={t("export.progressLabel")}
            max={Math.max(total, 1)}
            value={total > 0 ? done : undefined}
          />
        </div>
      );
    case "ready":
      return (
        <div className="notice notice-success" role="status" data-testid="export-ready">
          <p className="export-line">
            {t("export.ready", { date: dateTime(job.readyAt ?? job.createdAt), size: fileSize(job.sizeBytes ?? 0, locale) })}
          </p>
          {job.downloadUrl ? (
            <p className="export-line">
              <a className="button" href={job.downloadUrl} download>
                {t("export.download")}
              </a>
            </p>
          ) : null}
          {job.expiresAt ? <p className="export-line">{t("export.expires", { date: dateTime(job.expiresAt) })}</p> : null}
        </div>
      );
    case "failed":
      return (
        <div className="notice notice-error" role="alert">
          {t("export.failed")}
        </div>
      );
    case "expired":
      return <p>{t("export.expired")}</p>;
  }
}

/** A size in bytes as people read it: "840 kB", "12.5 MB". */
function fileSize(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, "megabyte"] : [Math.max(bytes / 1000, 0.1), "kilobyte"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, maximumFractionDigits: 1 }).format(value);
}
