// A writer's edit of a published article waits as its pending revision (writers cannot publish):
// everyone who reads the article sees that it waits; editors and above publish or discard it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Schemas, unwrap } from "../../api/client";
import { ErrorNotice, Notice } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useRole } from "../../lib/current-member";
import { articleMessages } from "./messages";
import { ARTICLES_KEY, articleKey } from "./shared";

type Article = Schemas["Article"];

export function RevisionPanel({ article }: { article: Article }) {
  const { t, dateTime } = useMessages(articleMessages);
  const queryClient = useQueryClient();
  const mayPublish = useRole().can("publish", article.siteId);
  const path = { params: { path: { articleId: article.id } } };
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: articleKey(article.id) });
    void queryClient.invalidateQueries({ queryKey: ARTICLES_KEY });
  };
  const publish = useMutation({
    mutationFn: () => unwrap(api.POST("/api/autopilot/articles/{articleId}/revision/publish", path)),
    onSuccess: settled,
  });
  const discard = useMutation({
    mutationFn: () => unwrap(api.DELETE("/api/autopilot/articles/{articleId}/revision", path)),
    onSuccess: settled,
  });
  const revision = article.pendingRevision;
  if (!revision) return null;
  const fields = Object.keys(revision.fields)
    .map((name) => (name === "html" ? t("revision.body") : name))
    .join(", ");
  const date = dateTime(revision.updatedAt);
  return (
    <Notice tone="info">
      <h2>{t("revision.title")}</h2>
      <p>{revision.by.email ? t("revision.by", { email: revision.by.email, date, fields }) : t("revision.byUnknown", { date, fields })}</p>
      <ErrorNotice error={publish.error ?? discard.error} />
      {mayPublish ? (
        <div className="actions">
          <button type="button" disabled={publish.isPending || discard.isPending} onClick={() => publish.mutate()}>
            {t("revision.publish")}
          </button>
          <button type="button" className="secondary" disabled={publish.isPending || discard.isPending} onClick={() => discard.mutate()}>
            {t("revision.discard")}
          </button>
        </div>
      ) : null}
    </Notice>
  );
}
