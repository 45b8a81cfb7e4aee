// The brief for a role that may read it but not change it (below editor): its fields as text.
import type { Schemas } from "../../api/client";
import { useMessages } from "../../i18n/language";
import { siteMessages } from "./messages";

export function BriefRead({ brief }: { brief: Schemas["SiteBrief"] }) {
  const { t, dateTime, number } = useMessages(siteMessages);
  const none = t("overview.none");
  const text = (value: string | null | undefined) => (value?.trim() ? value : none);
  const topics = brief.topicsToAvoid ?? [];
  return (
    <div data-testid="brief-read">
      <p className="muted">{t("brief.updatedAt", { time: dateTime(brief.updatedAt) })}</p>
      <dl className="site-facts brief-read">
        <dt>{t("brief.business")}</dt>
        <dd>{text(brief.business)}</dd>
        <dt>{t("brief.audience")}</dt>
        <dd>{text(brief.audience)}</dd>
        <dt>{t("brief.tone")}</dt>
        <dd>{text(brief.tone)}</dd>
        <dt>{t("brief.topics")}</dt>
        <dd>{topics.length > 0 ? topics.join(", ") : t("brief.topicsEmpty")}</dd>
        <dt>{t("brief.notes")}</dt>
        <dd>{text(brief.notes)}</dd>
        <dt>{t("brief.authorName")}</dt>
        <dd>{text(brief.authorName)}</dd>
        <dt>{t("brief.organizationName")}</dt>
        <dd>{text(brief.organizationName)}</dd>
        <dt>{t("brief.logoUrl")}</dt>
        <dd>{text(brief.logoUrl)}</dd>
        <dt>{t("gate.minContentScore")}</dt>
        <dd>{brief.minContentScore === null || brief.minContentScore === undefined ? none : number(brief.minContentScore)}</dd>
      </dl>
    </div>
  );
}
