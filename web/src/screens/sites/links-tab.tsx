// A site's Links tab: the counts of its internal link graph, the pages nothing links to, the broken
// links with the address they should go to, and the link suggestions with Apply and Revert (editors).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, type Schemas, unwrap } from "../../api/client";
import { Badge, CheckField, ErrorNotice, Loading, Notice } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useRole } from "../../lib/current-member";
import { linkMessages } from "./links-messages";
import { type Site, siteKey } from "./shared";
import "./links.css";

type Suggestion = Schemas["LinkSuggestion"];

/** GET /api/sites/{siteId}/links and …/links/suggestions: an apply or revert changes both. */
export const linksKey = (siteId: string) => ["/api/sites/{siteId}/links", siteId] as const;
const suggestionsKey = (siteId: string) => ["/api/sites/{siteId}/links/suggestions", siteId] as const;

export function LinksTab({ site }: { site: Site }) {
  const { t, number } = useMessages(linkMessages);
  const graph = useQuery({
    queryKey: linksKey(site.id),
    queryFn: () => unwrap(api.GET("/api/sites/{siteId}/links", { params: { path: { siteId: site.id }, query: { limit: 100 } } })),
  });
  if (!graph.data) return graph.isPending ? <Loading /> : <ErrorNotice error={graph.error} onRetry={() => void graph.refetch()} />;
  const { stats, orphans, broken } = graph.data;
  return (
    <div className="links-tab">
      <h2>{t("links.title")}</h2>
      <p>{t("links.intro")}</p>
      <dl className="link-stats">
        {(["pages", "links", "orphans", "broken"] as const).map((name) => (
          <div key={name}>
            <dt>{t(`links.stat.${name}`)}</dt>
            <dd>{number(stats[name])}</dd>
          </div>
        ))}
      </dl>
      <h3>{t("links.orphans.title")}</h3>
      {orphans.length === 0 ? (
        <p>{t("links.orphans.none")}</p>
      ) : (
        <ul>
          {orphans.map((page) => (
            <li key={page.url}>
              <a href={page.url} target="_blank" rel="noreferrer">
                {page.url}
              </a>
            </li>
          ))}
        </ul>
      )}
      {orphans.length < stats.orphans ? <p>{t("links.more", { shown: orphans.length, total: stats.orphans })}</p> : null}
      <h3>{t("links.broken.title")}</h3>
      {broken.length === 0 ? (
        <p>{t("links.broken.none")}</p>
      ) : (
        <div className="table-box" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t("links.broken.from")}</th>
                <th scope="col">{t("links.broken.to")}</th>
                <th scope="col">{t("links.broken.status")}</th>
                <th scope="col">{t("links.broken.suggested")}</th>
              </tr>
            </thead>
            <tbody>
              {broken.map((link) => (
                <tr key={`${link.fromUrl} ${link.toUrl} ${link.anchor}`}>
                  <td>{link.fromUrl}</td>
                  <td>
                    {link.toUrl} <span className="muted">“{link.anchor}”</span>
                  </td>
                  <td>
                    {link.status} {t(`links.broken.${link.reason}`)}
                  </td>
                  <td>{link.suggestedUrl ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LinkSuggestions site={site} />
    </div>
  );
}

function LinkSuggestions({ site }: { site: Site }) {
  const { t } = useMessages(linkMessages);
  const { can } = useRole();
  const editor = can("publish", site.id);
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const suggestions = useQuery({
    queryKey: suggestionsKey(site.id),
    queryFn: () => unwrap(api.GET("/api/sites/{siteId}/links/suggestions", { params: { path: { siteId: site.id } } })),
  });
  const act = useMutation({
    mutationFn: ({ suggestion, action }: { suggestion: Suggestion; action: "apply" | "revert" }) =>
      unwrap(
        api.POST(`/api/sites/{siteId}/links/suggestions/{id}/${action}`, {
          params: { path: { siteId: site.id, id: suggestion.id } },
        }),
      ),
    onMutate: () => setDone(null),
    onSuccess: (row, { action }) => setDone(t(action === "apply" ? "suggestions.applied" : "suggestions.reverted", { url: row.fromUrl })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: suggestionsKey(site.id) });
      void queryClient.invalidateQueries({ queryKey: linksKey(site.id) });
    },
  });
  const items = suggestions.data?.items ?? [];
  return (
    <section aria-labelledby="link-suggestions">
      <h3 id="link-suggestions">{t("suggestions.title")}</h3>
      <p>{t("suggestions.intro")}</p>
      {can("admin", site.id) && site.platform === "blog" ? <AutoLinksField site={site} /> : null}
      {!editor ? <Notice>{t("suggestions.readOnly")}</Notice> : null}
      {done ? <Notice tone="success">{done}</Notice> : null}
      {act.error ? <ErrorNotice error={act.error} /> : null}
      {suggestions.isPending ? <Loading /> : null}
      {suggestions.error ? <ErrorNotice error={suggestions.error} onRetry={() => void suggestions.refetch()} /> : null}
      {suggestions.data && items.length === 0 ? <p>{t("suggestions.none")}</p> : null}
      {items.length > 0 ? (
        <div className="table-box" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t("suggestions.from")}</th>
                <th scope="col">{t("suggestions.to")}</th>
                <th scope="col">{t("suggestions.change")}</th>
                <th scope="col">{t("suggestions.state")}</th>
                {editor ? <td /> : null}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>{item.fromUrl}</td>
                  <td>{item.toUrl}</td>
                  <td>
                    <SentenceChange item={item} />
                  </td>
                  <td>
                    <Badge status={item.state} label={t(`suggestions.state.${item.state}`)} />
                  </td>
                  {editor ? (
                    <td>
                      {item.state === "suggested" || item.state === "reverted" ? (
                        <button type="button" disabled={act.isPending} onClick={() => act.mutate({ suggestion: item, action: "apply" })}>
                          {t("suggestions.apply")}
                        </button>
                      ) : null}
                      {item.state === "applied" ? (
                        <button type="button" disabled={act.isPending} onClick={() => act.mutate({ suggestion: item, action: "revert" })}>
                          {t("suggestions.revert")}
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** The sentence as text, the anchor marked: what the apply changes, without rendering the post's HTML. */
function SentenceChange({ item }: { item: Suggestion }) {
  const text = new DOMParser().parseFromString(item.sentence, "text/html").body.textContent ?? "";
  const at = text.indexOf(item.anchor);
  if (at < 0) return <span>{text}</span>;
  return (
    <span>
      {text.slice(0, at)}
      <mark>{item.anchor}</mark>
      {text.slice(at + item.anchor.length)}
    </span>
  );
}

function AutoLinksField({ site }: { site: Site }) {
  const { t } = useMessages(linkMessages);
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (autoLinks: boolean) =>
      unwrap(api.PATCH("/api/sites/{siteId}", { params: { path: { siteId: site.id } }, body: { autoLinks } })),
    onSuccess: (updated) => queryClient.setQueryData(siteKey(site.id), updated),
  });
  return (
    <>
      <CheckField
        label={t("autoLinks.label")}
        hint={t("autoLinks.hint")}
        checked={change.variables ?? site.autoLinks}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.checked)}
      />
      {change.error ? <ErrorNotice error={change.error} /> : null}
    </>
  );
}
