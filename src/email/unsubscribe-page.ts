import type { Locale } from "../db/schema";
import type { OptionalEmailKind } from "./kinds";
import { PRODUCT_NAME, WORDS } from "./messages";
import { escapeHtml } from "./templates";

/** The page's one inline style; its hash is the page's whole style-src (src/http/security-headers.ts). */
export const UNSUBSCRIBE_PAGE_STYLE =
  "body{margin:0;background:#f5f7fa;color:#1f2933;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}" +
  "main{max-width:520px;margin:48px auto;padding:24px;background:#fff;border:1px solid #d9e2ec;border-radius:8px}" +
  "h1{font-size:22px;margin:0 0 16px}p{margin:0 0 16px}.muted{color:#52606d;font-size:14px}" +
  "button{font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:6px;padding:12px 20px;cursor:pointer}" +
  "button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}";

export interface UnsubscribePage {
  locale: Locale;
  kind: OptionalEmailKind;
  email: string;
  account: string;
  /** Turned off already (after the POST, or an earlier one): the page confirms instead of asking. */
  done: boolean;
  /** The form's target: the same link, POSTed. */
  action: string;
}

/** The page of an unsubscribe link, in the member's language: a question with one button, or the confirmation. */
export function unsubscribePage(page: UnsubscribePage): string {
  const words = WORDS[page.locale];
  const kindName = words.kindNames[page.kind];
  const body = page.done
    ? `<p role="status">${escapeHtml(words.page.done(kindName, page.email, page.account))}</p>
<p class="muted">${escapeHtml(words.page.again)}</p>`
    : `<p>${escapeHtml(words.page.confirm(kindName, page.email, page.account))}</p>
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(words.page.button)}</button>
</form>`;
  return `<!doctype html>
<html lang="${page.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(words.page.title)} · ${PRODUCT_NAME}</title>
<style>${UNSUBSCRIBE_PAGE_STYLE}</style>
</head>
<body>
<main>
<p class="muted">${escapeHtml(words.accountLine(page.account))}</p>
<h1>${escapeHtml(words.page.title)}</h1>
${body}
</main>
</body>
</html>
`;
}
