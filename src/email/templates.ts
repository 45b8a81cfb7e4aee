import type { Locale } from "../db/schema";
import type { KindAndData } from "./kinds";
import { hostOf, PRODUCT_NAME, type SiteNamer, type SiteRef, WORDS, type MessageContent } from "./messages";

// Every message laid out the same plain way: the product and the account on top, a heading, the
// paragraphs, one button-styled link into the panel (with its address written out for clients
// that show no buttons), and why the person gets it with a one-click unsubscribe for its kind.
// Nothing is loaded from elsewhere: no images, no tracking pixels, no fonts, no scripts.

export interface RenderContext {
  locale: Locale;
  /** What the account is called (src/accounts/display-name.ts): its name, never its e-mail address. */
  account: string;
  /** What each site is called (src/sites/display-name.ts), by id; a site not named here goes by its host. */
  siteNames?: Record<string, string>;
  /** Where the button goes: the panel's page of the thing (or the invitation's link). */
  actionUrl: string;
  /** The kind's one-click unsubscribe link; null for the kinds that always go (invitations, exports). */
  unsubscribeUrl: string | null;
  /** The panel's Settings, where every kind can be chosen. */
  settingsUrl: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The subject, HTML and text of one message in the member's language. */
export function renderEmail(message: KindAndData, context: RenderContext): RenderedEmail {
  const words = WORDS[context.locale];
  const siteName = ({ siteId, siteUrl }: SiteRef) => context.siteNames?.[siteId] ?? hostOf(siteUrl);
  const content = (words.kinds[message.kind] as (data: unknown, account: string, site: SiteNamer) => MessageContent)(
    message.data,
    context.account,
    siteName,
  );
  const footer =
    message.kind === "invitation"
      ? { why: words.whyInvited, unsubscribe: null }
      : message.kind === "export_ready" ||
          message.kind === "sign_in_link" ||
          message.kind === "sign_up_confirm" ||
          message.kind === "sign_up_existing"
        ? { why: words.whyRequested, unsubscribe: null }
        : {
            why: words.whyMember(context.account),
            unsubscribe: capitalize(words.unsubscribe(words.kindNames[message.kind]), context.locale),
          };
  return {
    subject: content.subject.replace(/[\r\n]+/g, " ").slice(0, 998),
    html: htmlOf(content, context, footer),
    text: textOf(content, context, footer),
  };
}

interface Footer {
  why: string;
  unsubscribe: string | null;
}

const COLORS = { text: "#1f2933", muted: "#52606d", line: "#d9e2ec", button: "#1d4ed8", page: "#f5f7fa" };

function htmlOf(content: MessageContent, context: RenderContext, footer: Footer): string {
  const words = WORDS[context.locale];
  const p = (text: string, style = "") => `<p style="margin:0 0 16px;${style}">${escapeHtml(text)}</p>`;
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}" style="color:${COLORS.button}">${escapeHtml(text)}</a>`;
  const items = content.items?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px">${content.items.map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`).join("")}</ul>`
    : "";
  const unsubscribe = footer.unsubscribe && context.unsubscribeUrl ? `<br>${link(context.unsubscribeUrl, footer.unsubscribe)} · ` : "<br>";
  return `<!doctype html>
<html lang="${context.locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};color:${COLORS.text};font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<div role="article" aria-label="${escapeHtml(content.subject)}" lang="${context.locale}" style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="background:#ffffff;border:1px solid ${COLORS.line};border-radius:8px;padding:24px">
${p(words.accountLine(context.account), `font-size:14px;color:${COLORS.muted}`)}
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((text) => p(text)).join("\n")}
${items}${content.more ? p(content.more) : ""}
<p style="margin:24px 0"><a href="${escapeHtml(context.actionUrl)}" style="display:inline-block;background:${COLORS.button};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(content.button)}</a></p>
${p(`${words.linkFallback} ${context.actionUrl}`, `font-size:14px;color:${COLORS.muted};word-break:break-all`)}
</div>
<p style="margin:16px 0 0;font-size:13px;color:${COLORS.muted}">${escapeHtml(footer.why)}${footer.unsubscribe === null ? "" : `${unsubscribe}${link(context.settingsUrl, words.settings)}`}</p>
<p style="margin:8px 0 0;font-size:13px;color:${COLORS.muted}">${PRODUCT_NAME}</p>
</div>
</body>
</html>
`;
}

function textOf(content: MessageContent, context: RenderContext, footer: Footer): string {
  const words = WORDS[context.locale];
  const lines = [
    words.accountLine(context.account),
    "",
    content.heading,
    "=".repeat(Math.min(60, content.heading.length)),
    "",
    ...content.paragraphs.flatMap((text) => [text, ""]),
    ...(content.items?.length ? [...content.items.map((item) => `- ${item}`), ""] : []),
    ...(content.more ? [content.more, ""] : []),
    `${content.button}: ${context.actionUrl}`,
    "",
    "-- ",
    footer.why,
    ...(footer.unsubscribe && context.unsubscribeUrl ? [`${footer.unsubscribe}: ${context.unsubscribeUrl}`] : []),
    ...(footer.unsubscribe === null ? [] : [`${words.settings}: ${context.settingsUrl}`]),
  ];
  return `${lines.join("\n")}\n`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const capitalize = (text: string, locale: Locale) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
