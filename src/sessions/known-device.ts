import { bytesToBase64, hmacSha256, requireEncryptionKey, timingSafeEqualText } from "../core/crypto";

// The "known device" mark: a browser that signed in to a person's sign-in carries
// `<userId>.<issued, unix seconds>.<signature>` in `__Host-device`, the signature an HMAC-SHA256
// of the person, the time and when their password last changed, under a key derived from
// ENCRYPTION_KEY for this purpose only. The per-e-mail guess window does not block it (the
// per-address one still does), so guesses at someone's e-mail from elsewhere cannot lock them out
// of a browser they signed in from. A new password voids every mark of the person.

const PURPOSE = "content-autopilot/known-device/v1";
const MARK = /^(usr_[A-Za-z0-9]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
/** A mark is good this long after the sign-in that set it (each sign-in sets a fresh one). */
export const KNOWN_DEVICE_DAYS = 180;

async function signature(encryptionKey: string | undefined, userId: string, issued: number, passwordUpdatedAt: string | null) {
  const key = await hmacSha256(requireEncryptionKey(encryptionKey), PURPOSE);
  const mac = await hmacSha256(key, `${userId}\n${issued}\n${passwordUpdatedAt ?? ""}`);
  return bytesToBase64(mac).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The mark a browser gets when it signs in as `user`. */
export async function knownDeviceMark(
  encryptionKey: string | undefined,
  user: { id: string; passwordUpdatedAt: string | null },
  now: Date,
): Promise<string> {
  const issued = Math.floor(now.getTime() / 1000);
  return `${user.id}.${issued}.${await signature(encryptionKey, user.id, issued, user.passwordUpdatedAt)}`;
}

/** Whether `mark` was set by a sign-in as `user` since their last password change, within KNOWN_DEVICE_DAYS. */
export async function isKnownDevice(
  encryptionKey: string | undefined,
  mark: string | undefined,
  user: { id: string; passwordUpdatedAt: string | null },
  now: Date,
): Promise<boolean> {
  const match = mark ? MARK.exec(mark) : null;
  if (!match || match[1] !== user.id || !encryptionKey) return false;
  const issued = Number(match[2]);
  const age = now.getTime() / 1000 - issued;
  if (age < -60 || age > KNOWN_DEVICE_DAYS * 24 * 60 * 60) return false;
  return timingSafeEqualText(match[3]!, await signature(encryptionKey, user.id, issued, user.passwordUpdatedAt));
}
