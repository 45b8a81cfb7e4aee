import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { api, unwrap } from "../../api/client";
import { CheckField, ErrorNotice, fieldError, Loading, Notice, PageTitle, Pager, SelectField, TextField } from "../../components/ui";
import { common } from "../../i18n/common";
import { useMessages } from "../../i18n/language";
import { usePageParam } from "../../lib/url";
import { planMessages } from "./messages";
import { ItemCounts, PLANS_KEY, PUBLISH_MODES, PlanStatusBadge, planKey, siteName, type PlanSummary, type PublishMode } from "./shared";
import type { TitledSite } from "../../lib/site-name";
import "./plans.css";
import { ReviewDefaultNote, usePlanDefaults } from "./plan-defaults";
import { useSites } from "../../api/query-keys";
import { RoleNote } from "../../components/role-notice";
import { useRole } from "../../lib/current-member";

const PER_PAGE = 20;

export function PlansScreen() {
  const { t } = useMessages(planMessages);
  const { can } = useRole();
  return (
    <section className="plans-screen" aria-labelledby="page-title">
      <PageTitle title={t("plans.title")}>{t("plans.title")}</PageTitle>
      <p className="muted">{t("plans.intro")}</p>
      {can("publish") ? <NewPlanForm /> : <RoleNote note="note.plans" />}
      <PlanList />
    </section>
  );
}

function NewPlanForm() {
  const { t } = useMessages(planMessages);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const sites = useSites();
  const { can } = useRole();
  // A member limited to some sites plans for those only.
  const plannable = sites.data?.filter((site) => can("publish", site.id));
  const search = useSearch();
  // A link such as /plans?siteId=… (from a site's page) chooses the site.
  const [siteId, setSiteId] = useState(() => new URLSearchParams(search).get("siteId") ?? "");
  const [articleCount, setArticleCount] = useState("10");
  const [cadencePerWeek, setCadencePerWeek] = useState("3");
  // Untouched (null), the mode is the site's default and the request leaves it to the API.
  const [chosenMode, setPublishMode] = useState<PublishMode | null>(null);
  const [fromSearchConsole, setFromSearchConsole] = useState(false);
  const chosenSiteId = siteId || plannable?.[0]?.id || "";
  const defaults = usePlanDefaults(chosenSiteId);
  const publishMode = chosenMode ?? defaults.data?.publishMode ?? "publish";

  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST("/api/autopilot/plans", {
          body: {
            siteId: chosenSiteId,
            articleCount: toInteger(articleCount),
            cadencePerWeek: toInteger(cadencePerWeek),
            publishMode: chosenMode ?? undefined,
            fromSearchConsole,
          },
        }),
      ),
    onSuccess: (plan) => {
      queryClient.setQueryData(planKey(plan.id), plan);
      void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
      // Research takes a while: open the plan only if the person is still waiting on this page.
      if (window.location.pathname === "/plans") navigate(`/plans/${plan.id}`);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!create.isPending) create.mutate();
  };

  return (
    <section className="card" aria-labelledby="new-plan-title">
      <h2 id="new-plan-title">{t("create.title")}</h2>
      {sites.isPending ? <Loading /> : null}
      <ErrorNotice error={sites.error} onRetry={() => void sites.refetch()} />
      {plannable && plannable.length === 0 ? (
        <p>
          {t("create.noSites")} {can("admin") ? <Link href="/sites">{t("create.connectSite")}</Link> : null}
        </p>
      ) : null}
      {plannable && plannable.length > 0 ? (
        <form onSubmit={submit} noValidate aria-busy={create.isPending}>
          <ErrorNotice error={create.error} />
          <SelectField
            label={t("create.site")}
            value={chosenSiteId}
            onChange={(e) => setSiteId(e.target.value)}
            error={fieldError(create.error, "siteId")}
            disabled={create.isPending}
          >
            {plannable.map((site) => (
              <option key={site.id} value={site.id}>
                {siteName(site)} · {t(`platform.${site.platform}`)}
                {site.status === "CONNECTED" ? "" : ` (${t("create.siteNeedsAttention")})`}
              </option>
            ))}
          </SelectField>
          <div className="grid">
            <TextField
              label={t("create.articleCount")}
              hint={t("create.articleCountHint")}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              required
              value={articleCount}
              onChange={(e) => setArticleCount(e.target.value)}
              error={fieldError(create.error, "articleCount")}
              disabled={create.isPending}
            />
            <TextField
              label={t("create.cadence")}
              hint={t("create.cadenceHint")}
              type="number"
              inputMode="numeric"
              min={1}
              max={21}
              step={1}
              required
              value={cadencePerWeek}
              onChange={(e) => setCadencePerWeek(e.target.value)}
              error={fieldError(create.error, "cadencePerWeek")}
              disabled={create.isPending}
            />
          </div>
          <SelectField
            label={t("create.publishMode")}
            hint={t(`publishMode.${publishMode}Hint`)}
            value={publishMode}
            onChange={(e) => setPublishMode(e.target.value as PublishMode)}
            error={fieldError(create.error, "publishMode")}
            disabled={create.isPending}
          >
            {PUBLISH_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`publishMode.${mode}`)}
              </option>
            ))}
          </SelectField>
          <ReviewDefaultNote shown={chosenMode === null && defaults.data?.reason === "offline_writer"} />
          <CheckField
            label={t("create.fromSearchConsole")}
            hint={t("create.fromSearchConsoleHint")}
            checked={fromSearchConsole}
            onChange={(e) => setFromSearchConsole(e.target.checked)}
            disabled={create.isPending}
          />
          {create.isPending ? <Notice>{t("create.waiting")}</Notice> : null}
          <button type="submit" disabled={create.isPending}>
            {create.isPending ? t("create.working") : t("create.submit")}
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** What the person typed as a whole number; anything else goes to the API as it is, which names the field. */
function toInteger(value: string): number {
  return Number(value.trim() === "" ? Number.NaN : value);
}

function PlanList() {
  const { t } = useMessages(planMessages);
  const commonText = useMessages(common);
  const [page, setPage] = usePageParam();
  const sites = useSites();
  const plans = useQuery({
    queryKey: [...PLANS_KEY, { page, perPage: PER_PAGE }],
    queryFn: () => unwrap(api.GET("/api/autopilot/plans", { params: { query: { page, per_page: PER_PAGE } } })),
    placeholderData: keepPreviousData,
  });
  const siteOf = (siteId: string) => sites.data?.find((site) => site.id === siteId);

  return (
    <section aria-labelledby="plan-list-title">
      <h2 id="plan-list-title">{t("plans.listTitle")}</h2>
      {plans.isPending ? <Loading /> : null}
      <ErrorNotice error={plans.error} onRetry={() => void plans.refetch()} />
      {plans.data && plans.data.items.length === 0 ? <p>{page > 1 ? commonText.t("state.empty") : t("plans.empty")}</p> : null}
      {plans.data && plans.data.items.length > 0 ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">{t("plans.column.created")}</th>
                  <th scope="col">{t("plans.column.site")}</th>
                  <th scope="col">{t("plans.column.status")}</th>
                  <th scope="col">{t("plans.column.items")}</th>
                  <th scope="col">{t("plans.column.publishMode")}</th>
                  <th scope="col">{t("plans.column.cadence")}</th>
                </tr>
              </thead>
              <tbody>
                {plans.data.items.map((plan) => (
                  <PlanRow key={plan.id} plan={plan} site={siteOf(plan.siteId)} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={plans.data.page} totalPages={plans.data.totalPages} total={plans.data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function PlanRow({ plan, site: siteOfPlan }: { plan: PlanSummary; site: TitledSite | undefined }) {
  const { t, dateTime, number } = useMessages(planMessages);
  const site = siteOfPlan ? siteName(siteOfPlan) : plan.siteId;
  const created = dateTime(plan.createdAt);
  return (
    <tr data-testid={`plan-${plan.id}`}>
      <th scope="row" className="nowrap cell-name">
        <Link href={`/plans/${plan.id}`} aria-label={plan.name ?? t("plans.openLabel", { site, date: created })}>
          {plan.name ?? created}
        </Link>
        {plan.name ? <div className="muted">{created}</div> : null}
      </th>
      <td data-label={t("plans.column.site")}>
        {site}
        {plan.warnings.length > 0 ? <div className="muted">{t("plans.warningsCount", { count: number(plan.warnings.length) })}</div> : null}
      </td>
      <td data-label={t("plans.column.status")}>
        <PlanStatusBadge status={plan.status} />
      </td>
      <td data-label={t("plans.column.items")}>
        <ItemCounts counts={plan.counts} />
      </td>
      <td data-label={t("plans.column.publishMode")}>{t(`publishMode.${plan.publishMode}`)}</td>
      <td className="nowrap" data-label={t("plans.column.cadence")}>
        {t("plan.cadenceValue", { count: number(plan.cadencePerWeek) })}
      </td>
    </tr>
  );
}
