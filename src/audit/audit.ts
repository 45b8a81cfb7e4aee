import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { type AuditVia, auditEvents, members, users } from "../db/schema";
import type { Caller } from "../http/context";
import { type LabelledTarget, labelColumns, thingsStillThere } from "./labels";

// The account's audit log: who did what and when. An event is written in the same batch as the
// change it records when the change is one batch (`auditStatement`), else right after it
// (`recordAudit`); it is never edited. Actions are `<thing>.<verb>` words, listed in docs/guides/teams.md.

export type AuditActor =
  | Pick<Caller, "memberId" | "via">
  | { memberId: null; via: "operator" | "approval_link" | "system"; label?: string };

export interface AuditEntry extends LabelledTarget {
  action: string;
  detail?: Record<string, unknown>;
}

const LABELS: Record<Exclude<AuditVia, "session" | "token" | "oauth">, string> = {
  operator: "operator",
  approval_link: "approval link",
  system: "system",
};

/**
 * The insert of one event; the actor's email, the thing's label, its site and the site's name are
 * read in the same statement (src/audit/labels.ts), so the event keeps them as they were.
 */
export function auditStatement(db: Database, accountId: string, actor: AuditActor, entry: AuditEntry): BatchItem<"sqlite"> {
  const label = "label" in actor && actor.label ? actor.label : (LABELS[actor.via as keyof typeof LABELS] ?? "member");
  const actorEmail = actor.memberId
    ? sql`coalesce((SELECT ${users.email} FROM ${members} JOIN ${users} ON ${users.id} = ${members.userId} WHERE ${members.id} = ${actor.memberId}), ${label})`
    : sql`${label}`;
  const labels = labelColumns(accountId, entry);
  return db.insert(auditEvents).values({
    accountId,
    memberId: actor.memberId,
    actor: actorEmail,
    via: actor.via,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    siteId: labels.siteId,
    targetLabel: labels.targetLabel,
    siteLabel: labels.siteLabel,
    detail: entry.detail ?? null,
  });
}

/** Records one event now (after the change it records). */
export async function recordAudit(db: Database, accountId: string, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await auditStatement(db, accountId, actor, entry);
}

export type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * Newest first, by id; `before` is the last id of the page read (the next page's cursor). With the
 * page, which of the things it names still exist (`<type>:<id>`), for the panel's links.
 */
export async function listAudit(
  db: Database,
  accountId: string,
  filters: { action?: string; memberId?: string; targetType?: string; targetId?: string; before?: number; limit: number },
  reader?: Pick<Caller, "memberId" | "siteIds">,
): Promise<{ events: AuditEventRow[]; nextBefore: number | null; stillThere: Set<string> }> {
  const conditions = [eq(auditEvents.accountId, accountId)];
  // A reader limited to some sites sees the events of those sites and their own acts.
  if (reader?.siteIds) {
    const ofTheirSites = inArray(auditEvents.siteId, reader.siteIds);
    conditions.push(reader.memberId ? or(ofTheirSites, eq(auditEvents.memberId, reader.memberId))! : ofTheirSites);
  }
  if (filters.action)
    conditions.push(
      filters.action.endsWith(".")
        ? sql`${auditEvents.action} LIKE ${`${filters.action.replace(/[\\%_]/g, "\\$&")}%`} ESCAPE '\\'`
        : eq(auditEvents.action, filters.action),
    );
  if (filters.memberId) conditions.push(eq(auditEvents.memberId, filters.memberId));
  if (filters.targetType) conditions.push(eq(auditEvents.targetType, filters.targetType));
  if (filters.targetId) conditions.push(eq(auditEvents.targetId, filters.targetId));
  if (filters.before) conditions.push(lt(auditEvents.id, filters.before));
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(filters.limit + 1);
  const events = rows.slice(0, filters.limit);
  const named = events.flatMap((event) => [
    { type: event.targetType, id: event.targetId },
    { type: "site", id: event.siteId },
  ]);
  return {
    events,
    nextBefore: rows.length > filters.limit ? events[events.length - 1]!.id : null,
    stillThere: await thingsStillThere(db, accountId, named),
  };
}
