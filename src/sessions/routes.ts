import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { AppError } from "../core/errors";
import { validationHook } from "../core/validation";
import { accounts } from "../db/schema";
import { bearerSecret } from "../http/bearer";
import { clientAddressKey } from "../http/client-address";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { requireAdminToken } from "../http/operator-auth";
import { rateLimitedError, rateLimitHeaders } from "../http/rate-limit";
import { assertSameOrigin, clearSessionCookie, readSessionCookie, writeSessionCookie } from "../http/session-cookie";
import { authenticateToken } from "../tokens/service";
import {
  AcceptInviteBodySchema,
  ChangePasswordBodySchema,
  InviteSchema,
  SessionSchema,
  SignInBodySchema,
  SignUpBodySchema,
} from "./schemas";
import { acceptInvite, changePassword, endSession, inviteAccount, sessionAccount, signIn, signUp } from "./service";

/** The panel's session routes: sign in, sign up, sign out, password, invitations. */
export const sessionRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
const tags = ["Account"];

async function sessionAnswer(c: Context<AppEnv>, accountId: string, via: "session" | "token") {
  const [account] = await c.get("db").select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId));
  return { accountId, email: account?.email ?? "", via };
}

/** Who asks: a bearer `manage` token, or the session cookie (then a state change must be same-origin). */
async function signedIn(c: Context<AppEnv>): Promise<{ accountId: string; via: "session" | "token" }> {
  if (c.req.header("Authorization")) {
    const { caller } = await authenticateToken(c.get("db"), bearerSecret(c), new Date());
    if (caller.scope !== "manage")
      throw new AppError("insufficient_scope", "This token's scope is 'public:read'; this route needs a token with scope 'manage'");
    return { accountId: caller.accountId, via: "token" };
  }
  const cookie = readSessionCookie(c);
  const session = cookie ? await sessionAccount(c.get("services"), cookie, new Date()) : null;
  if (!session)
    throw new AppError("unauthorized", "Not signed in: sign in with POST /api/session, or send 'Authorization: Bearer <API_TOKEN>'");
  assertSameOrigin(c, true);
  return { accountId: session.accountId, via: "session" };
}

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "signIn",
    path: "/session",
    tags,
    security: [],
    summary: "Sign in to the panel with email and password (sets the session cookie)",
    description:
      "Sets `__Host-session` (HttpOnly, Secure, SameSite=Lax, 30 days, sliding). The same 401 for an unknown email and a wrong password; 10 failures per address or per email in 15 minutes make every attempt 429.",
    request: { body: jsonBody(SignInBodySchema) },
    responses: { 200: jsonContent(SessionSchema, "Signed in"), ...errorResponses(400, 401, 403, 429) },
  }),
  async (c) => {
    assertSameOrigin(c, false);
    const { email, password } = c.req.valid("json");
    const result = await signIn(c.get("services"), {
      email,
      password,
      addressKey: clientAddressKey(c.req.header("CF-Connecting-IP")),
      now: new Date(),
    });
    if ("blocked" in result)
      throw rateLimitedError(
        result.blocked,
        rateLimitHeaders(result.blocked),
        `Too many failed sign-ins (${result.blocked.limit} per 15 minutes); try again later`,
      );
    writeSessionCookie(c, result.sessionId);
    return c.json(await sessionAnswer(c, result.accountId, "session"), 200);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "signUp",
    path: "/session/signup",
    tags,
    security: [],
    summary: "Create an account with email and password (only when SIGNUP_OPEN=true), signed in at once",
    description: "5 sign-ups per address per hour; past that, 429.",
    request: { body: jsonBody(SignUpBodySchema) },
    responses: { 201: jsonContent(SessionSchema, "The new account, signed in"), ...errorResponses(400, 403, 409, 429) },
  }),
  async (c) => {
    assertSameOrigin(c, false);
    const { email, password } = c.req.valid("json");
    const result = await signUp(c.get("services"), {
      email,
      password,
      addressKey: clientAddressKey(c.req.header("CF-Connecting-IP")),
      now: new Date(),
    });
    if ("blocked" in result)
      throw rateLimitedError(
        result.blocked,
        rateLimitHeaders(result.blocked),
        `Too many sign-ups from this address (${result.blocked.limit} per hour); try again later`,
      );
    writeSessionCookie(c, result.sessionId);
    return c.json(await sessionAnswer(c, result.accountId, "session"), 201);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getSession",
    path: "/session",
    tags,
    summary: "Who is signed in (session cookie or bearer token)",
    responses: { 200: jsonContent(SessionSchema, "The signed-in account"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const { accountId, via } = await signedIn(c);
    return c.json(await sessionAnswer(c, accountId, via), 200);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "signOut",
    path: "/session",
    tags,
    security: [],
    summary: "Sign out: the session ends and the cookie is cleared",
    responses: { 204: { description: "Signed out (also when no session was there)" }, ...errorResponses(403) },
  }),
  async (c) => {
    const cookie = readSessionCookie(c);
    if (cookie) {
      assertSameOrigin(c, true);
      await endSession(c.get("services"), cookie);
    }
    clearSessionCookie(c);
    return c.body(null, 204);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "changePassword",
    path: "/session/password",
    tags,
    summary: "Change the password: every session of the account ends, this caller gets a new one",
    description:
      "A wrong current password counts as a failed sign-in of the address and of the account's email: past 10 in 15 minutes, 429.",
    request: { body: jsonBody(ChangePasswordBodySchema) },
    responses: { 200: jsonContent(SessionSchema, "Changed; signed in with a new session"), ...errorResponses(400, 401, 403, 429) },
  }),
  async (c) => {
    const { accountId } = await signedIn(c);
    const { currentPassword, newPassword } = c.req.valid("json");
    const result = await changePassword(c.get("services"), accountId, {
      current: currentPassword,
      next: newPassword,
      addressKey: clientAddressKey(c.req.header("CF-Connecting-IP")),
      now: new Date(),
    });
    if ("blocked" in result)
      throw rateLimitedError(
        result.blocked,
        rateLimitHeaders(result.blocked),
        `Too many wrong passwords (${result.blocked.limit} per 15 minutes); try again later`,
      );
    writeSessionCookie(c, result.sessionId);
    return c.json(await sessionAnswer(c, accountId, "session"), 200);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "acceptInvite",
    path: "/session/invite",
    tags,
    security: [],
    summary: "Set the password with an invitation link's token (once), signed in at once",
    request: { body: jsonBody(AcceptInviteBodySchema) },
    responses: { 200: jsonContent(SessionSchema, "Password set; signed in"), ...errorResponses(400, 403) },
  }),
  async (c) => {
    assertSameOrigin(c, false);
    const { token, password } = c.req.valid("json");
    const { accountId, sessionId } = await acceptInvite(c.get("services"), { token, password, now: new Date() });
    writeSessionCookie(c, sessionId);
    return c.json(await sessionAnswer(c, accountId, "session"), 200);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "inviteAccount",
    path: "/admin/accounts/{accountId}/invite",
    tags: ["Operator"],
    summary: "A one-time link, valid 7 days, with which the account's owner sets a password (operator only, ADMIN_TOKEN)",
    middleware: [requireAdminToken] as const,
    request: { params: z.object({ accountId: z.string().min(1).max(64) }) },
    responses: { 201: jsonContent(InviteSchema, "The link"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await inviteAccount(c.get("services"), c.req.valid("param").accountId, new URL(c.req.url).origin, new Date()), 201),
);
