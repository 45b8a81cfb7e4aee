// A site's health at a glance: the score and one figure per list, each linking to its list. Shown
// at the top of the site's Health tab and, per site, on the overview.
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { api, type Schemas, unwrap } from "../../api/client";
import { ErrorNotice } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { healthCardMessages } from "./health-card-messages";

type SiteHealth = Schemas["SiteHealth"];

export const siteHealthKey = (siteId: string) => ["/api/sites/{siteId}/health", siteId] as const;

export function useSiteHealth(siteId: string, enabled = true) {
  return useQuery({
    queryKey: siteHealthKey(siteId),
    queryFn: () => unwrap(api.GET("/api/sites/{siteId}/health", { params: { path: { siteId } } })),
    enabled,
  });
}

/** Where each figure's list is: the site's tabs. */
function listOf(siteId: string, figure: "pace" | "cannibalized" | "orphans" | "broken" | "noTraction" | "decaying"): string {
  const tab = { pace: "overview", cannibalized: "health", noTraction: "health", orphans: "links", broken: "links", decaying: "search" }[
    figure
  ];
  return `/sites/${siteId}?tab=${tab}`;
}

export function SiteHealthCard({ siteId, title }: { siteId: string; title?: string }) {
  const { t } = useMessages(healthCardMessages);
  const health = useSiteHealth(siteId);
  const headingId = `health-card-${siteId}`;
  return (
    <section className="card health-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title ?? t("health.title")}</h2>
      <ErrorNotice error={health.error} onRetry={() => void health.refetch()} />
      {health.data ? <HealthFigures siteId={siteId} data={health.data} /> : null}
      {health.isPending && !health.error ? (
        // The figures' room, kept while they load (the same lines, unseen): nothing below the card jumps when they come.
        <div className="health-figures-loading" aria-hidden="true">
          <HealthFigures siteId={siteId} data={LOADING_FIGURES} />
        </div>
      ) : null}
    </section>
  );
}

/** What stands in for the figures while they load: the lines they will take. */
const LOADING_FIGURES: Pick<SiteHealth, "score" | "pace" | "cannibalized" | "orphans" | "broken" | "noTraction" | "decaying"> = {
  score: 100,
  pace: { newLast7Days: 0, newLast28Days: 0, maxNewPerWeek: 0 },
  cannibalized: 0,
  orphans: 0,
  broken: 0,
  noTraction: 0,
  decaying: 0,
};

function HealthFigures({ siteId, data }: { siteId: string; data: typeof LOADING_FIGURES }) {
  const { t } = useMessages(healthCardMessages);
  const figures = [
    ["cannibalized", data.cannibalized],
    ["orphans", data.orphans],
    ["broken", data.broken],
    ["noTraction", data.noTraction],
    ["decaying", data.decaying],
  ] as const;
  const overPace = data.pace.newLast7Days > data.pace.maxNewPerWeek;
  return (
    <>
      <p className="stat">{t("health.score", { score: data.score })}</p>
      <ul className="health-figures">
        {figures.map(([name, count]) => (
          <li key={name} className={count > 0 ? "warn" : undefined}>
            <Link href={listOf(siteId, name)}>{t(`health.${name}`, { count })}</Link>
          </li>
        ))}
        <li className={overPace ? "warn" : undefined}>
          <Link href={listOf(siteId, "pace")}>
            {t("health.pace", {
              week: data.pace.newLast7Days,
              month: data.pace.newLast28Days,
              max: data.pace.maxNewPerWeek,
            })}
          </Link>
        </li>
      </ul>
    </>
  );
}
