// Settings → Audit log (/settings/audit, admins and owners): who did what and when, newest first,
// filtered by the kind of action and by member, paged by the API's `before` cursor.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api/client";
import { useMembers } from "../../api/query-keys";
import { RoleGate } from "../../components/role-notice";
import { ErrorNotice, Loading, PageTitle, SelectField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useSearchParam } from "../../lib/url";
import { AUDIT_KINDS, auditMessages } from "./audit-messages";
import { AuditTable } from "./audit-table";
import { settingsMessages } from "./messages";
import "./members.css";
import { SettingsTabs } from "./settings-tabs";

const PER_PAGE = 25;
const AUDIT_KEY = ["/api/audit"] as const;

export function AuditScreen() {
  const { t } = useMessages(auditMessages);
  const settings = useMessages(settingsMessages);
  const title = `${t("title")} · ${settings.t("title")}`;
  return (
    <RoleGate permission="admin" title={t("title")} denied="denied.audit">
      <section aria-labelledby="page-title">
        <PageTitle title={title}>{t("title")}</PageTitle>
        <SettingsTabs />
        <p>{t("intro")}</p>
        <AuditLog />
      </section>
    </RoleGate>
  );
}

function AuditLog() {
  const { t } = useMessages(auditMessages);
  const members = useMembers();
  const [kind, setKind] = useSearchParam("kind");
  const [memberId, setMemberId] = useSearchParam("member");
  const [beforeParam, setBefore] = useSearchParam("before");
  const before = beforeParam && /^\d+$/.test(beforeParam) ? Number(beforeParam) : undefined;
  // The cursors of the newer pages seen, to step back to; a bookmarked page starts without them.
  const [newer, setNewer] = useState<(number | undefined)[]>([]);
  const knownKind = AUDIT_KINDS.find((candidate) => candidate === kind);
  const query = { action: knownKind ? `${knownKind}.` : undefined, memberId: memberId ?? undefined, before, limit: PER_PAGE };
  const events = useQuery({
    queryKey: [...AUDIT_KEY, query],
    queryFn: () => unwrap(api.GET("/api/audit", { params: { query } })),
    placeholderData: keepPreviousData,
  });
  const filter = (set: (value: string | null) => void) => (value: string) => {
    setNewer([]);
    set(value || null);
    setBefore(null);
  };
  const filtered = Boolean(knownKind || memberId);
  return (
    <>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <SelectField label={t("filter.kind")} value={knownKind ?? ""} onChange={(event) => filter(setKind)(event.target.value)}>
          <option value="">{t("filter.anyKind")}</option>
          {AUDIT_KINDS.map((candidate) => (
            <option key={candidate} value={candidate}>
              {t(`kind.${candidate}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("filter.member")} value={memberId ?? ""} onChange={(event) => filter(setMemberId)(event.target.value)}>
          <option value="">{t("filter.anyMember")}</option>
          {(members.data?.members ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {member.email}
            </option>
          ))}
        </SelectField>
      </form>
      {events.isPending ? <Loading /> : null}
      <ErrorNotice error={events.error} onRetry={() => void events.refetch()} />
      {events.data && events.data.items.length === 0 ? <p>{filtered ? t("list.emptyFiltered") : t("list.empty")}</p> : null}
      {events.data && events.data.items.length > 0 ? <AuditTable events={events.data.items} /> : null}
      {events.data && (before !== undefined || events.data.nextBefore !== null) ? (
        <nav className="pager" aria-label={t("list.caption")}>
          {before !== undefined ? (
            <button
              type="button"
              className="secondary"
              onClick={() => {
                const previous = newer.at(-1);
                setNewer(newer.slice(0, -1));
                setBefore(previous === undefined ? null : String(previous));
              }}
            >
              ← {newer.length > 0 ? t("page.newer") : t("page.newest")}
            </button>
          ) : null}
          {events.data.nextBefore !== null ? (
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setNewer([...newer, before]);
                setBefore(String(events.data.nextBefore));
              }}
            >
              {t("page.older")} →
            </button>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
