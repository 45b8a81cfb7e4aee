import type { Schemas } from "../../api/client";
import { Badge } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { articleMessages } from "./messages";

type IndexNow = Schemas["ArticleIndexNow"];
type Status = NonNullable<IndexNow>["status"];

/** The badge colour each answer takes (the words carry the meaning). */
const TONES: Record<Status, string> = {
  pending: "queued",
  submitted: "success",
  accepted: "pending",
  key_invalid: "failed",
  rejected: "failed",
  failed: "failed",
};

/**
 * The article's announcement to IndexNow after its last publish or update: the engines' answer in
 * words, when, and whether anything left the machine; before the first announcement, when it comes.
 */
export function IndexNowStatus({ indexNow, site }: { indexNow: IndexNow; site: Schemas["Site"] | undefined }) {
  const { t, dateTime } = useMessages(articleMessages);
  if (!indexNow) {
    return (
      <span data-testid="index-now-status">
        {site?.platform === "forum" ? t("indexNow.forum") : t("indexNow.none")}
        <span className="index-now-note muted">{t("indexNow.about")}</span>
      </span>
    );
  }
  const when = dateTime(indexNow.submittedAt);
  return (
    <span data-testid="index-now-status">
      <Badge status={TONES[indexNow.status]} label={t(`indexNow.badge.${indexNow.status}`)} /> {t(`indexNow.${indexNow.status}`)}
      {indexNow.offline ? ` ${t("indexNow.offline")}` : null}
      <span className="index-now-note muted">
        {indexNow.httpStatus === null ? when : t("indexNow.whenStatus", { when, status: indexNow.httpStatus })}
      </span>
      {indexNow.status === "key_invalid" && site?.indexNow ? (
        <span className="index-now-note">
          {t("indexNow.keyAt")} <code>{site.indexNow.keyUrl}</code>
        </span>
      ) : null}
    </span>
  );
}
