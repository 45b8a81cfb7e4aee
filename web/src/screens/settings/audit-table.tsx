// The audit log's rows: when, who (and how: panel, token, app, client link), what in words, and
// what it was about (by the name it had then, linked to the plan, article, site or post while it exists).
import { Link } from "wouter";
import type { Schemas } from "../../api/client";
import { useMembers } from "../../api/query-keys";
import { useRoleName } from "../../components/role-notice";
import { useMessages } from "../../i18n/language";
import { ROLES, type Role } from "../../lib/roles";
import { auditMessages } from "./audit-messages";
import { type AuditLink, auditSite, auditTarget } from "./audit-target";

type AuditEvent = Schemas["AuditEvent"];
type Key = keyof typeof auditMessages.en;

export function AuditTable({ events }: { events: AuditEvent[] }) {
  const { t } = useMessages(auditMessages);
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="stack-table audit-table">
        <caption className="visually-hidden">{t("list.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("list.when")}</th>
            <th scope="col">{t("list.who")}</th>
            <th scope="col">{t("list.what")}</th>
            <th scope="col">{t("list.about")}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <AuditRow key={event.id} event={event} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditRow({ event }: { event: AuditEvent }) {
  const { t, dateTime } = useMessages(auditMessages);
  const members = useMembers();
  // An older event has no label: a member or an invitation goes by the event's email (or the
  // member's as listed now), a token by the name in its detail.
  const isPerson = event.targetType === "member" || event.targetType === "invitation";
  const olderName = isPerson
    ? (stringOf(event.detail?.email) ?? members.data?.members.find((member) => member.id === event.targetId)?.email)
    : event.targetType === "token"
      ? stringOf(event.detail?.name)
      : undefined;
  const named = { ...event, targetLabel: event.targetLabel ?? olderName ?? null };
  const target = auditTarget(named, t, auditMessages.en);
  const site = auditSite(event, t);
  const details = useDetailWords()(event.detail, {
    email: !(isPerson && named.targetLabel),
    name: !(event.targetType === "token" && named.targetLabel),
  });
  return (
    <tr data-testid={`audit-${event.id}`}>
      <th scope="row" className="cell-name nowrap">
        {dateTime(event.at)}
      </th>
      <td data-label={t("list.who")} className="audit-who cell-wide">
        {event.memberId ? event.actor : actorWords(t, event)}
        <div className="muted">{t(`via.${event.via}`)}</div>
      </td>
      <td data-label={t("list.what")} className="cell-wide">
        <ActionWords action={event.action} />
        {details ? <div className="muted audit-detail">{details}</div> : null}
      </td>
      <td data-label={t("list.about")} className="audit-about cell-wide">
        {target ? <TargetLink link={target} /> : null}
        {site ? (
          <div className="muted">
            <TargetLink link={site} />
          </div>
        ) : null}
      </td>
    </tr>
  );
}

/** A link while the thing exists, plain text once it is gone. */
function TargetLink({ link }: { link: AuditLink }) {
  return link.href ? <Link href={link.href}>{link.text}</Link> : <span>{link.text}</span>;
}

function actorWords(t: (key: Key) => string, event: AuditEvent): string {
  const key = `actor.${event.via}` as Key;
  return key in auditMessages.en ? t(key) : event.actor;
}

/** The action in words; an action the panel has no words for yet, as the API writes it. */
function ActionWords({ action }: { action: string }) {
  const { t } = useMessages(auditMessages);
  const key = `action.${action}` as Key;
  return key in auditMessages.en ? t(key) : <code>{action}</code>;
}

const stringOf = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

const isRole = (value: unknown): value is Role => typeof value === "string" && (ROLES as readonly string[]).includes(value);

/** The few details worth a sentence (the email, the roles, a token's name, the MCP tool, a client's comment); others are left out. */
function useDetailWords(): (detail: AuditEvent["detail"], say: { email: boolean; name: boolean }) => string {
  const { t } = useMessages(auditMessages);
  const roleName = useRoleName();
  return (detail, shown) => {
    if (!detail) return "";
    const words: string[] = [];
    const say = (key: Key, value: unknown) => words.push(t(key, { value: String(value) }));
    if (shown.email && typeof detail.email === "string") say("detail.email", detail.email);
    if (shown.name && typeof detail.name === "string") say("detail.name", detail.name);
    if (isRole(detail.role)) say("detail.role", roleName(detail.role));
    if (isRole(detail.from)) say("detail.from", roleName(detail.from));
    if ("siteIds" in detail) {
      const ids = detail.siteIds;
      if (Array.isArray(ids) && ids.length > 0) say("detail.sites", ids.join(", "));
      else words.push(t("detail.sitesAll"));
    }
    if (typeof detail.tool === "string") say("detail.tool", detail.tool);
    if (typeof detail.comment === "string" && detail.comment !== "") say("detail.comment", detail.comment);
    return words.join(" · ");
  };
}
