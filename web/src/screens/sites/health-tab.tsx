// A site's Health tab: searches its pages compete for (merge or differentiate) and articles without
// traction (wait, improve, merge, noindex, unpublish), each action started, applied and undone here.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Schemas, unwrap } from "../../api/client";
import { ErrorNotice, Loading } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useRole } from "../../lib/current-member";
import { SiteHealthCard } from "./health-card";
import { healthMessages } from "./health-messages";
import { useSearchFormat } from "./search-shared";
import type { Site } from "./shared";

type HealthAction = Schemas["HealthAction"];
type Cannibal = Schemas["CannibalizedQuery"];
type Traction = Schemas["TractionItem"];

export const cannibalizationKey = (siteId: string) => ["/api/sites/{siteId}/cannibalization", siteId] as const;
export const tractionKey = (siteId: string) => ["/api/sites/{siteId}/traction", siteId] as const;
export const healthActionsKey = (siteId: string) => ["/api/sites/{siteId}/health-actions", siteId] as const;

/** The mutations of the tab: start an action from a list, apply or undo one; every list is read again after. */
function useHealthMutations(siteId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const key of [cannibalizationKey(siteId), tractionKey(siteId), healthActionsKey(siteId)])
      void queryClient.invalidateQueries({ queryKey: key });
  };
  const path = { siteId };
  const cannibal = useMutation({
    mutationFn: (body: { query: string; action: "merge" | "differentiate" }) =>
      unwrap(api.POST("/api/sites/{siteId}/cannibalization/actions", { params: { path }, body })),
    onSettled: refresh,
  });
  const traction = useMutation({
    mutationFn: (body: { articleId: string; action: "improve" | "merge" | "noindex" | "unpublish" }) =>
      unwrap(api.POST("/api/sites/{siteId}/traction/actions", { params: { path }, body })),
    onSettled: refresh,
  });
  const step = useMutation({
    mutationFn: ({ actionId, name }: { actionId: string; name: "apply" | "revert" }) =>
      name === "apply"
        ? unwrap(api.POST("/api/sites/{siteId}/health-actions/{actionId}/apply", { params: { path: { siteId, actionId } } }))
        : unwrap(api.POST("/api/sites/{siteId}/health-actions/{actionId}/revert", { params: { path: { siteId, actionId } } })),
    onSettled: refresh,
  });
  const busy = cannibal.isPending || traction.isPending || step.isPending;
  return { cannibal, traction, step, busy, error: cannibal.error ?? traction.error ?? step.error };
}

export function SiteHealthTab({ site }: { site: Site }) {
  const { t } = useMessages(healthMessages);
  const mayAct = useRole().can("publish", site.id);
  const path = { siteId: site.id };
  const cannibalization = useQuery({
    queryKey: cannibalizationKey(site.id),
    queryFn: () => unwrap(api.GET("/api/sites/{siteId}/cannibalization", { params: { path } })),
  });
  const traction = useQuery({
    queryKey: tractionKey(site.id),
    queryFn: () => unwrap(api.GET("/api/sites/{siteId}/traction", { params: { path } })),
  });
  const actions = useQuery({
    queryKey: healthActionsKey(site.id),
    queryFn: () => unwrap(api.GET("/api/sites/{siteId}/health-actions", { params: { path } })),
    enabled: site.platform === "blog",
  });
  const mutations = useHealthMutations(site.id);
  const byQuery = new Map((actions.data?.items ?? []).filter((a) => a.query).map((a) => [a.query!, a]));

  return (
    <div className="site-health">
      <SiteHealthCard siteId={site.id} />
      {cannibalization.isPending || traction.isPending ? <Loading /> : null}
      <ErrorNotice error={cannibalization.error} onRetry={() => void cannibalization.refetch()} />
      <ErrorNotice error={traction.error} onRetry={() => void traction.refetch()} />
      {cannibalization.data && cannibalization.data.syncedAt === null ? <p>{t("health.notSynced")}</p> : null}
      {mayAct ? <p className="muted">{t("action.charged")}</p> : null}
      <ErrorNotice error={mutations.error} />
      <section aria-labelledby="cannibal-title">
        <h2 id="cannibal-title">{t("cannibal.title")}</h2>
        <p className="muted">{t("cannibal.intro")}</p>
        {cannibalization.data?.items.length === 0 ? <p>{t("cannibal.empty")}</p> : null}
        {cannibalization.data && cannibalization.data.items.length > 0 ? (
          <div className="table-wrap" tabIndex={0}>
            <table className="stack-table search-table">
              <thead>
                <tr>
                  <th scope="col">{t("cannibal.query")}</th>
                  <th scope="col">{t("cannibal.pages")}</th>
                  <th scope="col">{t("cannibal.suggestion")}</th>
                  {mayAct ? <th scope="col">{t("action.column")}</th> : null}
                </tr>
              </thead>
              <tbody>
                {cannibalization.data.items.map((item) => (
                  <CannibalRow key={item.query} item={item} action={byQuery.get(item.query)} mayAct={mayAct} mutations={mutations} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="traction-title">
        <h2 id="traction-title">{t("traction.title")}</h2>
        <p className="muted">{t("traction.intro")}</p>
        {traction.data && traction.data.syncedAt !== null && traction.data.items.length === 0 ? <p>{t("traction.empty")}</p> : null}
        {traction.data && traction.data.items.length > 0 ? (
          <div className="table-wrap" tabIndex={0}>
            <table className="stack-table search-table">
              <thead>
                <tr>
                  <th scope="col">{t("traction.article")}</th>
                  <th scope="col">{t("traction.figures")}</th>
                  <th scope="col">{t("traction.state")}</th>
                  <th scope="col">{t("traction.suggestion")}</th>
                  {mayAct ? <th scope="col">{t("action.column")}</th> : null}
                </tr>
              </thead>
              <tbody>
                {traction.data.items.map((item) => (
                  <TractionRow key={item.articleId} item={item} mayAct={mayAct} mutations={mutations} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}

type Mutations = ReturnType<typeof useHealthMutations>;

function CannibalRow({
  item,
  action,
  mayAct,
  mutations,
}: {
  item: Cannibal;
  action: HealthAction | undefined;
  mayAct: boolean;
  mutations: Mutations;
}) {
  const { t } = useMessages(healthMessages);
  const { number, position } = useSearchFormat();
  return (
    <tr data-testid="cannibalized-query">
      <th scope="row" className="cell-name">
        {item.query}
      </th>
      <td data-label={t("cannibal.pages")} className="cell-wide">
        <ul className="plain-list">
          {item.pages.map((page) => (
            <li key={page.url}>
              {t("cannibal.page", {
                url: page.url,
                impressions: number(page.impressions),
                clicks: number(page.clicks),
                position: position(page.position),
              })}
            </li>
          ))}
        </ul>
      </td>
      <td data-label={t("cannibal.suggestion")}>
        {t(`cannibal.${item.suggestion}`)}
        <p className="muted">{item.reason}</p>
      </td>
      {mayAct ? (
        <td data-label={t("action.column")} className="cell-wide">
          {action && action.state !== "failed" && action.state !== "reverted" ? (
            <ActionSteps action={action} mutations={mutations} />
          ) : (
            <div className="actions">
              {(["merge", "differentiate"] as const).map((name) => (
                <button
                  key={name}
                  type="button"
                  className={name === item.suggestion ? undefined : "secondary"}
                  disabled={mutations.busy}
                  onClick={() => mutations.cannibal.mutate({ query: item.query, action: name })}
                >
                  {t(`cannibal.${name}`)}
                </button>
              ))}
            </div>
          )}
        </td>
      ) : null}
    </tr>
  );
}

function TractionRow({ item, mayAct, mutations }: { item: Traction; mayAct: boolean; mutations: Mutations }) {
  const { t } = useMessages(healthMessages);
  const { number } = useSearchFormat();
  const open = item.action && item.action.state !== "failed" && item.action.state !== "reverted";
  const suggestion = item.suggestion;
  return (
    <tr data-testid="traction-item">
      <th scope="row" className="cell-name">
        <a href={item.url} target="_blank" rel="noreferrer">
          {item.title}
        </a>
      </th>
      <td data-label={t("traction.figures")}>
        {number(item.impressions)} / {number(item.clicks)}
      </td>
      <td data-label={t("traction.state")}>{t(`traction.state.${item.state}`)}</td>
      <td data-label={t("traction.suggestion")}>
        {t(`traction.suggestion.${suggestion}`)}
        {item.mergeInto ? <span className="muted"> {t("traction.mergeInto", { url: item.mergeInto })}</span> : null}
      </td>
      {mayAct ? (
        <td data-label={t("action.column")} className="cell-wide">
          {open && item.action ? (
            <ActionSteps action={item.action} mutations={mutations} />
          ) : suggestion !== "wait" ? (
            <button
              type="button"
              disabled={mutations.busy}
              onClick={() => mutations.traction.mutate({ articleId: item.articleId, action: suggestion })}
            >
              {mutations.traction.isPending && mutations.traction.variables?.articleId === item.articleId
                ? t("action.working")
                : t(`traction.suggestion.${suggestion}`)}
            </button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}

/** Where an action stands, with the step it may take next: apply a suggestion, undo what was applied. */
function ActionSteps({ action, mutations }: { action: Pick<HealthAction, "id" | "state">; mutations: Mutations }) {
  const { t } = useMessages(healthMessages);
  return (
    <div className="actions">
      <span>{t(`action.state.${action.state}`)}</span>
      {action.state === "suggested" ? (
        <button type="button" disabled={mutations.busy} onClick={() => mutations.step.mutate({ actionId: action.id, name: "apply" })}>
          {t("action.apply")}
        </button>
      ) : null}
      {action.state === "applied" ? (
        <button
          type="button"
          className="secondary"
          disabled={mutations.busy}
          onClick={() => mutations.step.mutate({ actionId: action.id, name: "revert" })}
        >
          {t("action.revert")}
        </button>
      ) : null}
    </div>
  );
}
