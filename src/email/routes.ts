import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError } from "../core/errors";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { pageSecurityHeaders } from "../http/security-headers";
import { UNSUBSCRIBE_PATH } from "./links";
import { setEmailPreferences, unsubscribe, unsubscribeTarget } from "./preferences";
import { EmailPreferencesBodySchema, EmailPreferencesSchema } from "./schemas";
import { UNSUBSCRIBE_PAGE_STYLE, unsubscribePage } from "./unsubscribe-page";

export const emailRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

emailRoutes.openapi(
  createRoute({
    method: "put",
    operationId: "setMyEmailPreferences",
    path: "/members/me/notifications",
    tags: ["Account"],
    summary: "Choose which e-mails you receive from this account, and their language",
    request: { body: jsonBody(EmailPreferencesBodySchema) },
    responses: {
      200: jsonContent(EmailPreferencesSchema, "Your choices as stored"),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const caller = c.get("caller");
    if (!caller.memberId) {
      throw new AppError(
        "conflict",
        "This token was issued by the operator and belongs to no member: e-mail choices are a member's; sign in as the member or use a token of theirs",
      );
    }
    const body = c.req.valid("json");
    const preferences = await setEmailPreferences(c.get("services"), {
      accountId: caller.accountId,
      memberId: caller.memberId,
      off: body.off,
      locale: body.locale,
    });
    return c.json(preferences, 200);
  },
);

// The unsubscribe link of every e-mail (no sign-in: the signed token is the permission). GET only
// asks, so a mail scanner that opens links changes nothing; POST turns the kind off, from the
// page's button or from the mail client's one-click unsubscribe (RFC 8058: any body, any origin).

emailRoutes.get(UNSUBSCRIBE_PATH.replace(/^\/api/, ""), async (c) => {
  const target = await unsubscribeTarget(c.get("services"), c.req.query("token"));
  return page(c, { ...target, done: target.off });
});

emailRoutes.post(UNSUBSCRIBE_PATH.replace(/^\/api/, ""), async (c) => {
  const target = await unsubscribe(c.get("services"), c.req.query("token"));
  return page(c, { ...target, done: true });
});

async function page(c: Context<AppEnv>, target: Awaited<ReturnType<typeof unsubscribeTarget>> & { done: boolean }): Promise<Response> {
  const url = new URL(c.req.url);
  const html = unsubscribePage({
    locale: target.locale,
    kind: target.kind,
    email: target.email,
    account: target.account,
    done: target.done,
    action: `${url.pathname}${url.search}`,
  });
  return c.html(html, 200, { ...(await pageSecurityHeaders(UNSUBSCRIBE_PAGE_STYLE)), "Cache-Control": "no-store" });
}
