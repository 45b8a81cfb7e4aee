import { log } from "../../core/logger";
import type { TextProviderName } from "./port";

/** How each text provider is named in our messages (ProviderError's display name). */
export const TEXT_PROVIDER_LABEL: Record<TextProviderName, string> = {
  "workers-ai": "Workers AI",
  openai: "OpenAI",
  anthropic: "Anthropic",
  offline: "Offline",
};

/** The model's text as JSON, or undefined when it is not JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A provider's machine-readable error word, only when it looks like one (it goes into our message). */
export function safeErrorCode(value: unknown): string | null {
  return typeof value === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : null;
}

const LOGGED_BODY_CHARS = 300;

/**
 * Upstream text goes to the log only: cut short, and with the API key blanked in case the
 * provider echoes it.
 */
export function logUpstream(event: string, fields: Record<string, unknown>, body: string, secret?: string): void {
  const redacted = secret ? body.split(secret).join("[redacted]") : body;
  log("warn", event, { ...fields, body: redacted.slice(0, LOGGED_BODY_CHARS) });
}
