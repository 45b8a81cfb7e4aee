// Cloudflare Email Service's `send_email` binding (EXTERNAL_APIS-2 §7.2, §7.5), for the tests:
// `send()` takes the builder form; it needs from, to, subject and html or text (E_FIELD_MISSING);
// at most 50 recipients across to/cc/bcc (E_TOO_MANY_RECIPIENTS), a subject of at most 998
// characters, at most 5 MiB (E_CONTENT_TOO_LARGE); the sender's domain must be onboarded
// (E_SENDER_NOT_VERIFIED), the sender and recipient on the binding's allowlists when it has them
// (E_SENDER_NOT_VERIFIED, E_RECIPIENT_NOT_ALLOWED), the recipient not suppressed
// (E_RECIPIENT_SUPPRESSED); custom headers follow the allowlist of the headers reference
// (E_HEADER_NOT_ALLOWED, E_HEADER_USE_API_FIELD, E_HEADER_VALUE_INVALID, E_HEADER_VALUE_TOO_LONG);
// switches for E_RATE_LIMIT_EXCEEDED, E_DAILY_LIMIT_EXCEEDED and any code once; each failure is
// thrown as `Object.assign(new Error(msg), { code })`. Accepted messages are recorded, each with a
// unique messageId.

export interface FakeEmailAddress {
  email: string;
  name?: string;
}

/** A message the binding accepted. */
export interface AcceptedEmail {
  messageId: string;
  from: FakeEmailAddress;
  to: string[];
  subject: string;
  html: string | undefined;
  text: string | undefined;
  headers: Record<string, string>;
}

type Addresses = string | FakeEmailAddress | (string | FakeEmailAddress)[] | undefined;
interface Builder {
  from?: string | FakeEmailAddress;
  to?: Addresses;
  cc?: Addresses;
  bcc?: Addresses;
  subject?: string;
  html?: string;
  text?: string;
  headers?: Record<string, string>;
  attachments?: { content: string | ArrayBuffer | ArrayBufferView }[];
}

const MAX_RECIPIENTS = 50;
const MAX_SUBJECT = 998;
const MAX_BYTES = 5 * 1024 * 1024;
const PLATFORM_HEADERS =
  /^(date|message-id|mime-version|content-type|content-transfer-encoding|dkim-signature|return-path|received|feedback-id|arc-.*|tls-required|tls-report-domain|tls-report-submitter|cfbl-address|cfbl-feedback-id)$/i;
const API_FIELD_HEADERS = /^(from|to|cc|bcc|subject|reply-to)$/i;
const ALLOWED_HEADERS =
  /^(in-reply-to|references|list-unsubscribe|list-unsubscribe-post|list-id|list-archive|list-help|list-owner|list-post|list-subscribe|precedence|auto-submitted|content-language|keywords|comments|importance|priority|sensitivity|organization|require-recipient-valid-since|expires|reply-by|archived-at)$/i;

const fail = (code: string, message: string) => Object.assign(new Error(message), { code });
const addressesOf = (value: Addresses): FakeEmailAddress[] =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]).map((entry) =>
    typeof entry === "string" ? { email: entry } : entry,
  );
const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();
const byteLength = (value: string | ArrayBuffer | ArrayBufferView | undefined) =>
  value === undefined ? 0 : typeof value === "string" ? new TextEncoder().encode(value).byteLength : value.byteLength;

export function createEmailFake(
  options: {
    /** Sending domains onboarded on the account (default: example.com, the tests' EMAIL_FROM domain). */
    domains?: string[];
    /** `allowed_destination_addresses` of the binding; null: any. */
    allowedDestinations?: string[] | null;
    /** `allowed_sender_addresses` of the binding; null: any. */
    allowedSenders?: string[] | null;
  } = {},
) {
  const domains = new Set((options.domains ?? ["example.com"]).map((domain) => domain.toLowerCase()));
  const suppressed = new Set<string>();
  const sent: AcceptedEmail[] = [];
  const calls: { code: string | null }[] = [];
  const switches = { rateLimited: false, dailyLimitReached: false };
  let failing: { code: string; times: number } | null = null;
  let counter = 0;

  function check(message: Builder): void {
    const from = message.from === undefined ? undefined : addressesOf(message.from)[0];
    const recipients = [...addressesOf(message.to), ...addressesOf(message.cc), ...addressesOf(message.bcc)];
    if (!from?.email || recipients.length === 0 || !message.subject) throw fail("E_FIELD_MISSING", "from, to and subject are required");
    if (message.html === undefined && message.text === undefined) throw fail("E_FIELD_MISSING", "html or text is required");
    if (recipients.length > MAX_RECIPIENTS) throw fail("E_TOO_MANY_RECIPIENTS", `${recipients.length} recipients, at most 50`);
    if ([...message.subject].length > MAX_SUBJECT) throw fail("E_VALIDATION_ERROR", "subject longer than 998 characters");
    const size =
      byteLength(message.html) + byteLength(message.text) + (message.attachments ?? []).reduce((sum, a) => sum + byteLength(a.content), 0);
    if (size > MAX_BYTES) throw fail("E_CONTENT_TOO_LARGE", "message larger than 5 MiB");
    if (!domains.has(domainOf(from.email)))
      throw fail("E_SENDER_NOT_VERIFIED", `${domainOf(from.email)} is not an onboarded sending domain`);
    if (options.allowedSenders && !options.allowedSenders.includes(from.email))
      throw fail("E_SENDER_NOT_VERIFIED", `email from ${from.email} not allowed`);
    for (const { email } of recipients) {
      if (options.allowedDestinations && !options.allowedDestinations.includes(email))
        throw fail("E_RECIPIENT_NOT_ALLOWED", `email to ${email} not allowed`);
      if (suppressed.has(email.toLowerCase())) throw fail("E_RECIPIENT_SUPPRESSED", `${email} bounced or complained`);
    }
    for (const [name, value] of Object.entries(message.headers ?? {})) {
      if (API_FIELD_HEADERS.test(name)) throw fail("E_HEADER_USE_API_FIELD", `Header '${name}' must be set via its API field`);
      if (PLATFORM_HEADERS.test(name)) throw fail("E_HEADER_NOT_ALLOWED", `Header '${name}' is generated by the platform`);
      if (!ALLOWED_HEADERS.test(name) && !/^X-[A-Za-z0-9_-]+$/.test(name))
        throw fail("E_HEADER_NOT_ALLOWED", `Header '${name}' is not allowed`);
      if (!value || /[\r\n]/.test(value)) throw fail("E_HEADER_VALUE_INVALID", `Header '${name}' is empty or has a line break`);
      if (byteLength(value) > 2048) throw fail("E_HEADER_VALUE_TOO_LONG", `Header '${name}' value exceeds 2048 bytes`);
      if (/^list-unsubscribe$/i.test(name) && !/^<(https:\/\/|mailto:)[^>]+>(\s*,\s*<(https:\/\/|mailto:)[^>]+>)*$/.test(value))
        throw fail("E_HEADER_VALUE_INVALID", "List-Unsubscribe must contain angle-bracket HTTPS or mailto URI(s)");
      if (/^list-unsubscribe-post$/i.test(name) && value !== "List-Unsubscribe=One-Click")
        throw fail("E_HEADER_VALUE_INVALID", "List-Unsubscribe-Post must be List-Unsubscribe=One-Click");
    }
    if (failing && failing.times > 0) {
      failing.times -= 1;
      throw fail(failing.code, `failing with ${failing.code} as scripted`);
    }
    if (switches.rateLimited) throw fail("E_RATE_LIMIT_EXCEEDED", "rate limit exceeded");
    if (switches.dailyLimitReached) throw fail("E_DAILY_LIMIT_EXCEEDED", "daily sending quota reached");
  }

  const binding = {
    async send(message: Builder): Promise<{ messageId: string }> {
      try {
        check(message);
      } catch (error) {
        calls.push({ code: (error as { code: string }).code });
        throw error;
      }
      calls.push({ code: null });
      const from = addressesOf(message.from)[0]!;
      counter += 1;
      const messageId = `<${counter}.${crypto.randomUUID()}@${domainOf(from.email)}>`;
      sent.push({
        messageId,
        from,
        to: addressesOf(message.to).map((address) => address.email),
        subject: message.subject!,
        html: message.html,
        text: message.text,
        headers: { ...message.headers },
      });
      return { messageId };
    },
  };

  return {
    /** Stands where `env.EMAIL` would (createCloudflareEmailSender takes it). */
    binding: binding as unknown as SendEmail,
    /** Every accepted message, in order. */
    sent,
    /** Every call: null for an accepted one, else the code it threw. */
    calls,
    switches,
    /** Addresses that bounced or complained: sends to them fail with E_RECIPIENT_SUPPRESSED. */
    suppress: (email: string) => void suppressed.add(email.toLowerCase()),
    /** The next `times` sends fail with `code`. */
    failNext: (code: string, times = 1) => {
      failing = { code, times };
    },
  };
}

export type EmailFake = ReturnType<typeof createEmailFake>;
