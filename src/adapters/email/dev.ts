import { log } from "../../core/logger";
import { buildMimeMessage, newMessageId } from "./mime";
import { emailError, type EmailSender } from "./port";

/**
 * `npm run dev`: a Worker cannot write files, so each message is built as raw MIME here and
 * POSTed to the mail sink that scripts/dev.mjs starts on 127.0.0.1 (scripts/mail-sink.mjs), which
 * writes it under .wrangler/emails/ and prints its subject. Without a sink (wrangler dev started
 * by hand) the subject is only logged. Nothing leaves the machine.
 */
export function createDevEmailSender(options: { sinkUrl: string | null; fetch: typeof fetch; now?: () => Date }): EmailSender {
  return {
    async send(message) {
      const messageId = newMessageId(message.from);
      const raw = buildMimeMessage(message, { messageId, date: options.now?.() ?? new Date() });
      if (!options.sinkUrl) {
        log("info", "email_dev_not_written", { to: message.to, subject: message.subject, reason: "EMAIL_DEV_SINK_URL is not set" });
        return { messageId };
      }
      let response: Response;
      try {
        response = await options.fetch(options.sinkUrl, { method: "POST", headers: { "Content-Type": "message/rfc822" }, body: raw });
      } catch (error) {
        throw emailError("E_INTERNAL_SERVER_ERROR", `The dev mail sink at ${options.sinkUrl} did not answer: ${String(error)}`);
      }
      if (!response.ok) throw emailError("E_INTERNAL_SERVER_ERROR", `The dev mail sink answered ${response.status}`);
      const { file } = (await response.json().catch(() => ({}))) as { file?: string };
      log("info", "email_dev_written", { to: message.to, subject: message.subject, file: file ?? null });
      return { messageId };
    },
  };
}
