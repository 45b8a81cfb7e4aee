import { and, count, desc, eq } from "drizzle-orm";
import { AppError, notFound } from "../core/errors";
import { newId } from "../core/ids";
import { log } from "../core/logger";
import { webhookDeliveries } from "../db/schema";
import type { Services } from "../services/container";
import { getSiteOfPlatform, type SiteRow } from "../sites/service";
import { attemptDelivery, claimAttempt, postSigned, signingSecrets, type DeliveryRow } from "./deliver";
import { pingBody } from "./payload";

/** GET /sites/{siteId}/webhooks/deliveries: newest first. */
export async function listDeliveries(services: Services, accountId: string, siteId: string, page: { page: number; perPage: number }) {
  await getSiteOfPlatform(services.db, accountId, siteId, "custom");
  const d = webhookDeliveries;
  const ofSite = and(eq(d.accountId, accountId), eq(d.siteId, siteId));
  // One round trip: the page and the count.
  const [rows, [total]] = await services.db.batch([
    services.db
      .select()
      .from(d)
      .where(ofSite)
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    services.db.select({ total: count() }).from(d).where(ofSite),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/**
 * POST …/deliveries/{deliveryId}/redeliver: one more attempt now, with the same delivery id (so
 * a receiver that already has it drops it), answered when the receiver has answered. A failure
 * goes on with the retry schedule where the delivery's attempts left it. 409 while an attempt
 * is under way.
 */
export async function redeliver(
  services: Services,
  accountId: string,
  siteId: string,
  deliveryId: string,
  now = new Date(),
): Promise<DeliveryRow> {
  await getSiteOfPlatform(services.db, accountId, siteId, "custom");
  const claimed = await claimAttempt(services, { id: deliveryId, accountId, siteId, anyStatus: true }, now);
  if (!claimed) {
    const [existing] = await services.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.siteId, siteId)));
    if (!existing) throw notFound("Delivery");
    throw new AppError(
      "delivery_in_progress",
      `An attempt of delivery ${deliveryId} is under way; read the delivery again in a few seconds`,
    );
  }
  log("info", "webhook_redeliver", { deliveryId, siteId, attempt: claimed.attempts });
  return attemptDelivery(services, claimed, now);
}

/** POST /sites/{siteId}/webhooks/test: a signed `ping` to the webhook URL, not recorded and not retried. */
export async function sendTestPing(services: Services, accountId: string, siteId: string, now = new Date()) {
  const site = await webhookSiteOf(services, accountId, siteId);
  const deliveryId = newId("whd");
  const secrets = await signingSecrets(services, site, now);
  const started = Date.now();
  const outcome = await postSigned(services, {
    url: site.webhookUrl!,
    secrets,
    body: pingBody(siteId, now),
    deliveryId,
    event: "ping",
    now,
  });
  log("info", "webhook_ping", { siteId, deliveryId, statusCode: outcome.statusCode, ok: outcome.ok });
  return {
    event: "ping" as const,
    deliveryId,
    delivered: outcome.ok,
    statusCode: outcome.statusCode,
    error: outcome.error,
    errorCode: outcome.errorCode,
    durationMs: Date.now() - started,
  };
}

/** A custom site that has a webhook URL: 404 for another account's, 409 for another platform or no URL. */
async function webhookSiteOf(services: Services, accountId: string, siteId: string): Promise<SiteRow> {
  const site = await getSiteOfPlatform(services.db, accountId, siteId, "custom");
  if (!site.webhookUrl || !site.webhookSecretEncrypted) {
    throw new AppError(
      "webhook_url_missing",
      `Site ${siteId} has no webhook URL; set one with PATCH /api/sites/${siteId} {"webhookUrl": "…"}`,
    );
  }
  return site;
}
