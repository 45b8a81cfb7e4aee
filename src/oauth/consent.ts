import { recordAudit } from "../audit/audit";
import { AuthorizationError, CimdFetchError, type ConsentDescription } from "@cloudflare/workers-oauth-provider";
import type { Context } from "hono";
import { Hono } from "hono";
import { getAccount } from "../accounts/service";
import { log } from "../core/logger";
import type { AppEnv } from "../http/context";
import { pageSecurityHeaders } from "../http/security-headers";
import { assertSameOrigin, readSessionCookie } from "../http/session-cookie";
import { sessionAccount } from "../sessions/service";
import { AUTHORIZE_PATH, OAUTH_SCOPE, oauthHelpers, type McpProps } from "./provider";

/**
 * The consent page of OAuth for MCP connectors, on the panel's origin and with its session: the
 * owner signs in to the panel (or already is), sees which app asks, where the access goes and
 * what it allows, and allows or denies. The library validates the request and keeps it
 * server-side between the two steps; the form carries only a one-time handle bound to this browser.
 */
export const consentRoutes = new Hono<AppEnv>();

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The signed-in panel user, or null. */
async function sessionOf(c: Context<AppEnv>) {
  const cookie = readSessionCookie(c);
  return cookie ? sessionAccount(c.get("services"), cookie, new Date()) : null;
}

// Both pages (consent, error) under the page headers: a CSP that allows only their style, never framed.
consentRoutes.use(AUTHORIZE_PATH, async (c, next) => {
  await next();
  if (!c.res.headers.get("Content-Type")?.startsWith("text/html")) return;
  for (const [name, value] of Object.entries(await pageSecurityHeaders(STYLE))) c.res.headers.set(name, value);
});

consentRoutes.get(AUTHORIZE_PATH, async (c) => {
  const session = await sessionOf(c);
  const url = new URL(c.req.url);
  if (!session) return c.redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
  const oauth = oauthHelpers(c.env);
  try {
    const request = await oauth.parseAuthRequest(c.req.raw);
    const details = await oauth.describeConsent(request);
    const consent = await oauth.beginConsent(request);
    const account = await getAccount(c.get("db"), session.accountId);
    consent.headers.set("Content-Type", "text/html; charset=utf-8");
    consent.headers.set("Cache-Control", "no-store");
    return new Response(consentPage(languageOf(c.req.raw), details, consent.handle, account.email), { headers: consent.headers });
  } catch (error) {
    return authorizationFailure(languageOf(c.req.raw), error);
  }
});

consentRoutes.post(AUTHORIZE_PATH, async (c) => {
  assertSameOrigin(c, true);
  const session = await sessionOf(c);
  const language = languageOf(c.req.raw);
  if (!session) return errorPage(language, WORDS[language].signedOut, 401);
  if (!(c.req.header("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded"))
    return errorPage(language, WORDS[language].notAForm, 415);
  const oauth = oauthHelpers(c.env);
  const form = await c.req.formData().catch(() => null);
  if (!form) return errorPage(language, WORDS[language].notAForm, 400);
  const handle = String(form.get("handle") ?? "");
  try {
    if (form.get("decision") !== "approve") {
      const denied = await oauth.denyConsent(c.req.raw, handle);
      log("info", "oauth_consent_denied", { accountId: session.accountId });
      return new Response(null, { status: 302, headers: denied.headers });
    }
    const approved = await oauth.approveConsent(c.req.raw, handle, { scope: [OAUTH_SCOPE] });
    const client = await oauth.lookupClient(approved.request.clientId);
    const props: McpProps = {
      caller: {
        accountId: session.accountId,
        tokenId: `oauth:${approved.request.clientId}`.slice(0, 200),
        scope: "manage",
        memberId: session.memberId,
        role: session.role,
        siteIds: session.siteIds,
        via: "oauth",
      },
      via: "oauth",
    };
    const { redirectTo } = await oauth.completeAuthorization({
      request: approved.request,
      userId: session.accountId,
      // The member is in the metadata too, so the grants list says whose each grant is.
      metadata: { clientName: client?.clientName ?? approved.request.clientId, memberId: session.memberId },
      scope: approved.request.scope,
      props,
    });
    log("info", "oauth_consent_approved", { accountId: session.accountId, clientId: approved.request.clientId });
    await recordAudit(
      c.get("db"),
      session.accountId,
      { memberId: session.memberId, via: "session" },
      {
        action: "oauth_grant.created",
        targetType: "oauth_client",
        targetId: approved.request.clientId,
        detail: { clientName: client?.clientName ?? approved.request.clientId },
      },
    );
    approved.headers.set("Location", redirectTo);
    return new Response(null, { status: 302, headers: approved.headers });
  } catch (error) {
    return authorizationFailure(language, error);
  }
});

/** A request the library refused: back to the client when it validated the redirect, else shown here. */
function authorizationFailure(language: Language, error: unknown): Response {
  if (error instanceof AuthorizationError && error.redirectTo) return Response.redirect(error.redirectTo, 302);
  if (error instanceof AuthorizationError) return errorPage(language, error.description, 400);
  if (error instanceof CimdFetchError) return errorPage(language, WORDS[language].unverifiable, 400);
  throw error;
}

const STYLE = `
  body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827;margin:0}
  main{max-width:34rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid #e5e7eb;border-radius:.5rem}
  h1{font-size:1.4rem;margin:0 0 1rem} .muted{color:#4b5563} .warning{background:#fffbeb;border:1px solid #fcd34d;padding:.75rem;border-radius:.375rem}
  ul{padding-left:1.25rem} .actions{display:flex;gap:.75rem;margin-top:1.5rem;flex-wrap:wrap}
  button{font:inherit;padding:.5rem 1.25rem;border-radius:.375rem;border:1px solid #1d4ed8;cursor:pointer}
  button[value=approve]{background:#1d4ed8;color:#fff} button[value=deny]{background:#fff;color:#1d4ed8}
  button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}`;

/** The page's words in the panel's two languages; the browser's first choice decides (English otherwise). */
const WORDS = {
  en: {
    allow: (name: string) => `Allow <strong>${name}</strong> to use your Content Autopilot account?`,
    title: (name: string) => `Allow ${name}`,
    signedInAs: (email: string) => `Signed in as <strong>${email}</strong>.`,
    publishedBy: (domain: string) => `Published by <strong>${domain}</strong>.`,
    unverified: "This app registered itself: its name is not verified.",
    sentTo: (host: string) => `Access will be sent to <strong>${host}</strong>.`,
    loopback: "<strong>This sends access to an app on your computer.</strong> Continue only if you just started connecting from it.",
    canDo: "It will be able to act as you through the MCP server:",
    abilities: [
      "read your sites, briefs, plans, articles, report and balance;",
      "change briefs, plans and articles, and publish to your sites;",
      "spend credits: writing an article or improving a post is charged.",
    ],
    revokeHint: "You can revoke it at any time under API access in the account panel.",
    approve: "Allow",
    deny: "Deny",
    failedTitle: "Authorization failed",
    failed: "The authorization could not go on",
    signedOut: "You are signed out. Start again from the app that asked for access.",
    notAForm: "This page takes the form it shows, nothing else. Start again from the app that asked for access.",
    unverifiable: "This app could not be verified: its metadata document could not be read.",
  },
  tr: {
    allow: (name: string) => `<strong>${name}</strong> Content Autopilot hesabınızı kullanabilsin mi?`,
    title: (name: string) => `${name} için izin`,
    signedInAs: (email: string) => `<strong>${email}</strong> olarak oturum açık.`,
    publishedBy: (domain: string) => `Yayıncısı: <strong>${domain}</strong>.`,
    unverified: "Bu uygulama kendini kaydetti: adı doğrulanmış değil.",
    sentTo: (host: string) => `Erişim <strong>${host}</strong> adresine gönderilecek.`,
    loopback:
      "<strong>Erişim bilgisayarınızdaki bir uygulamaya gönderiliyor.</strong> Yalnızca bağlantıyı az önce oradan başlattıysanız devam edin.",
    canDo: "MCP sunucusu üzerinden sizin adınıza şunları yapabilecek:",
    abilities: [
      "sitelerinizi, brifleri, planları, makaleleri, raporu ve bakiyeyi okumak;",
      "brifleri, planları ve makaleleri değiştirmek, sitelerinizde yayımlamak;",
      "kredi harcamak: makale yazmak ya da bir yazıyı iyileştirmek ücretlidir.",
    ],
    revokeHint: "Bu izni hesap panelindeki API erişimi sayfasından istediğiniz zaman kaldırabilirsiniz.",
    approve: "İzin ver",
    deny: "Reddet",
    failedTitle: "Yetkilendirme başarısız",
    failed: "Yetkilendirme sürdürülemedi",
    signedOut: "Oturumunuz kapalı. Erişim isteyen uygulamadan yeniden başlayın.",
    notAForm: "Bu sayfa yalnızca gösterdiği formu kabul eder. Erişim isteyen uygulamadan yeniden başlayın.",
    unverifiable: "Bu uygulama doğrulanamadı: üst veri belgesi okunamadı.",
  },
};
type Language = keyof typeof WORDS;

function languageOf(request: Request): Language {
  const first = (request.headers.get("Accept-Language") ?? "").split(",")[0]!.trim().toLowerCase();
  return first.startsWith("tr") ? "tr" : "en";
}

function page(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} – Content Autopilot</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function consentPage(language: Language, details: ConsentDescription, handle: string, email: string): string {
  const words = WORDS[language];
  const name = escapeHtml(details.clientName);
  const origin = details.clientDomain ? words.publishedBy(escapeHtml(details.clientDomain)) : words.unverified;
  return page(
    language,
    words.title(details.clientName),
    `<h1>${words.allow(name)}</h1>
<p class="muted">${words.signedInAs(escapeHtml(email))}</p>
<p>${origin} ${words.sentTo(escapeHtml(details.redirectHost))}</p>
${details.redirectIsLoopback ? `<p class="warning">${words.loopback}</p>` : ""}
<p>${words.canDo}</p>
<ul>${words.abilities.map((ability) => `<li>${ability}</li>`).join("")}</ul>
<p class="muted">${words.revokeHint}</p>
<form method="post" action="${AUTHORIZE_PATH}">
<input type="hidden" name="handle" value="${escapeHtml(handle)}">
<div class="actions"><button type="submit" name="decision" value="approve">${words.approve}</button><button type="submit" name="decision" value="deny">${words.deny}</button></div>
</form>`,
  );
}

function errorPage(language: Language, message: string, status: number): Response {
  const words = WORDS[language];
  return new Response(page(language, words.failedTitle, `<h1>${words.failed}</h1><p>${escapeHtml(message)}</p>`), {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
