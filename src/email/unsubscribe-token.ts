import { bytesToBase64, hmacSha256, requireEncryptionKey, timingSafeEqualText } from "../core/crypto";
import { OPTIONAL_EMAIL_KINDS, type OptionalEmailKind } from "./kinds";

// The one-click unsubscribe link of a member and a kind: `<memberId>.<kind>.<signature>`, the
// signature an HMAC-SHA256 of both under a key derived from ENCRYPTION_KEY (its own purpose, so
// no other signature of the service can stand in for it). No expiry: a link in an old e-mail
// keeps working, and all it can do is turn one kind of e-mail off for one member.

const PURPOSE = "content-autopilot/email-unsubscribe/v1";
const TOKEN = /^([A-Za-z0-9_]{1,64})\.([a-z_]{1,32})\.([A-Za-z0-9_-]{43})$/;

async function signature(encryptionKey: string | undefined, memberId: string, kind: string): Promise<string> {
  const key = await hmacSha256(requireEncryptionKey(encryptionKey), PURPOSE);
  const mac = await hmacSha256(key, `${memberId}\n${kind}`);
  return bytesToBase64(mac).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The token of the member's unsubscribe link for `kind`. */
export async function unsubscribeToken(encryptionKey: string | undefined, memberId: string, kind: OptionalEmailKind): Promise<string> {
  return `${memberId}.${kind}.${await signature(encryptionKey, memberId, kind)}`;
}

/** The member and kind a token names, or null when it is malformed or its signature is not ours. */
export async function readUnsubscribeToken(
  encryptionKey: string | undefined,
  token: string,
): Promise<{ memberId: string; kind: OptionalEmailKind } | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, memberId, kind, signed] = match as unknown as [string, string, string, string];
  if (!(OPTIONAL_EMAIL_KINDS as readonly string[]).includes(kind)) return null;
  const expected = await signature(encryptionKey, memberId, kind);
  return timingSafeEqualText(signed, expected) ? { memberId, kind: kind as OptionalEmailKind } : null;
}
