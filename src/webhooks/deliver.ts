import { and, asc, eq, lte, or, sql } from "drizzle-orm";
import { decryptSecret, requireEncryptionKey } from "../core/crypto";
import { AppError } from "../core/errors";
import { log } from "../core/logger";
import { assertOutboundUrl } from "../core/outbound-url";
import { toIsoSeconds } from "../core/time";
import { type DeliveryErrorCode, sites, webhookDeliveries } from "../db/schema";
import type { Services } from "../services/container";
import type { SiteRow } from "../sites/service";
import { webhookBody } from "./payload";
import { retryDelaySeconds } from "./schedule";
import { signatureHeaders } from "./signature";
import { WEBHOOK_MESSAGE, type DeliveryWakeUp } from "../core/queue-messages";
import { wakeDelivery } from "../services/webhook-wake";

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** What one POST to the receiver came to. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  errorCode: DeliveryErrorCode | null;
  /** Retrying cannot help (no webhook URL any more, a refused address, a deleted article). */
  permanent?: boolean;
}

/** A pending delivery whose wake-up is this late is woken by the cron tick (a lost message, a dev restart). */
const OVERDUE_GRACE_MS = 60_000;
/** Wake-ups the cron tick sends at most per tick. */
const OVERDUE_BATCH = 500;

/** The queue consumer's work: one attempt, when the message is not stale (another sender took it). */
export async function deliverFromQueue(services: Services, wake: DeliveryWakeUp, now = new Date()): Promise<void> {
  const claimed = await claimAttempt(services, { id: wake.deliveryId, attempts: wake.attempts }, now);
  if (!claimed) return;
  await attemptDelivery(services, claimed, now);
}

/**
 * Takes the next attempt of a delivery: one conditional UPDATE moves it to `sending`, counts the
 * attempt and sets when it counts as lost. Only one sender wins it; a wake-up for an attempt
 * already made (or a delivery already delivered) claims nothing.
 */
export async function claimAttempt(
  services: Services,
  target: { id: string; attempts?: number; accountId?: string; siteId?: string; anyStatus?: boolean },
  now: Date,
): Promise<DeliveryRow | undefined> {
  const at = toIsoSeconds(now);
  const lostAt = toIsoSeconds(new Date(now.getTime() + services.config.webhookTimeoutMs + 60_000));
  const d = webhookDeliveries;
  const claimable = target.anyStatus ? sql`${d.status} <> 'sending'` : sql`${d.status} = 'pending'`;
  const [claimed] = await services.db
    .update(d)
    .set({ status: "sending", attempts: sql`${d.attempts} + 1`, nextAttemptAt: lostAt, updatedAt: at })
    .where(
      and(
        eq(d.id, target.id),
        target.accountId === undefined ? undefined : eq(d.accountId, target.accountId),
        target.siteId === undefined ? undefined : eq(d.siteId, target.siteId),
        target.attempts === undefined ? undefined : eq(d.attempts, target.attempts),
        or(claimable, and(eq(d.status, "sending"), lte(d.nextAttemptAt, at))),
      ),
    )
    .returning();
  return claimed;
}

/**
 * Makes a claimed attempt and records how it went: delivered on any 2xx; otherwise pending with
 * the next attempt scheduled (and a delayed wake-up), or failed after the last attempt or when
 * retrying cannot help.
 */
export async function attemptDelivery(services: Services, delivery: DeliveryRow, now = new Date()): Promise<DeliveryRow> {
  const outcome = await postDelivery(services, delivery, now).catch((error: unknown): AttemptOutcome => {
    // Our own fault (the database, the media bucket): counted like a failed attempt, so the schedule still ends.
    log("error", "webhook_attempt_error", { deliveryId: delivery.id, error: String(error) });
    return {
      ok: false,
      statusCode: null,
      error: "The attempt could not be made (an internal error); it will be retried",
      errorCode: "internal_error",
    };
  });
  const at = toIsoSeconds(new Date());
  const delay = outcome.ok || outcome.permanent ? null : retryDelaySeconds(delivery.attempts);
  const status = outcome.ok ? "delivered" : delay === null ? "failed" : "pending";
  const [recorded] = await services.db
    .update(webhookDeliveries)
    .set({
      status,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      lastErrorCode: outcome.errorCode,
      deliveredAt: outcome.ok ? at : undefined,
      nextAttemptAt: delay === null ? null : toIsoSeconds(new Date(Date.now() + delay * 1000)),
      updatedAt: at,
    })
    // Only while the claim is still ours: a lost attempt re-claimed by the cron tick records its own.
    .where(
      and(
        eq(webhookDeliveries.id, delivery.id),
        eq(webhookDeliveries.attempts, delivery.attempts),
        eq(webhookDeliveries.status, "sending"),
      ),
    )
    .returning();
  const fields = {
    deliveryId: delivery.id,
    siteId: delivery.siteId,
    webhookEvent: delivery.event,
    attempt: delivery.attempts,
    statusCode: outcome.statusCode,
  };
  if (outcome.ok) log("info", "webhook_delivered", fields);
  else
    log(status === "failed" ? "error" : "warn", status === "failed" ? "webhook_failed" : "webhook_retry", {
      ...fields,
      error: outcome.error,
      retryInSeconds: delay,
    });
  if (recorded && delay !== null) await wakeDelivery(services, { deliveryId: delivery.id, attempts: delivery.attempts }, delay);
  return recorded ?? delivery;
}

/** One signed POST of the delivery to the site's current webhook URL with its current secret. */
async function postDelivery(services: Services, delivery: DeliveryRow, now: Date): Promise<AttemptOutcome> {
  const [site] = await services.db
    .select()
    .from(sites)
    .where(and(eq(sites.id, delivery.siteId), eq(sites.accountId, delivery.accountId)));
  if (!site || site.status === "DISCONNECTED" || !site.webhookUrl || !site.webhookSecretEncrypted) {
    return { ok: false, statusCode: null, error: "The site has no webhook URL any more", errorCode: "no_webhook_url", permanent: true };
  }
  const body = await webhookBody(services, delivery);
  if (body === null)
    return {
      ok: false,
      statusCode: null,
      error: "The article of this delivery no longer exists",
      errorCode: "article_gone",
      permanent: true,
    };
  const secrets = await signingSecrets(services, site, now);
  return postSigned(services, { url: site.webhookUrl, secrets, body, deliveryId: delivery.id, event: delivery.event, now });
}

/** The site's webhook secret, and the one a rotation replaced while its 24 hours last. */
export async function signingSecrets(services: Pick<Services, "encryptionKey">, site: SiteRow, now: Date): Promise<string[]> {
  const key = requireEncryptionKey(services.encryptionKey);
  const secrets = [await decryptSecret(key, site.webhookSecretEncrypted!)];
  if (site.previousWebhookSecretEncrypted && site.previousWebhookSecretUntil && site.previousWebhookSecretUntil > toIsoSeconds(now)) {
    secrets.push(await decryptSecret(key, site.previousWebhookSecretEncrypted));
  }
  return secrets;
}

/**
 * Signs `body` and POSTs those exact bytes. The URL passes the outbound check again first (the
 * rules or the address may have changed since it was stored); redirects are not followed, so a
 * 3xx is a failed attempt like any other non-2xx.
 */
export async function postSigned(
  services: Pick<Services, "fetch" | "config">,
  input: { url: string; secrets: string[]; body: string; deliveryId: string; event: string; now: Date },
): Promise<AttemptOutcome> {
  let url: string;
  try {
    url = assertOutboundUrl(input.url, { allowPrivate: services.config.allowPrivateUrls, field: "webhookUrl" });
  } catch (error) {
    if (error instanceof AppError)
      return { ok: false, statusCode: null, error: error.message, errorCode: "address_refused", permanent: true };
    throw error;
  }
  const timestamp = Math.floor(input.now.getTime() / 1000);
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": "content-autopilot-webhooks/1",
    ...(await signatureHeaders({ secrets: input.secrets, body: input.body, deliveryId: input.deliveryId, event: input.event, timestamp })),
  };
  const timeoutMs = services.config.webhookTimeoutMs;
  try {
    const response = await services.fetch(url, {
      method: "POST",
      headers,
      body: input.body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status >= 200 && response.status < 300) {
      await response.body?.cancel();
      return { ok: true, statusCode: response.status, error: null, errorCode: null };
    }
    const excerpt = (await response.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 200);
    return {
      ok: false,
      statusCode: response.status,
      error: `The receiver answered HTTP ${response.status}${excerpt ? `: ${excerpt}` : ""}`,
      errorCode: "receiver_status",
    };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    if (timedOut) return { ok: false, statusCode: null, error: `No answer within ${timeoutMs / 1000} s`, errorCode: "receiver_timeout" };
    // The runtime's own text ("internal error; reference = …") means nothing to the user: it goes to the log.
    log("info", "webhook_receiver_unreachable", { deliveryId: input.deliveryId, error: String(error) });
    return {
      ok: false,
      statusCode: null,
      error: "Could not connect to the receiver (no answer from its address: is the server up and the URL right?)",
      errorCode: "receiver_unreachable",
    };
  }
}

/**
 * The cron tick's part: deliveries whose next attempt is overdue (their wake-up was lost) or
 * whose attempt never finished (the Worker stopped mid-attempt) are woken again. Duplicate
 * wake-ups are harmless: each claims by attempt count, so one attempt is made.
 */
export async function wakeOverdueDeliveries(services: Services, now: Date): Promise<number> {
  const d = webhookDeliveries;
  const overdue = await services.db
    .select({ id: d.id, attempts: d.attempts })
    .from(d)
    .where(
      or(
        and(eq(d.status, "pending"), lte(d.nextAttemptAt, toIsoSeconds(new Date(now.getTime() - OVERDUE_GRACE_MS)))),
        and(eq(d.status, "sending"), lte(d.nextAttemptAt, toIsoSeconds(now))),
      ),
    )
    .orderBy(asc(d.nextAttemptAt))
    .limit(OVERDUE_BATCH);
  if (overdue.length === 0) return 0;
  try {
    for (let i = 0; i < overdue.length; i += 100) {
      await services.queues.webhooks.sendBatch(
        overdue.slice(i, i + 100).map((row) => ({ body: { type: WEBHOOK_MESSAGE, deliveryId: row.id, attempts: row.attempts } })),
      );
    }
  } catch (error) {
    log("warn", "webhook_wake_failed", { count: overdue.length, error: String(error) });
  }
  return overdue.length;
}
