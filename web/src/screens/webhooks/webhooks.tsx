import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { api, unwrap, type Schemas } from "../../api/client";
import { Badge, ErrorNotice, Loading, Notice, PageTitle, Pager, SelectField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { siteName } from "../../lib/site-name";
import { usePageParam, useSearchParam } from "../../lib/url";
import { webhookMessages } from "./messages";
import "./webhooks.css";
import { useSites } from "../../api/query-keys";
import { RoleNote } from "../../components/role-notice";
import { useRole } from "../../lib/current-member";

type Site = Schemas["Site"];
type Delivery = Schemas["WebhookDelivery"];

const DELIVERIES_PER_PAGE = 20;
const deliveriesKey = (siteId: string) => ["/api/sites/{siteId}/webhooks/deliveries", siteId] as const;

export function WebhooksScreen() {
  const { t } = useMessages(webhookMessages);
  const sites = useSites();
  const [siteIdParam, setSiteId] = useSearchParam("siteId");
  const customSites = sites.data?.filter((site) => site.platform === "custom") ?? [];
  const asked = siteIdParam ? customSites.find((site) => site.id === siteIdParam) : undefined;
  // Without a choice in the address, the first custom site is shown.
  const selected = asked ?? (siteIdParam ? undefined : customSites[0]);
  const { can } = useRole();
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("webhooks.title")}>{t("webhooks.title")}</PageTitle>
      <p>{t("webhooks.intro")}</p>
      {sites.isPending ? <Loading /> : null}
      <ErrorNotice error={sites.error} onRetry={() => void sites.refetch()} />
      {sites.data && customSites.length === 0 ? (
        <Notice>
          {t("webhooks.noCustomSites")} {can("admin") ? <Link href="/sites?connect=custom">{t("webhooks.connectCustom")}</Link> : null}
        </Notice>
      ) : null}
      {customSites.length > 0 ? (
        <>
          <div className="filters">
            <SelectField label={t("webhooks.site")} value={selected?.id ?? ""} onChange={(event) => setSiteId(event.target.value)}>
              {selected ? null : <option value="">{t("webhooks.chooseSite")}</option>}
              {customSites.map((site) => (
                <option key={site.id} value={site.id}>
                  {siteName(site)}
                </option>
              ))}
            </SelectField>
          </div>
          {siteIdParam && !asked ? <Notice tone="warning">{t("webhooks.notCustom")}</Notice> : null}
          {selected ? <SiteWebhooks key={selected.id} site={selected} /> : null}
        </>
      ) : null}
    </section>
  );
}

function SiteWebhooks({ site }: { site: Site }) {
  const { t } = useMessages(webhookMessages);
  // Test pings and sending again are an admin's.
  const mayAct = useRole().can("admin", site.id);
  return (
    <>
      <p className="webhook-target">
        {site.webhookUrl ? (
          <>
            {t("webhooks.target")} <code>{site.webhookUrl}</code>
          </>
        ) : (
          t("webhooks.noTarget")
        )}{" "}
        <Link href={`/sites/${site.id}`}>{t("webhooks.siteLink")}</Link>
      </p>
      {mayAct ? <TestPing site={site} /> : <RoleNote note="note.webhooks" />}
      <Deliveries site={site} mayRedeliver={mayAct} />
    </>
  );
}

function TestPing({ site }: { site: Site }) {
  const { t, number } = useMessages(webhookMessages);
  const ping = useMutation({
    mutationFn: () => unwrap(api.POST("/api/sites/{siteId}/webhooks/test", { params: { path: { siteId: site.id } } })),
  });
  const result = ping.data;
  return (
    <section aria-labelledby="ping-title">
      <h2 id="ping-title">{t("ping.title")}</h2>
      <p>{t("ping.intro")}</p>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => ping.mutate()} disabled={ping.isPending || !site.webhookUrl}>
          {ping.isPending ? t("ping.working") : t("ping.submit")}
        </button>
        {site.webhookUrl ? null : <span className="muted">{t("ping.needsUrl")}</span>}
      </div>
      <ErrorNotice error={ping.error} />
      {result ? (
        <div className={`notice ${result.delivered ? "notice-success" : "notice-error"}`} role="status">
          <p className="ping-outcome">
            {result.delivered
              ? t("ping.delivered", { code: result.statusCode ?? "?", ms: number(result.durationMs) })
              : result.statusCode === null
                ? t("ping.noAnswer", { ms: number(result.durationMs) })
                : t("ping.refused", { code: result.statusCode, ms: number(result.durationMs) })}
          </p>
          {result.errorCode && result.errorCode !== "receiver_status" ? (
            <p className="ping-outcome">{t("ping.error", { error: t(`error.${result.errorCode}`) })}</p>
          ) : null}
          <p className="muted">{t("ping.deliveryId", { id: result.deliveryId })}</p>
        </div>
      ) : null}
    </section>
  );
}

function Deliveries({ site, mayRedeliver }: { site: Site; mayRedeliver: boolean }) {
  const { t } = useMessages(webhookMessages);
  const [page, setPage] = usePageParam();
  const deliveries = useQuery({
    queryKey: [...deliveriesKey(site.id), page],
    queryFn: () =>
      unwrap(
        api.GET("/api/sites/{siteId}/webhooks/deliveries", {
          params: { path: { siteId: site.id }, query: { page, per_page: DELIVERIES_PER_PAGE } },
        }),
      ),
    placeholderData: (previous) => previous,
  });
  const [outcome, setOutcome] = useState<Delivery | null>(null);
  const [redeliverError, setRedeliverError] = useState<unknown>(null);
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">{t("deliveries.title")}</h2>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
          {deliveries.isFetching && !deliveries.isPending ? t("deliveries.refreshing") : t("deliveries.refresh")}
        </button>
      </div>
      {outcome ? <RedeliveryOutcome delivery={outcome} /> : null}
      <ErrorNotice error={redeliverError} />
      {deliveries.isPending ? <Loading /> : null}
      <ErrorNotice error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      {deliveries.data && deliveries.data.total === 0 ? (
        <p>{site.webhookUrl ? t("deliveries.empty") : t("deliveries.emptyNoUrl")}</p>
      ) : null}
      {deliveries.data && deliveries.data.items.length > 0 ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table aria-labelledby="deliveries-title" className="stack-table">
              <thead>
                <tr>
                  <th scope="col">{t("deliveries.column.event")}</th>
                  <th scope="col">{t("deliveries.column.status")}</th>
                  <th scope="col">{t("deliveries.column.attempts")}</th>
                  <th scope="col">{t("deliveries.column.lastAnswer")}</th>
                  <th scope="col">{t("deliveries.column.times")}</th>
                  {mayRedeliver ? <th scope="col">{t("deliveries.column.action")}</th> : null}
                </tr>
              </thead>
              <tbody>
                {deliveries.data.items.map((delivery) => (
                  <DeliveryRow
                    key={delivery.id}
                    siteId={site.id}
                    delivery={delivery}
                    mayRedeliver={mayRedeliver}
                    onRedelivered={(after) => {
                      setRedeliverError(null);
                      setOutcome(after);
                    }}
                    onFailed={(error) => {
                      setOutcome(null);
                      setRedeliverError(error);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={deliveries.data.page} totalPages={deliveries.data.totalPages} total={deliveries.data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function DeliveryRow({
  siteId,
  delivery,
  mayRedeliver,
  onRedelivered,
  onFailed,
}: {
  siteId: string;
  delivery: Delivery;
  mayRedeliver: boolean;
  onRedelivered(after: Delivery): void;
  onFailed(error: unknown): void;
}) {
  const { t, dateTime, number } = useMessages(webhookMessages);
  const queryClient = useQueryClient();
  const redeliver = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST("/api/sites/{siteId}/webhooks/deliveries/{deliveryId}/redeliver", {
          params: { path: { siteId, deliveryId: delivery.id } },
        }),
      ),
    onSuccess: onRedelivered,
    onError: onFailed,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deliveriesKey(siteId) }),
  });
  const actionText = redeliver.isPending ? t("deliveries.redelivering") : t("deliveries.redeliver");
  return (
    <tr>
      <th scope="row" className="cell-name delivery-event">
        <code>{delivery.event}</code>
        {delivery.articleId ? (
          <div>
            <Link href={`/articles/${encodeURIComponent(delivery.articleId)}`}>{t("deliveries.article", { id: delivery.articleId })}</Link>
          </div>
        ) : null}
        <div className="muted delivery-id">{delivery.id}</div>
      </th>
      <td data-label={t("deliveries.column.status")}>
        <Badge status={delivery.status} label={t(`status.${delivery.status}`)} />
      </td>
      <td data-label={t("deliveries.column.attempts")}>{number(delivery.attempts)}</td>
      <td className="last-answer" data-label={t("deliveries.column.lastAnswer")}>
        {delivery.attempts === 0
          ? t("deliveries.notTried")
          : delivery.lastStatusCode === null
            ? t("deliveries.noAnswer")
            : t("deliveries.statusCode", { code: delivery.lastStatusCode })}
        {delivery.lastErrorCode && delivery.lastErrorCode !== "receiver_status" ? (
          <div className="muted">{t(`error.${delivery.lastErrorCode}`)}</div>
        ) : null}
      </td>
      <td className="delivery-times" data-label={t("deliveries.column.times")}>
        <div>{t("deliveries.created", { time: dateTime(delivery.createdAt) })}</div>
        {delivery.deliveredAt ? <div>{t("deliveries.deliveredAt", { time: dateTime(delivery.deliveredAt) })}</div> : null}
        {delivery.status === "pending" && delivery.nextAttemptAt ? (
          <div>{t("deliveries.nextAttempt", { time: dateTime(delivery.nextAttemptAt) })}</div>
        ) : null}
      </td>
      {mayRedeliver ? (
        <td data-label={t("deliveries.column.action")}>
          <button
            type="button"
            className="secondary"
            disabled={redeliver.isPending || delivery.status === "sending"}
            aria-label={t("deliveries.rowAction", { action: actionText, event: delivery.event, time: dateTime(delivery.createdAt) })}
            onClick={() => redeliver.mutate()}
          >
            {actionText}
          </button>
        </td>
      ) : null}
    </tr>
  );
}

function RedeliveryOutcome({ delivery }: { delivery: Delivery }) {
  const { t } = useMessages(webhookMessages);
  const answer =
    delivery.lastStatusCode === null ? t("deliveries.noAnswer") : t("deliveries.statusCode", { code: delivery.lastStatusCode });
  return (
    <Notice tone={delivery.status === "delivered" ? "success" : "warning"}>
      {delivery.status === "delivered"
        ? t("redeliver.delivered", { event: delivery.event, answer })
        : t("redeliver.failed", { event: delivery.event, answer, status: t(`status.${delivery.status}`) })}
      {delivery.lastErrorCode && delivery.lastErrorCode !== "receiver_status" ? ` ${t(`error.${delivery.lastErrorCode}`)}` : null}
    </Notice>
  );
}
