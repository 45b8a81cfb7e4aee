import { and, eq } from "drizzle-orm";
import { errorFields, log } from "../core/logger";
import { members, users } from "../db/schema";
import type { EmailData } from "./kinds";
import { type EmailDeps, queueEmails, type Recipient, recipientsOf } from "./outbox";

// A client answered an approval link (src/approvals/answer.ts): the link's maker and the site's
// editors are told, each in their own language, unless they turned the kind off. One row per
// link and member (`client_answered:<linkId>:<memberId>`): a link is answered once, and an
// answer request sent again finds the rows there and queues nothing new.

export interface ClientAnswer {
  accountId: string;
  linkId: string;
  /** The member who made the link (null: unknown, or made by a token of no member). */
  makerId: string | null;
  data: EmailData<"client_answered">;
}

/** Queues the "a client answered" e-mails of one answer; never throws (a failure is logged). Returns the ids queued now. */
export async function notifyClientAnswered(deps: EmailDeps, answer: ClientAnswer): Promise<string[]> {
  try {
    const editors = await recipientsOf(deps, answer.accountId, "client_answered", answer.data.siteId);
    const maker = await makerRecipient(deps, answer);
    const recipients = maker && !editors.some((editor) => editor.memberId === maker.memberId) ? [maker, ...editors] : editors;
    return await queueEmails(
      deps,
      recipients.map((recipient) => ({
        accountId: answer.accountId,
        kind: "client_answered" as const,
        dedupeKey: `client_answered:${answer.linkId}:${recipient.memberId}`,
        memberId: recipient.memberId,
        toEmail: recipient.email,
        locale: recipient.locale,
        data: answer.data,
      })),
    );
  } catch (error) {
    log("error", "email_event_failed", { event: "client_answered", linkId: answer.linkId, ...errorFields(error) });
    return [];
  }
}

/** The link's maker, when still a member who may see the site and has not turned the kind off. */
async function makerRecipient(deps: EmailDeps, answer: ClientAnswer): Promise<Recipient | null> {
  if (!answer.makerId) return null;
  const [maker] = await deps.db
    .select({ memberId: members.id, email: users.email, locale: users.locale, siteIds: members.siteIds, emailOff: members.emailOff })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.id, answer.makerId), eq(members.accountId, answer.accountId)));
  if (!maker || (maker.emailOff ?? []).includes("client_answered")) return null;
  if (maker.siteIds !== null && !maker.siteIds.includes(answer.data.siteId)) return null;
  const { emailOff: _, ...recipient } = maker;
  return recipient;
}
