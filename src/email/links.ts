import type { Config } from "../config";
import type { KindAndData, LinkEmailKind } from "./kinds";

/**
 * The panel's origin for the links of a message, which is sent from a queue with no request to
 * read it from: PUBLIC_BASE_URL, or outside production the local panel (LOCAL_PANEL_URL, which
 * `npm run dev` sets to the port it serves on); null in production without PUBLIC_BASE_URL (such a
 * message cannot be sent: its links would lead nowhere).
 */
export function panelOrigin(config: Pick<Config, "publicBaseUrl" | "localPanelUrl" | "environment">): string | null {
  return config.publicBaseUrl ?? (config.environment === "production" ? null : config.localPanelUrl);
}

/** The panel's page of what the message is about (an invitation's or an export's button is its own link, decrypted by the sender). */
export function actionUrl(origin: string, message: Exclude<KindAndData, { kind: LinkEmailKind }>): string {
  switch (message.kind) {
    case "item_failed":
      return `${origin}/plans/${encodeURIComponent(message.data.planId)}/items/${encodeURIComponent(message.data.itemId)}`;
    case "site_error":
      return `${origin}/sites/${encodeURIComponent(message.data.siteId)}`;
    case "review_digest":
      // A digest of pages without traction only opens the (first) site, where its Traction list is.
      if (message.data.total === 0 && message.data.noTraction?.pages[0])
        return `${origin}/sites/${encodeURIComponent(message.data.noTraction.pages[0].siteId)}`;
      return `${origin}/articles`;
    case "refresh_suggested":
      return `${origin}/posts/${encodeURIComponent(message.data.postId)}`;
    case "client_answered":
      return `${origin}/articles/${encodeURIComponent(message.data.articleId)}`;
    case "balance_low":
    case "payment_received":
      return `${origin}/billing`;
  }
}

export const settingsUrl = (origin: string) => `${origin}/settings`;

export const UNSUBSCRIBE_PATH = "/api/email/unsubscribe";
export const unsubscribeUrl = (origin: string, token: string) => `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
