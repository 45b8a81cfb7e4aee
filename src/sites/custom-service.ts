import { toIsoSeconds } from "../core/time";
import { encryptSecret, randomHex, requireEncryptionKey } from "../core/crypto";
import { newId } from "../core/ids";
import { log } from "../core/logger";
import { assertOutboundUrl } from "../core/outbound-url";
import { sites } from "../db/schema";
import type { Services } from "../services/container";
import { getSiteOfPlatform, newIndexNowKey, updateSite, type SiteRow } from "./service";

export interface ConnectCustomInput {
  url: string;
  webhookUrl?: string;
  businessContext: string;
  language: string;
}

/**
 * Connects a custom site: both URLs pass the outbound URL check, a webhook secret (32 random
 * bytes, hex) is made and stored encrypted. The plaintext secret is returned once, here.
 * Nothing is called: a custom site is reached later by webhooks, or it pulls.
 */
export async function connectCustomSite(
  deps: Pick<Services, "db" | "config" | "encryptionKey">,
  accountId: string,
  input: ConnectCustomInput,
): Promise<{ site: SiteRow; webhookSecret: string }> {
  const key = requireEncryptionKey(deps.encryptionKey);
  const allowPrivate = deps.config.allowPrivateUrls;
  const url = assertOutboundUrl(input.url, { allowPrivate, field: "url" });
  const webhookUrl = input.webhookUrl === undefined ? null : assertOutboundUrl(input.webhookUrl, { allowPrivate, field: "webhookUrl" });
  const webhookSecret = randomHex(32);
  const [site] = await deps.db
    .insert(sites)
    .values({
      id: newId("site"),
      accountId,
      platform: "custom",
      url,
      status: "CONNECTED",
      businessContext: input.businessContext,
      language: input.language,
      webhookUrl,
      webhookSecretEncrypted: await encryptSecret(key, webhookSecret),
      // The site hosts it at /{key}.txt itself (the site record tells it where).
      indexNowKey: newIndexNowKey(),
    })
    .returning();
  return { site: site!, webhookSecret };
}

/** After a rotation, deliveries are signed with the old secret too for this long, so receivers can switch without losing one. */
export const PREVIOUS_SECRET_OVERLAP_MS = 24 * 60 * 60_000;

/**
 * POST /platforms/custom/{siteId}/rotate-secret: a new webhook secret signs every later attempt,
 * retries included; for 24 hours each delivery also carries the signature of the secret it
 * replaced (space-separated, as Standard Webhooks allows). Shown once, here.
 */
export async function rotateWebhookSecret(
  deps: Pick<Services, "db" | "encryptionKey">,
  accountId: string,
  siteId: string,
): Promise<{ site: SiteRow; webhookSecret: string }> {
  const key = requireEncryptionKey(deps.encryptionKey);
  const current = await getSiteOfPlatform(deps.db, accountId, siteId, "custom");
  const webhookSecret = randomHex(32);
  const site = await updateSite(deps.db, accountId, siteId, {
    webhookSecretEncrypted: await encryptSecret(key, webhookSecret),
    previousWebhookSecretEncrypted: current.webhookSecretEncrypted,
    previousWebhookSecretUntil: current.webhookSecretEncrypted ? toIsoSeconds(new Date(Date.now() + PREVIOUS_SECRET_OVERLAP_MS)) : null,
  });
  log("info", "webhook_secret_rotated", { siteId });
  return { site, webhookSecret };
}
