import { and, eq, sql } from "drizzle-orm";
import { emailErrorCode, RETRYABLE_EMAIL_CODES } from "../adapters/email/port";
import { ProviderError } from "../adapters/provider-error";
import { decryptSecret, requireEncryptionKey } from "../core/crypto";
import { log } from "../core/logger";
import type { EmailSend } from "../core/queue-messages";
import { toIsoSeconds } from "../core/time";
import { emailOutbox, members, type EmailStatus } from "../db/schema";
import type { Services } from "../services/container";
import { isOptionalKind, parseEmailData } from "./kinds";
import { actionUrl, panelOrigin, settingsUrl, unsubscribeUrl } from "./links";
import { emailNamesOf } from "./names";
import { renderEmail } from "./templates";
import { unsubscribeToken } from "./unsubscribe-token";

/**
 * Tries of one message before it stays failed: the webhook queue delivers a message up to 9
 * times (max_retries 8), so the row gives up first and never hangs in `pending`.
 */
export const EMAIL_MAX_ATTEMPTS = 8;
/** The daily quota comes back slowly: a message that met it waits an hour before its next try. */
const DAILY_LIMIT_RETRY_SECONDS = 60 * 60;

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * The `email.send` handler: claims the row (pending → sending) or, when it is not pending (sent,
 * being sent, given up), does nothing, so a redelivered message never sends twice. A member who
 * left or turned the kind off meanwhile is skipped. A retryable failure (§7.2) puts the row back
 * to pending and throws, so the queue tries again; any other failure, or the last try, leaves it
 * failed with the binding's code. A crash between the send and the mark leaves it `sending`:
 * at most once, never twice.
 */
export async function sendQueuedEmail(services: Services, message: EmailSend, now = new Date()): Promise<void> {
  const { db } = services;
  const [row] = await db
    .update(emailOutbox)
    .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1` })
    .where(and(eq(emailOutbox.id, message.emailId), eq(emailOutbox.status, "pending")))
    .returning();
  if (!row) {
    log("info", "email_not_pending", { emailId: message.emailId });
    return;
  }
  const skipped = await whyNotWanted(services, row);
  if (skipped) return finish(services, row, "skipped", { error: skipped });

  const parsed = parseEmailData(row.kind, row.data);
  const origin = panelOrigin(services.config);
  if (!parsed || !origin) {
    const error = parsed ? "E_NO_PUBLIC_BASE_URL" : "E_DATA_INVALID";
    log("error", "email_not_renderable", { emailId: row.id, kind: row.kind, error });
    return finish(services, row, "failed", { error });
  }
  const action =
    "urlEncrypted" in parsed.data
      ? await decryptSecret(requireEncryptionKey(services.encryptionKey), parsed.data.urlEncrypted).catch(() => null)
      : actionUrl(origin, parsed as Parameters<typeof actionUrl>[1]);
  if (action === null) {
    log("error", "email_not_renderable", { emailId: row.id, kind: row.kind, error: "E_DATA_INVALID" });
    return finish(services, row, "failed", { error: "E_DATA_INVALID" });
  }
  const unsubscribe =
    row.memberId && isOptionalKind(parsed.kind)
      ? unsubscribeUrl(origin, await unsubscribeToken(services.encryptionKey, row.memberId, parsed.kind))
      : null;
  // Every message, an invitation too, names the account and its sites by their display names, never
  // by the e-mail address the account was made with; a sign-up's confirmation has no account yet.
  const names = await emailNamesOf(db, row.accountId);
  const rendered = renderEmail(parsed, {
    locale: row.locale,
    account: names.account,
    siteNames: names.sites,
    actionUrl: action,
    unsubscribeUrl: unsubscribe,
    settingsUrl: settingsUrl(origin),
  });
  const headers: Record<string, string> = { "Auto-Submitted": "auto-generated" };
  // The binding accepts only an https List-Unsubscribe (RFC 8058 one-click needs it too).
  if (unsubscribe?.startsWith("https://") || (unsubscribe && services.config.email.provider === "dev")) {
    headers["List-Unsubscribe"] = `<${unsubscribe}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }

  let messageId: string;
  try {
    ({ messageId } = await services.email().send({ from: services.config.email.from, to: row.toEmail, ...rendered, headers }));
  } catch (error) {
    const code = emailErrorCode(error);
    const retry = RETRYABLE_EMAIL_CODES.has(code) && row.attempts < EMAIL_MAX_ATTEMPTS;
    log(retry ? "warn" : "error", "email_send_failed", { emailId: row.id, kind: row.kind, code, attempts: row.attempts, retry });
    await finish(services, row, retry ? "pending" : "failed", { error: code });
    if (retry) {
      const wait = code === "E_DAILY_LIMIT_EXCEEDED" ? DAILY_LIMIT_RETRY_SECONDS : null;
      throw new ProviderError("rate_limited", "Cloudflare Email Service", `E-mail ${row.id} not sent yet (${code})`, wait);
    }
    return;
  }
  await finish(services, row, "sent", { messageId, sentAt: toIsoSeconds(now), error: null });
  log("info", "email_sent", { emailId: row.id, kind: row.kind, attempts: row.attempts });
}

/** Why a member's message is no longer wanted (removed, or the kind turned off since it was queued); null when it is. */
async function whyNotWanted(services: Services, row: OutboxRow): Promise<string | null> {
  if (!row.memberId || !row.accountId) return null;
  const [member] = await services.db
    .select({ emailOff: members.emailOff })
    .from(members)
    .where(and(eq(members.id, row.memberId), eq(members.accountId, row.accountId)));
  if (!member) return "member_removed";
  return isOptionalKind(row.kind) && (member.emailOff ?? []).includes(row.kind) ? "turned_off" : null;
}

/** Moves the claimed row on; only a row still `sending` (ours) is moved. */
async function finish(
  services: Services,
  row: OutboxRow,
  status: Exclude<EmailStatus, "sending">,
  fields: { error: string | null; messageId?: string; sentAt?: string },
): Promise<void> {
  await services.db
    .update(emailOutbox)
    .set({ status, ...fields })
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending")));
}
