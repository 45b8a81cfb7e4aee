import { useIsMutating, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { PlanApprovalLinks } from "./plan-approval-links";
import { ItemSiteHealth, PlanCluster, PlanPaceNotice } from "./site-health";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useParams } from "wouter";
import { api, ApiError, unwrap } from "../../api/client";
import { BALANCE_KEY, useBalance } from "../../components/layout";
import { ErrorNotice, fieldError, LengthCounter, Loading, Notice, PageTitle, TextField, useCodeText } from "../../components/ui";
import { common } from "../../i18n/common";
import { useMessages } from "../../i18n/language";
import { qualityMessages } from "../../i18n/quality";
import { planMessages } from "./messages";
import {
  ItemCounts,
  ItemStatusBadge,
  PLANS_KEY,
  PlanStatusBadge,
  Warnings,
  planKey,
  siteName,
  itemPath,
  useProviderName,
  type ItemStatus,
  type Plan,
  type PlanItem,
} from "./shared";
import "./plans.css";
import { ApproveWithEstimate } from "./plan-estimate";
import { PlanNameForm, SearchConsoleUse } from "./plan-name";
import { useSites } from "../../api/query-keys";
import { RoleNote } from "../../components/role-notice";
import { useRole } from "../../lib/current-member";

/** While an item is queued or being written, the plan is read again this often. */
const REFRESH_MS = 3000;
const IN_FLIGHT: readonly ItemStatus[] = ["QUEUED", "GENERATING"];
const EDITABLE: readonly ItemStatus[] = ["PLANNED", "SCHEDULED"];
const RUNNABLE: readonly ItemStatus[] = ["PLANNED", "SCHEDULED", "FAILED"];
const ITEM_COLUMNS = 8;
const TITLE_MAX = 200;
const KEYWORD_MAX = 100;

const runKey = (planId: string) => ["run-item", planId] as const;

/** A scheduled item whose time has come: the clock starts it at its next tick. */
function isDue(item: { status: string; scheduledAt: string | null }): boolean {
  return item.status === "SCHEDULED" && item.scheduledAt !== null && Date.parse(item.scheduledAt) <= Date.now();
}

export function PlanScreen() {
  const { planId = "" } = useParams<{ planId: string }>();
  const { t } = useMessages(planMessages);
  const sites = useSites();
  const runsPending = useIsMutating({ mutationKey: runKey(planId) }) > 0;
  const queryClient = useQueryClient();
  const plan = useQuery({
    queryKey: planKey(planId),
    queryFn: () => unwrap(api.GET("/api/autopilot/plans/{planId}", { params: { path: { planId } } })),
    // Items being written, or due for the clock to start (it ticks each minute under `npm run dev`,
    // each 5 minutes deployed), refresh on their own, and stop once they settle.
    refetchInterval: (query) =>
      runsPending || query.state.data?.items.some((item) => IN_FLIGHT.includes(item.status) || isDue(item)) ? REFRESH_MS : false,
  });
  // The clock's runs reserve and settle the price too: while an item is in flight the header's balance moves with it.
  const itemsInFlight = plan.data?.items.some((item) => IN_FLIGHT.includes(item.status)) ?? false;
  useBalance(runsPending || itemsInFlight ? REFRESH_MS : false);
  const settledItems = plan.data?.items.filter((item) => !IN_FLIGHT.includes(item.status)).length ?? 0;
  useEffect(() => {
    // An item that settled (published, in review, failed and refunded) changed the balance once more.
    if (settledItems > 0) void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
  }, [settledItems, queryClient]);
  const site = plan.data ? sites.data?.find((candidate) => candidate.id === plan.data.siteId) : undefined;
  const title = plan.data?.name ?? (site ? t("plan.title", { site: siteName(site) }) : t("plan.titleFallback"));

  return (
    <section className="plans-screen" aria-labelledby="page-title">
      <p>
        <Link href="/plans">← {t("plan.back")}</Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      {plan.isPending ? <Loading /> : null}
      {plan.error instanceof ApiError && plan.error.status === 404 ? (
        <p role="alert">{t("plan.notFound")}</p>
      ) : (
        <ErrorNotice error={plan.error} onRetry={() => void plan.refetch()} />
      )}
      {plan.data ? (
        <PlanDetail
          plan={plan.data}
          siteTitle={site ? siteName(site) : undefined}
          refreshing={plan.data.items.some((item) => IN_FLIGHT.includes(item.status))}
        />
      ) : null}
    </section>
  );
}

function PlanDetail({ plan, siteTitle, refreshing }: { plan: Plan; siteTitle: string | undefined; refreshing: boolean }) {
  const { t, dateTime, number } = useMessages(planMessages);
  // Approving, pausing, changing and running a plan's topics is for editors and up (on the member's sites).
  const mayAct = useRole().can("publish", plan.siteId);
  return (
    <>
      {mayAct ? null : <RoleNote note="note.plan" />}
      <Warnings details={plan.warningDetails} />
      <SearchConsoleUse plan={plan} />
      <PlanPaceNotice plan={plan} />
      <section className="card" aria-labelledby="plan-summary-title">
        <h2 id="plan-summary-title">{t("plan.summary")}</h2>
        <dl className="plan-facts">
          <dt>{t("plan.status")}</dt>
          <dd>
            <PlanStatusBadge status={plan.status} />
          </dd>
          <dt>{t("plan.site")}</dt>
          <dd>
            <Link href={`/sites/${plan.siteId}`}>{siteTitle ?? plan.siteId}</Link>
          </dd>
          <dt>{t("plan.cadence")}</dt>
          <dd>{t("plan.cadenceValue", { count: number(plan.cadencePerWeek) })}</dd>
          <dt>{t("plan.publishMode")}</dt>
          <dd>
            {t(`publishMode.${plan.publishMode}`)} <span className="muted">— {t(`publishMode.${plan.publishMode}Hint`)}</span>
          </dd>
          <dt>{t("plan.articleCount")}</dt>
          <dd>{number(plan.articleCount)}</dd>
          <dt>{t("plan.created")}</dt>
          <dd>{dateTime(plan.createdAt)}</dd>
          {plan.approvedAt ? (
            <>
              <dt>{t("plan.approved")}</dt>
              <dd>{dateTime(plan.approvedAt)}</dd>
            </>
          ) : null}
          {plan.completedAt ? (
            <>
              <dt>{t("plan.completed")}</dt>
              <dd>{dateTime(plan.completedAt)}</dd>
            </>
          ) : null}
          <dt>{t("plan.counts")}</dt>
          <dd>
            <ItemCounts counts={plan.counts} />
          </dd>
        </dl>
      </section>
      {mayAct ? <PlanNameForm key={plan.id} plan={plan} /> : null}
      {mayAct ? <PlanActions plan={plan} /> : null}
      <PlanApprovalLinks planId={plan.id} />
      <PlanCluster plan={plan} />
      <Research research={plan.research} />
      <Items plan={plan} refreshing={refreshing} mayAct={mayAct} />
    </>
  );
}

/** Approve (DRAFT), pause (ACTIVE) and resume (PAUSED: approve again), each with its outcome in words. */
function PlanActions({ plan }: { plan: Plan }) {
  const { t } = useMessages(planMessages);
  const queryClient = useQueryClient();
  // An outcome speaks of the status it produced: once the plan moves on (it completes, say), it goes.
  const [outcome, setOutcome] = useState<{ words: string; status: Plan["status"] } | null>(null);
  const path = { params: { path: { planId: plan.id } } };
  const settle = (next: Plan, words: string) => {
    queryClient.setQueryData(planKey(plan.id), next);
    void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
    setOutcome({ words, status: next.status });
  };
  const approve = useMutation({
    // `resuming`: the plan was PAUSED when the button was pressed (approving again resumes it).
    mutationFn: (_resuming: boolean) => unwrap(api.POST("/api/autopilot/plans/{planId}/approve", path)),
    onMutate: () => setOutcome(null),
    onSuccess: (next, resuming) => settle(next, resuming ? t("plan.resumed.outcome") : t("plan.approved.outcome")),
  });
  const pause = useMutation({
    mutationFn: () => unwrap(api.POST("/api/autopilot/plans/{planId}/pause", path)),
    onMutate: () => setOutcome(null),
    onSuccess: (next) => settle(next, t("plan.paused.outcome")),
  });
  const busy = approve.isPending || pause.isPending;
  const explain = {
    DRAFT: t("plan.draftExplain"),
    ACTIVE: t("plan.activeExplain"),
    PAUSED: t("plan.pausedExplain"),
    COMPLETED: t("plan.completedExplain"),
  }[plan.status];

  return (
    <section className="card" aria-labelledby="plan-actions-title">
      <h2 id="plan-actions-title">{t("plan.actions")}</h2>
      <p>{explain}</p>
      <ErrorNotice error={approve.error ?? pause.error} />
      {outcome && outcome.status === plan.status ? <Notice tone="success">{outcome.words}</Notice> : null}
      <div className="actions">
        {plan.status === "DRAFT" || plan.status === "PAUSED" ? (
          <ApproveWithEstimate
            plan={plan}
            resuming={plan.status === "PAUSED"}
            busy={busy}
            pending={approve.isPending}
            onApprove={() => {
              pause.reset();
              approve.mutate(plan.status === "PAUSED");
            }}
          />
        ) : null}
        {plan.status === "ACTIVE" ? (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => {
              approve.reset();
              pause.mutate();
            }}
          >
            {pause.isPending ? t("plan.pausing") : t("plan.pause")}
          </button>
        ) : null}
      </div>
    </section>
  );
}

function Research({ research }: { research: Plan["research"] }) {
  const { t, number, locale } = useMessages(planMessages);
  const providerName = useProviderName();
  const usd = new Intl.NumberFormat(locale, { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return (
    <section className="card" aria-labelledby="plan-research-title">
      <h2 id="plan-research-title">{t("research.title")}</h2>
      <p>
        {research.volumesAreEstimates ? (
          <strong>{t("research.estimates")}</strong>
        ) : (
          t("research.measured", { provider: providerName(research.keywordProvider) })
        )}
      </p>
      <dl className="plan-facts">
        <dt>{t("research.keywordProvider")}</dt>
        <dd>{providerName(research.keywordProvider)}</dd>
        <dt>{t("research.textModel")}</dt>
        <dd>
          {research.textProvider === "offline" ? (
            providerName(research.textProvider)
          ) : (
            <>
              {research.textModel} <span className="muted">({providerName(research.textProvider)})</span>
            </>
          )}
        </dd>
        {research.seeds.length > 0 ? (
          <>
            <dt>{t("research.seeds")}</dt>
            <dd>{research.seeds.join(", ")}</dd>
          </>
        ) : null}
        <dt>{t("research.ideas")}</dt>
        <dd>{t("research.ideasValue", { found: number(research.ideasFound), usable: number(research.ideasUsable) })}</dd>
        <dt>{t("research.cost")}</dt>
        <dd>{usd.format(research.costUsd)}</dd>
        <dt>{t("research.tokens")}</dt>
        <dd>{t("research.tokensValue", { input: number(research.inputTokens), output: number(research.outputTokens) })}</dd>
      </dl>
    </section>
  );
}

function Items({ plan, refreshing, mayAct }: { plan: Plan; refreshing: boolean; mayAct: boolean }) {
  const { t } = useMessages(planMessages);
  // A dropped item's row is gone: its outcome is said here.
  const [dropped, setDropped] = useState<string | null>(null);
  const volumeHeading = `${t("items.column.volume")}${plan.research.volumesAreEstimates ? ` ${t("items.estimate")}` : ""}`;
  return (
    <section aria-labelledby="plan-items-title">
      <h2 id="plan-items-title">{t("items.title")}</h2>
      {refreshing ? <p className="muted">{t("plan.refreshing")}</p> : null}
      {dropped ? <Notice tone="success">{t("items.dropped", { title: dropped })}</Notice> : null}
      {plan.items.length === 0 ? (
        <p>{t("items.empty")}</p>
      ) : (
        <>
          {mayAct ? <p className="muted">{t("items.runHint")}</p> : null}
          <div className="table-wrap" tabIndex={0}>
            <table className="plan-items stack-table">
              <thead>
                <tr>
                  <th scope="col">{t("items.column.position")}</th>
                  <th scope="col">{t("items.column.title")}</th>
                  <th scope="col">{t("items.column.keyword")}</th>
                  <th scope="col">{volumeHeading}</th>
                  <th scope="col">{t("items.column.competition")}</th>
                  <th scope="col">{t("items.column.status")}</th>
                  <th scope="col">{t("items.column.scheduled")}</th>
                  <th scope="col">{t("items.column.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {plan.items.map((item) => (
                  <ItemRow
                    key={item.id}
                    planId={plan.id}
                    item={item}
                    volumeHeading={volumeHeading}
                    mayAct={mayAct}
                    onDropped={setDropped}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** After an item changes: the plan and the list's counts. */
function invalidateAfterItemChange(queryClient: QueryClient, planId: string) {
  void queryClient.invalidateQueries({ queryKey: planKey(planId) });
  void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
}

function ItemRow({
  planId,
  item,
  volumeHeading,
  mayAct,
  onDropped,
}: {
  planId: string;
  item: PlanItem;
  volumeHeading: string;
  /** The caller's role may change and run topics: else the row only reads. */
  mayAct: boolean;
  onDropped(title: string | null): void;
}) {
  const { t, number, dateTime } = useMessages(planMessages);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  // "Saved." speaks of the item as it was edited: once its status moves on (queued, published), it goes.
  const [savedAt, setSavedAt] = useState<PlanItem["status"] | null>(null);
  const saved = savedAt === item.status;
  const setSaved = (didSave: boolean) => setSavedAt(didSave ? item.status : null);
  const editButton = useRef<HTMLButtonElement>(null);

  const drop = useMutation({
    mutationFn: () => unwrap(api.DELETE("/api/autopilot/items/{itemId}", { params: { path: { itemId: item.id } } })),
    onSuccess: () => {
      onDropped(item.title);
      invalidateAfterItemChange(queryClient, planId);
    },
  });
  const run = useMutation({
    mutationKey: runKey(planId),
    mutationFn: () => unwrap(api.POST("/api/autopilot/items/{itemId}/run", { params: { path: { itemId: item.id } } })),
    onMutate: () => {
      // The price is reserved and the item turns QUEUED at once: while the run is pending the plan
      // screen refetches the plan and the balance (refetchInterval), so the progress shows.
      setSaved(false);
    },
    onSettled: () => {
      invalidateAfterItemChange(queryClient, planId);
      // Charged when it succeeds, refunded when it fails: the balance moves either way.
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
      void queryClient.invalidateQueries({ queryKey: ["/api/autopilot/articles"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/autopilot/report"] });
    },
  });

  const editable = mayAct && EDITABLE.includes(item.status);
  const runnable = mayAct && RUNNABLE.includes(item.status);
  const busy = drop.isPending || run.isPending;

  const closeEditor = (didSave: boolean) => {
    setEditing(false);
    setSaved(didSave);
    // Back to the button that opened the editor (it renders again on the next frame).
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <>
      <tr data-testid={`item-${item.id}`}>
        <td className="item-number item-position" data-label={t("items.column.position")}>
          {number(item.position)}
        </td>
        <th scope="row" className="item-title cell-name">
          {item.title}
        </th>
        <td data-label={t("items.column.keyword")}>{item.targetKeyword}</td>
        <td className="item-number" data-label={volumeHeading}>
          {number(item.monthlyVolume)}
        </td>
        <td data-label={t("items.column.competition")}>{t(`competition.${item.competition}`)}</td>
        <td className="item-status" data-label={t("items.column.status")}>
          <ItemStatusBadge status={item.status} />
          <ItemProgress item={item} />
          <ItemSiteHealth planId={planId} item={item} mayAct={mayAct} />
        </td>
        {isDue(item) ? (
          // A past time shown as a time would look as if nothing were wrong: it waits for the clock's next tick.
          <td className="item-scheduled" title={dateTime(item.scheduledAt!)} data-label={t("items.column.scheduled")}>
            {t("items.due")}
          </td>
        ) : (
          <td className="item-scheduled" data-label={t("items.column.scheduled")}>
            {item.scheduledAt ? dateTime(item.scheduledAt) : t("items.notScheduled")}
          </td>
        )}
        <td className="cell-wide" data-label={t("items.column.actions")}>
          <ItemLinks planId={planId} item={item} />
          {editable || runnable || run.isPending ? (
            <div className="item-actions">
              {editable ? (
                <button
                  ref={editButton}
                  type="button"
                  className="secondary"
                  aria-label={t("items.editLabel", { title: item.title })}
                  aria-expanded={editing}
                  disabled={busy}
                  onClick={() => {
                    setSaved(false);
                    setEditing((open) => !open);
                  }}
                >
                  {t("items.edit")}
                </button>
              ) : null}
              {editable ? (
                <button
                  type="button"
                  className="danger secondary"
                  aria-label={t("items.dropLabel", { title: item.title })}
                  disabled={busy}
                  onClick={() => {
                    if (!window.confirm(t("items.dropConfirm", { title: item.title }))) return;
                    onDropped(null);
                    drop.mutate();
                  }}
                >
                  {drop.isPending ? t("items.dropping") : t("items.drop")}
                </button>
              ) : null}
              {runnable || run.isPending ? (
                <button type="button" aria-label={t("items.runLabel", { title: item.title })} disabled={busy} onClick={() => run.mutate()}>
                  {run.isPending ? t("items.running") : t("items.run")}
                </button>
              ) : null}
            </div>
          ) : null}
          {drop.error || run.error || saved || run.isPending || run.data ? (
            <div className="item-outcome">
              <ErrorNotice error={drop.error ?? run.error} />
              {saved ? <Notice tone="success">{t("items.saved")}</Notice> : null}
              {run.isPending ? <Notice>{t("items.runWaiting", { title: item.title })}</Notice> : null}
              {run.data ? (
                <Notice tone="success">
                  {t("items.runDone")} <Link href={`/articles/${String(run.data.articleId)}`}>{t("items.runOpenArticle")}</Link>
                  {run.data.url ? (
                    <>
                      {" · "}
                      <a href={run.data.url} target="_blank" rel="noopener noreferrer">
                        {t("items.runOpenPage")}
                      </a>
                    </>
                  ) : null}
                </Notice>
              ) : null}
            </div>
          ) : null}
        </td>
      </tr>
      {editing ? (
        <tr className="item-editing">
          <td colSpan={ITEM_COLUMNS} className="cell-wide">
            <ItemEditor item={item} planId={planId} onClose={closeEditor} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The stage of a run under way (with its struggles), a failure's reason, a hold by the quality gate, and automatic retries. */
function ItemProgress({ item }: { item: PlanItem }) {
  const { t, dateTime, number } = useMessages(planMessages);
  const quality = useMessages(qualityMessages);
  const codeText = useCodeText();
  const running = IN_FLIGHT.includes(item.status);
  return (
    <>
      {running && item.stage ? (
        <p>
          <strong>{stageLabel(item.stage, t)}</strong>
          {item.stageTry > 1 ? ` · ${t("items.stageTry", { count: number(item.stageTry) })}` : ""}
        </p>
      ) : null}
      {running && item.lastError ? <p>{t("items.lastError")}</p> : null}
      {running && item.nextTryAt ? <p>{t("items.nextTry", { time: dateTime(item.nextTryAt) })}</p> : null}
      {item.status === "FAILED" ? (
        <p className="field-error">
          {t("items.failure", { reason: item.failureCode ? codeText(item.failureCode) : t("items.failureUnknown") })}
        </p>
      ) : null}
      {item.status === "REVIEW" && item.reviewReasons.length > 0 ? <p className="held-note">{quality.t("held")}</p> : null}
      {item.automaticRetries > 0 ? <p className="muted">{t("items.retries", { count: number(item.automaticRetries) })}</p> : null}
    </>
  );
}

/** The pipeline's stages: an enum of the API's OpenAPI document (web/test/stages.test.ts checks each has words). */
type Stage = NonNullable<PlanItem["stage"]>;

function stageLabel(stage: Stage, t: ReturnType<typeof useMessages<keyof typeof planMessages.en>>["t"]): string {
  return t(`stage.${stage}`);
}

function ItemLinks({ planId, item }: { planId: string; item: PlanItem }) {
  const { t } = useMessages(planMessages);
  if (!item.articleId && !item.url && !item.researched) return null;
  return (
    <div className="item-links">
      {item.articleId ? (
        <Link href={`/articles/${item.articleId}`} aria-label={t("items.articleLabel", { title: item.title })}>
          {t("items.article")}
        </Link>
      ) : null}
      {item.url ? (
        <a href={item.url} target="_blank" rel="noopener noreferrer" aria-label={t("items.livePageLabel", { title: item.title })}>
          {t("items.livePage")}
        </a>
      ) : null}
      {item.researched ? (
        <Link href={itemPath(planId, item.id)} aria-label={t("items.researchLabel", { title: item.title })}>
          {t("items.research")}
        </Link>
      ) : null}
    </div>
  );
}

/** Title and target keyword of a PLANNED or SCHEDULED item; what was typed stays when saving fails. */
function ItemEditor({ item, planId, onClose }: { item: PlanItem; planId: string; onClose(saved: boolean): void }) {
  const { t } = useMessages(planMessages);
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(item.title);
  const [keyword, setKeyword] = useState(item.targetKeyword);
  const save = useMutation({
    mutationFn: () => {
      const body: { title?: string; targetKeyword?: string } = {};
      if (title !== item.title) body.title = title;
      if (keyword !== item.targetKeyword) body.targetKeyword = keyword;
      return unwrap(api.PATCH("/api/autopilot/items/{itemId}", { params: { path: { itemId: item.id } }, body }));
    },
    onSuccess: (updated) => {
      queryClient.setQueryData<Plan>(planKey(planId), (plan) =>
        plan ? { ...plan, items: plan.items.map((each) => (each.id === updated.id ? updated : each)) } : plan,
      );
      invalidateAfterItemChange(queryClient, planId);
      onClose(true);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title === item.title && keyword === item.targetKeyword) onClose(false);
    else save.mutate();
  };
  const commonText = useMessages(common);
  return (
    <form className="item-edit-form" onSubmit={submit} noValidate aria-label={t("items.editTitle", { position: item.position })}>
      <h3>{t("items.editTitle", { position: item.position })}</h3>
      <ErrorNotice error={save.error} />
      <TextField
        label={t("items.titleField")}
        value={title}
        maxLength={TITLE_MAX}
        required
        autoFocus
        onChange={(e) => setTitle(e.target.value)}
        error={fieldError(save.error, "title")}
        aside={<LengthCounter length={title.length} min={1} max={TITLE_MAX} />}
      />
      <TextField
        label={t("items.keywordField")}
        value={keyword}
        maxLength={KEYWORD_MAX}
        required
        onChange={(e) => setKeyword(e.target.value)}
        error={fieldError(save.error, "targetKeyword")}
        aside={<LengthCounter length={keyword.length} min={1} max={KEYWORD_MAX} />}
      />
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? commonText.t("action.saving") : commonText.t("action.save")}
        </button>
        <button type="button" className="secondary" disabled={save.isPending} onClick={() => onClose(false)}>
          {commonText.t("action.cancel")}
        </button>
      </div>
    </form>
  );
}
