import { bytesToBase64, bytesToHex, hmacSha256 } from "../core/crypto";

/**
 * The headers that authenticate one attempt of a delivery. `X-Service-Signature` is the spec's:
 * lowercase hex HMAC-SHA256 of the raw body, keyed with the site's webhookSecret (its UTF-8
 * text, as shown once). The Standard Webhooks trio (webhook-id, webhook-timestamp,
 * webhook-signature = `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`) is keyed with
 * the same bytes, so a receiver can refuse replays by the timestamp; with the standardwebhooks
 * libraries the secret is `whsec_` + base64 of the webhookSecret text (docs/webhooks.md).
 */
export async function signatureHeaders(input: {
  secrets: string[];
  body: string;
  deliveryId: string;
  event: string;
  timestamp: number;
}): Promise<Record<string, string>> {
  const { secrets, body, deliveryId, event, timestamp } = input;
  // The current secret first; after a rotation, the replaced one's signatures follow, space-separated.
  const signed = await Promise.all(
    secrets.map(async (secret) => Promise.all([hmacSha256(secret, body), hmacSha256(secret, `${deliveryId}.${timestamp}.${body}`)])),
  );
  return {
    "X-Service-Signature": signed.map(([bodySignature]) => bytesToHex(bodySignature)).join(" "),
    "X-Service-Event": event,
    "X-Service-Delivery": deliveryId,
    "X-Service-Timestamp": String(timestamp),
    "webhook-id": deliveryId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signed.map(([, standardSignature]) => `v1,${bytesToBase64(standardSignature)}`).join(" "),
  };
}
