import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import { clientAddressKey } from "../http/client-address";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { clearSessionCookie } from "../http/session-cookie";
import { cancelClose, closeAccount } from "./close";
import { leaveAccount } from "./leave";
import { CloseAccountBodySchema, ClosureSchema, LeaveAccountBodySchema } from "./schemas";

/** Closing the account (owner) and a member leaving it with their personal data (docs/guides/privacy.md). */
export const closeRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

closeRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "closeAccount",
    path: "/account/close",
    tags: ["Account"],
    summary:
      "Close the account: credentials and secrets deleted now, everything else after 14 days unless cancelled (owner, with the password)",
    description:
      "At once: site credentials and webhook secrets, the BYOK key and the Google connection are deleted; every API token is revoked, every session ended (sign in again to export or cancel), every OAuth grant revoked; open invitations and approval links stop working; active plans are paused. Until `closesAt` the account only reads, exports (`POST /api/account/export`) and cancels (`POST /api/account/close/cancel`). A wrong password is 400 `wrong_password` and counts like a failed sign-in.",
    request: { body: jsonBody(CloseAccountBodySchema) },
    responses: { 202: jsonContent(ClosureSchema, "The account is closing"), ...errorResponses(400, 401, 403, 409, 429) },
  }),
  async (c) => {
    const closure = await closeAccount(c.get("services"), c.get("caller"), {
      password: c.req.valid("json").password,
      addressKey: clientAddressKey(c.req.header("CF-Connecting-IP")),
      oauth: c.env.OAUTH_PROVIDER,
      now: new Date(),
    });
    clearSessionCookie(c);
    return c.json(closure, 202);
  },
);

closeRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "cancelAccountClosure",
    path: "/account/close/cancel",
    tags: ["Account"],
    summary: "Cancel the account's closure within its 14 days (owner); what was deleted at once stays deleted",
    description: "Reconnect the sites (their credentials were deleted), make new tokens, and approve the paused plans again.",
    responses: { 204: { description: "The account is open again" }, ...errorResponses(401, 403, 409) },
  }),
  async (c) => {
    await cancelClose(c.get("services"), c.get("caller"), new Date());
    return c.body(null, 204);
  },
);

closeRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "leaveAccount",
    path: "/members/me",
    tags: ["Members"],
    summary: "Leave the account and take your personal data with you (any member, with the password)",
    description:
      "Your sessions, tokens and OAuth grants here end; the audit log keeps what you did as 'former member'; your e-mails and invitations here are deleted; and when you belong to no other account, your sign-in (e-mail, password, language) is deleted too. The last owner cannot leave (409 `last_owner`).",
    request: { body: jsonBody(LeaveAccountBodySchema) },
    responses: { 204: { description: "You left" }, ...errorResponses(400, 401, 403, 409, 429) },
  }),
  async (c) => {
    const caller = c.get("caller");
    await leaveAccount(c.get("services"), caller, {
      password: c.req.valid("json").password,
      addressKey: clientAddressKey(c.req.header("CF-Connecting-IP")),
      oauth: c.env.OAUTH_PROVIDER,
      now: new Date(),
    });
    if (caller.via === "session") clearSessionCookie(c);
    return c.body(null, 204);
  },
);
