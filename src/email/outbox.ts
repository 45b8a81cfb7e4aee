import { and, count, eq, gt, inArray, ne } from "drizzle-orm";
import { toIsoSeconds } from "../core/time";
import { newId } from "../core/ids";
import { log } from "../core/logger";
import { EMAIL_SEND_MESSAGE, type EmailSend } from "../core/queue-messages";
import { emailOutbox, members, users, type EmailKind, type Locale } from "../db/schema";
import type { Services } from "../services/container";
import { EMAIL_AUDIENCE, type EmailData, type OptionalEmailKind } from "./kinds";

// The outbox: one row per event and recipient, its dedupe key unique, so an event replayed (a
// Workflow step run again, a callback repeated, a cron tick twice) finds its rows there and
// queues nothing new. Each new row gets an `email.send` message on the webhook queue; the
// sender claims the row before it sends (src/email/send.ts).

/**
 * What queuing needs: the database, the config (EMAIL_PROVIDER) and, when the caller has it, the
 * webhook queue. A row queued without the queue (or whose message was lost) is sent by the cron
 * tick's sweep (src/email/cron.ts).
 */
export type EmailDeps = Pick<Services, "db" | "config"> & { queues?: Partial<Services["queues"]> };

export interface NewEmail {
  /** Null for a sign-up's confirmation: no account exists yet. */
  accountId: string | null;
  kind: EmailKind;
  /** Unique across the outbox: `<kind>:<event>:<member>` (`invitation:<invitation id>`). */
  dedupeKey: string;
  /** Null for an invitation (the invitee is not a member yet). */
  memberId: string | null;
  toEmail: string;
  locale: Locale;
  data: Record<string, unknown>;
}

/** A member who wants to be told of a kind, with the address and language to tell them in. */
export interface Recipient {
  memberId: string;
  email: string;
  locale: Locale;
  siteIds: string[] | null;
}

// An outbox row binds up to 14 values; D1 takes at most 100 a statement.
const ROWS_PER_INSERT = 6;

/**
 * Stores the rows whose dedupe key is new and queues a send for each; returns their ids. With
 * EMAIL_PROVIDER=off the rows are stored as `skipped` (what would have gone out is still known)
 * and nothing is queued. An account that queued EMAIL_DAILY_LIMIT_PER_ACCOUNT e-mails in the last
 * 24 hours has the rest stored as `skipped` (E_DAILY_BUDGET), so one account cannot spend the
 * sending quota every account shares.
 */
export async function queueEmails(deps: EmailDeps, emails: NewEmail[]): Promise<string[]> {
  const off = deps.config.email.provider === "off";
  const left = off ? new Map<string, number>() : await budgetsLeft(deps, emails);
  const rows = emails.map((email) => {
    // A sign-up's confirmation (no account) is bounded by the sign-up limits instead.
    if (email.accountId === null)
      return {
        id: newId("eml"),
        ...email,
        status: off ? ("skipped" as const) : ("pending" as const),
        error: off ? "EMAIL_PROVIDER=off" : null,
      };
    const budget = left.get(email.accountId) ?? 0;
    if (!off) left.set(email.accountId, budget - 1);
    const skip = off ? "EMAIL_PROVIDER=off" : budget <= 0 ? "E_DAILY_BUDGET" : null;
    return { id: newId("eml"), ...email, status: skip ? ("skipped" as const) : ("pending" as const), error: skip };
  });
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const inserted = await deps.db
      .insert(emailOutbox)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflictDoNothing({ target: emailOutbox.dedupeKey })
      .returning({ id: emailOutbox.id, status: emailOutbox.status, accountId: emailOutbox.accountId });
    for (const row of inserted) {
      if (row.status === "skipped" && !off) log("warn", "email_daily_budget_spent", { accountId: row.accountId });
      if (row.status === "pending" || off) ids.push(row.id);
    }
  }
  if (!off && ids.length > 0) await wakeEmailSender(deps, ids);
  return ids;
}

/** How many e-mails each account of `emails` may still queue in the rolling day. */
async function budgetsLeft(deps: EmailDeps, emails: NewEmail[]): Promise<Map<string, number>> {
  const since = toIsoSeconds(new Date(Date.now() - 24 * 60 * 60_000));
  const left = new Map<string, number>();
  for (const accountId of new Set(emails.flatMap((email) => (email.accountId ? [email.accountId] : [])))) {
    const [queued] = await deps.db
      .select({ total: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.accountId, accountId), gt(emailOutbox.createdAt, since), ne(emailOutbox.status, "skipped")));
    left.set(accountId, deps.config.email.dailyLimitPerAccount - (queued?.total ?? 0));
  }
  return left;
}

/** Queues `email.send` for each id; a failure is logged, and the cron tick's sweep sends them later. */
export async function wakeEmailSender(deps: EmailDeps, emailIds: string[]): Promise<void> {
  const queue = deps.queues?.webhooks;
  if (!queue) {
    log("warn", "email_queue_unavailable", { emails: emailIds.length });
    return;
  }
  try {
    await queue.sendBatch(
      emailIds.map((emailId) => ({ body: { type: EMAIL_SEND_MESSAGE, emailId } satisfies EmailSend & { type: string } })),
    );
  } catch (error) {
    log("error", "email_queue_failed", { emails: emailIds.length, error: String(error) });
  }
}

/**
 * The account's members told of `kind`: the kind's roles (EMAIL_AUDIENCE), who have not turned
 * it off, and, for an event of one site, whose membership is not limited to other sites.
 */
export async function recipientsOf(deps: Pick<Services, "db">, accountId: string, kind: OptionalEmailKind, siteId: string | null) {
  const rows = await deps.db
    .select({ memberId: members.id, email: users.email, locale: users.locale, siteIds: members.siteIds, emailOff: members.emailOff })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.accountId, accountId), inArray(members.role, [...EMAIL_AUDIENCE[kind]])));
  return rows
    .filter((row) => !(row.emailOff ?? []).includes(kind) && (siteId === null || row.siteIds === null || row.siteIds.includes(siteId)))
    .map(({ emailOff: _, ...recipient }): Recipient => recipient);
}

/**
 * Tells the account's members of one event: a row for each member who wants `kind` (and may see
 * the event's site, `data.siteId`), keyed `<kind>:<eventKey>:<memberId>`, so the same event never
 * sends twice. Returns the ids of the rows it queued (none for a replay).
 */
export async function notifyMembers<K extends OptionalEmailKind>(
  deps: EmailDeps,
  accountId: string,
  kind: K,
  eventKey: string,
  data: EmailData<K>,
): Promise<string[]> {
  const siteId = "siteId" in data && typeof data.siteId === "string" ? data.siteId : null;
  const recipients = await recipientsOf(deps, accountId, kind, siteId);
  return queueEmails(
    deps,
    recipients.map((recipient) => ({
      accountId,
      kind,
      dedupeKey: `${kind}:${eventKey}:${recipient.memberId}`,
      memberId: recipient.memberId,
      toEmail: recipient.email,
      locale: recipient.locale,
      data,
    })),
  );
}
