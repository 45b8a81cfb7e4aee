// Searches the site ranks 8–30 for that nothing targets yet, each added to one of the site's open
// plans in one click; a site without an open plan is offered one built from these searches.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { api, ApiError, type Schemas, unwrap } from "../../api/client";
import { ErrorNotice, Loading, Notice, Pager, SelectField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { planMessages } from "../plans/messages";
import { PLANS_KEY, planKey } from "../plans/shared";
import { OpportunitiesEmptyNote } from "./search-check-notes";
import { searchMessages } from "./search-messages";
import { opportunitiesKey, PageLink, useSearchFormat } from "./search-shared";
import type { Site } from "./shared";
import { useRole } from "../../lib/current-member";

type PlanSummary = Schemas["PlanSummary"];
type Opportunity = Schemas["SearchOpportunity"];

const PER_PAGE = 20;
/** Plans that still take items: a completed plan refuses them. */
const OPEN_STATUSES: readonly PlanSummary["status"][] = ["DRAFT", "ACTIVE", "PAUSED"];
/** Enough of the account's newest plans to find the site's open ones. */
const PLANS_READ = 100;
/** The plan "Create a plan from Search Console" makes: small, unhurried, every article reviewed. */
const SEARCH_PLAN = { articleCount: 5, cadencePerWeek: 2, publishMode: "review" } as const;

type Outcome = { kind: "added"; keyword: string; plan: PlanSummary } | { kind: "planned"; keyword: string };

/** "the draft plan of 26 Nov 2026, 10:04": plans have no names, so their status and creation time tell them apart. */
function usePlanName(): (plan: PlanSummary) => string {
  const { t, dateTime } = useMessages(searchMessages);
  const plans = useMessages(planMessages);
  return (plan) => t("plan.name", { status: plans.t(`planStatus.${plan.status}`), date: dateTime(plan.createdAt) });
}

export function OpportunitiesSection({ site }: { site: Site }) {
  const { t } = useMessages(searchMessages);
  const planName = usePlanName();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [planId, setPlanId] = useState("");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [created, setCreated] = useState<PlanSummary | null>(null);
  const opportunities = useQuery({
    queryKey: [...opportunitiesKey(site.id), { page }],
    queryFn: () =>
      unwrap(api.GET("/api/sites/{siteId}/opportunities", { params: { path: { siteId: site.id }, query: { page, per_page: PER_PAGE } } })),
    placeholderData: keepPreviousData,
  });
  const plans = useQuery({
    queryKey: [...PLANS_KEY, { perPage: PLANS_READ }],
    queryFn: () => unwrap(api.GET("/api/autopilot/plans", { params: { query: { per_page: PLANS_READ } } })),
  });
  const open = (plans.data?.items ?? []).filter((plan) => plan.siteId === site.id && OPEN_STATUSES.includes(plan.status));
  const chosen = open.find((plan) => plan.id === planId) ?? open[0];

  const add = useMutation({
    mutationFn: ({ keyword, plan }: { keyword: string; plan: PlanSummary }) =>
      unwrap(api.POST("/api/autopilot/plans/{planId}/items", { params: { path: { planId: plan.id } }, body: { keyword } })),
    onMutate: () => setOutcome(null),
    onSuccess: (_item, { keyword, plan }) => {
      setOutcome({ kind: "added", keyword, plan });
      void queryClient.invalidateQueries({ queryKey: planKey(plan.id) });
      void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
      // The search is targeted now: it leaves the list.
      void queryClient.invalidateQueries({ queryKey: opportunitiesKey(site.id) });
    },
    onError: (error, { keyword }) => {
      if (error instanceof ApiError && error.code === "keyword_already_planned") setOutcome({ kind: "planned", keyword });
    },
  });
  const addError = add.error instanceof ApiError && add.error.code === "keyword_already_planned" ? null : add.error;
  const data = opportunities.data;
  // Adding to a plan, or making one, is an editor's: others read the list.
  const mayPlan = useRole().can("publish", site.id);

  return (
    <section aria-labelledby="opportunities-title" className="search-opportunities">
      <h2 id="opportunities-title">{t("opportunities.title")}</h2>
      <p className="muted">{t("opportunities.intro")}</p>
      {opportunities.isPending || plans.isPending ? <Loading /> : null}
      <ErrorNotice error={opportunities.error} onRetry={() => void opportunities.refetch()} />
      <ErrorNotice error={plans.error} onRetry={() => void plans.refetch()} />
      {created ? (
        <Notice tone="success">
          {t("create.done")} <Link href={`/plans/${created.id}`}>{t("create.open")}</Link>
        </Notice>
      ) : null}
      {data ? <OpportunitiesEmptyNote data={data} /> : null}
      {mayPlan && data && data.items.length > 0 && plans.data ? (
        open.length > 0 ? (
          <div className="filters">
            <SelectField
              label={t("opportunities.plan")}
              hint={chosen?.status === "ACTIVE" ? t("opportunities.planHintActive") : t("opportunities.planHint")}
              value={chosen?.id ?? ""}
              onChange={(event) => setPlanId(event.target.value)}
            >
              {open.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {planName(plan)}
                </option>
              ))}
            </SelectField>
          </div>
        ) : (
          <CreatePlanFromSearchConsole site={site} onCreated={setCreated} />
        )
      ) : null}
      {outcome?.kind === "added" ? (
        <Notice tone="success">
          {t("opportunities.added", { keyword: outcome.keyword, plan: planName(outcome.plan) })}{" "}
          <Link href={`/plans/${outcome.plan.id}`}>{t("opportunities.openPlan")}</Link>
        </Notice>
      ) : null}
      {outcome?.kind === "planned" ? (
        <Notice tone="warning">{t("opportunities.alreadyPlanned", { keyword: outcome.keyword })}</Notice>
      ) : null}
      <ErrorNotice error={addError} />
      {data && data.items.length > 0 ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table className="stack-table search-table">
              <thead>
                <tr>
                  <th scope="col">{t("opportunities.column.query")}</th>
                  <th scope="col">{t("figure.impressions")}</th>
                  <th scope="col">{t("figure.position")}</th>
                  <th scope="col">{t("opportunities.column.page")}</th>
                  {mayPlan ? <th scope="col">{t("opportunities.column.action")}</th> : null}
                </tr>
              </thead>
              <tbody>
                {data.items.map((opportunity) => (
                  <OpportunityRow
                    key={opportunity.query}
                    site={site}
                    opportunity={opportunity}
                    plan={chosen}
                    mayPlan={mayPlan}
                    adding={add.isPending && add.variables?.keyword === opportunity.query}
                    busy={add.isPending}
                    onAdd={(plan) => add.mutate({ keyword: opportunity.query, plan })}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={data.page} totalPages={data.totalPages} total={data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function OpportunityRow(props: {
  site: Site;
  opportunity: Opportunity;
  plan: PlanSummary | undefined;
  mayPlan: boolean;
  adding: boolean;
  busy: boolean;
  onAdd(plan: PlanSummary): void;
}) {
  const { t } = useMessages(searchMessages);
  const { number, position } = useSearchFormat();
  const { opportunity, plan } = props;
  return (
    <tr data-testid="opportunity">
      <th scope="row" className="cell-name">
        {opportunity.query}
      </th>
      <td data-label={t("figure.impressions")}>{number(opportunity.impressions)}</td>
      <td data-label={t("figure.position")}>{position(opportunity.position)}</td>
      <td data-label={t("opportunities.column.page")} className="cell-wide search-page-cell">
        <PageLink
          url={opportunity.page.url}
          articleId={opportunity.page.articleId}
          postId={opportunity.page.postId}
          siteId={props.site.id}
        />
      </td>
      {props.mayPlan ? (
        <td data-label={t("opportunities.column.action")} className="cell-wide">
          {plan ? (
            <button
              type="button"
              className="secondary"
              disabled={props.busy}
              aria-label={t("opportunities.addLabel", { keyword: opportunity.query })}
              onClick={() => props.onAdd(plan)}
            >
              {props.adding ? t("opportunities.adding") : t("opportunities.add")}
            </button>
          ) : (
            <span className="muted">{t("opportunities.noPlan")}</span>
          )}
        </td>
      ) : null}
    </tr>
  );
}

/** For a site without an open plan: a draft plan built from these searches, after a confirmation. */
function CreatePlanFromSearchConsole({ site, onCreated }: { site: Site; onCreated(plan: PlanSummary): void }) {
  const { t } = useMessages(searchMessages);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const create = useMutation({
    mutationFn: () => unwrap(api.POST("/api/autopilot/plans", { body: { siteId: site.id, ...SEARCH_PLAN, fromSearchConsole: true } })),
    onSuccess: (plan) => {
      queryClient.setQueryData(planKey(plan.id), plan);
      onCreated(plan);
      void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
      void queryClient.invalidateQueries({ queryKey: opportunitiesKey(site.id) });
    },
  });
  return (
    <div className="notice notice-info create-search-plan">
      <p>{t("create.noPlan")}</p>
      {confirming ? (
        <>
          <p>{t("create.confirm", SEARCH_PLAN)}</p>
          <div className="actions">
            <button type="button" disabled={create.isPending} onClick={() => create.mutate()}>
              {create.isPending ? t("create.working") : t("create.submit")}
            </button>
            <button type="button" className="secondary" disabled={create.isPending} onClick={() => setConfirming(false)}>
              {t("create.cancel")}
            </button>
          </div>
          {create.isPending ? (
            <p className="muted" role="status">
              {t("create.wait")}
            </p>
          ) : null}
        </>
      ) : (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setConfirming(true)}>
            {t("create.start")}
          </button>
        </div>
      )}
      <ErrorNotice error={create.error} />
    </div>
  );
}
