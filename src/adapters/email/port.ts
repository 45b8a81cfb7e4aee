// The e-mail port: one message to one person. Production sends through Cloudflare Email Service's
// `send_email` binding (EXTERNAL_APIS-2.md §7); `npm run dev` writes each message as a .eml file
// through the dev mail sink (scripts/mail-sink.mjs); tests hand in a fake (test/fakes/email.ts).

/** How e-mail leaves: the binding, the local .eml sink, or not at all (EMAIL_PROVIDER). */
export const EMAIL_PROVIDERS = ["cloudflare", "dev", "off"] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

export interface EmailAddress {
  email: string;
  name: string;
}

/** One message, as the binding's `send()` takes it (no attachments, one recipient). */
export interface OutgoingEmail {
  from: EmailAddress;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Allowlisted headers only (List-Unsubscribe, List-Unsubscribe-Post, Auto-Submitted, X-…). */
  headers?: Record<string, string>;
}

export interface EmailSender {
  /** Sends the message; a failure throws an Error with a string `code` (`E_…`, §7.2). */
  send(message: OutgoingEmail): Promise<{ messageId: string }>;
}

/**
 * The binding's codes worth another try (§7.2): a rate or daily limit, Cloudflare's own failure,
 * a delivery that failed on the way. Every other code is permanent: a retry would fail alike.
 */
export const RETRYABLE_EMAIL_CODES: ReadonlySet<string> = new Set([
  "E_RATE_LIMIT_EXCEEDED",
  "E_DAILY_LIMIT_EXCEEDED",
  "E_INTERNAL_SERVER_ERROR",
  "E_DELIVERY_FAILED",
]);

/** An error of ours with a code like the binding's, so the outbox treats them alike. */
export function emailError(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

/** The `code` of a thrown send failure; errors without one (the local simulator's) are `E_UNKNOWN`. */
export function emailErrorCode(error: unknown): string {
  const code = error && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && code.length > 0 ? code.slice(0, 64) : "E_UNKNOWN";
}
