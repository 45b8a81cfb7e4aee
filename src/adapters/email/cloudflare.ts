import { emailError, type EmailSender } from "./port";

/**
 * Cloudflare Email Service through the Worker's `send_email` binding (EXTERNAL_APIS-2.md §7.2).
 * The binding throws Errors that carry the `code`; they pass through unchanged. Without the
 * binding (wrangler.toml has no `send_email` entry) every send fails with E_BINDING_MISSING.
 */
export function createCloudflareEmailSender(binding: SendEmail | undefined): EmailSender {
  return {
    async send(message) {
      if (!binding) throw emailError("E_BINDING_MISSING", "EMAIL_PROVIDER=cloudflare needs the send_email binding named EMAIL");
      // Older workers-types declare `Promise<void>`; the binding answers `{ messageId }` (§7.2).
      const result = (await binding.send({
        from: message.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
      })) as { messageId?: unknown } | undefined;
      const messageId = typeof result?.messageId === "string" ? result.messageId : "";
      return { messageId };
    },
  };
}
