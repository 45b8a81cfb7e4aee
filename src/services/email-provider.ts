import { createCloudflareEmailSender } from "../adapters/email/cloudflare";
import { createDevEmailSender } from "../adapters/email/dev";
import { emailError, type EmailSender } from "../adapters/email/port";
import type { Config } from "../config";

/**
 * The sender EMAIL_PROVIDER names: the `send_email` binding, or the local .eml sink. `off` sends
 * nothing: the outbox records such messages as skipped and never calls this (src/email/outbox.ts).
 */
export function emailSenderFor(config: Config, binding: SendEmail | undefined, fetch: typeof globalThis.fetch): EmailSender {
  switch (config.email.provider) {
    case "cloudflare":
      return createCloudflareEmailSender(binding);
    case "dev":
      return createDevEmailSender({ sinkUrl: config.email.devSinkUrl, fetch });
    case "off":
      return { send: async () => Promise.reject(emailError("E_EMAIL_OFF", "EMAIL_PROVIDER=off: e-mail is not sent")) };
  }
}
