// What an audit event is about, in words: the thing by the name it had when the event was written
// (an older event without one by its kind and id), linked to its page while it still exists, and
// the site it concerns.
import type { Schemas } from "../../api/client";
import { siteName } from "../../lib/site-name";
import type { auditMessages } from "./audit-messages";

type AuditEvent = Schemas["AuditEvent"];
type Key = keyof typeof auditMessages.en;
type Say = (key: Key, params?: Record<string, string>) => string;

/** Words, and the panel page they lead to (null: plain text). */
export interface AuditLink {
  text: string;
  href: string | null;
}

const TARGET_PAGES: Record<string, (id: string) => string> = {
  plan: (id) => `/plans/${encodeURIComponent(id)}`,
  article: (id) => `/articles/${encodeURIComponent(id)}`,
  site: (id) => `/sites/${encodeURIComponent(id)}`,
  post: (id) => `/posts/${encodeURIComponent(id)}`,
};

const NAMED_KEYS: Record<string, Key> = {
  plan: "target.planNamed",
  item: "target.itemNamed",
  article: "target.articleNamed",
  site: "target.siteNamed",
  post: "target.postNamed",
  token: "target.tokenNamed",
  account: "target.accountNamed",
};

const isKey = (key: string, keys: Record<Key, string>): key is Key => key in keys;

/** The thing an event is about, or null when it names none. `keys` tells which texts exist. */
export function auditTarget(event: AuditEvent, say: Say, keys: Record<Key, string>): AuditLink | null {
  const { targetType: type, targetId: id } = event;
  if (!type || !id) return null;
  const label = event.targetLabel ? (type === "site" ? siteName(event.targetLabel) : event.targetLabel) : null;
  const namedKey = NAMED_KEYS[type];
  let text: string;
  if (label && (type === "member" || type === "invitation")) text = label;
  else if (label && namedKey) text = say(namedKey, { name: label });
  else {
    const key = `target.${type}`;
    text = isKey(key, keys) ? say(key, { id }) : say("target.other", { type, id });
  }
  const page = TARGET_PAGES[type];
  // An older answer has no `targetExists`: link as before.
  return { text, href: page && event.targetExists !== false ? page(id) : null };
}

/** The site an event concerns, when it has its name and the thing is not the site itself (older events have none). */
export function auditSite(event: AuditEvent, say: Say): AuditLink | null {
  if (!event.siteId || !event.siteLabel || (event.targetType === "site" && event.targetId === event.siteId)) return null;
  return {
    text: say("target.onSite", { site: siteName(event.siteLabel) }),
    href: event.siteExists ? TARGET_PAGES.site!(event.siteId) : null,
  };
}
