import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { AppError } from "../core/errors";
import { validationHook } from "../core/validation";
import { accounts, members, users } from "../db/schema";
import { bearerSecret } from "../http/bearer";
import { clientAddressKey } from "../http/client-address";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { requireAdminToken } from "../http/operator-auth";
import { rateLimitedError, rateLimitHeaders } from "../http/rate-limit";
import {
  assertSameOrigin,
  clearSessionCookie,
  readDeviceCookie,
  readSessionCookie,
  writeDeviceCookie,
  writeSessionCookie,
} from "../http/session-cookie";
import { authenticateToken } from "../tokens/service";
import {
  AcceptInviteBodySchema,
  ChangePasswordBodySchema,
  InvitePreviewSchema,
  InviteSchema,
  PreviewInviteBodySchema,
  SessionSchema,
  SignInLinkRequestSchema,
  SignInLinkSentSchema,
  SignUpAcceptedSchema,
  SwitchAccountBodySchema,
  UseSignInLinkBodySchema,
  SignInBodySchema,
  SignUpBodySchema,
} from "./schemas";
import {
  acceptInvite,
  assertInvitationLookupsLeft,
  changePassword,
  confirmSignUp,
  countUnknownInvitation,
  endSession,
  inviteAccount,
  previewInvitation,
  requestSignInLink,
  sessionAccount,
  signIn,
  signUp,
  switchAccount,
  useSignInLink,
} from "./service";
import { memberView } from "../accounts/service";
import { firstOwner } from "../members/service";

/** The panel's session routes: sign in, sign up, sign out, password, invitations. */
export const sessionRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
const tags = ["Account"];

/** The session's (or token's) account and the signed-in person: their email and their role there. */
async function answer(c: Context<AppEnv>, who: { accountId: string; userId: string | null }, via: "session" | "token") {
  const db = c.get("db");
  const [found] = await db
    .select({ email: users.email, role: members.role })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.accountId, who.accountId), eq(members.userId, who.userId ?? "")));
  if (found) return { accountId: who.accountId, email: found.email, role: found.role, via };
  const [account] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, who.accountId));
  return { accountId: who.accountId, email: account?.email ?? "", role: "owner" as const, via };
}

/** Who asks: a bearer `manage` token, or the session cookie (then a state change must be same-origin). */
async function signedIn(
  c: Context<AppEnv>,
): Promise<{ accountId: string; userId: string | null; via: "session" | "token"; cookie?: string; lowerRole?: boolean }> {
  if (c.req.header("Authorization")) {
    const { caller } = await authenticateToken(c.get("db"), bearerSecret(c), new Date());
    if (caller.scope !== "manage")
      throw new AppError("insufficient_scope", "This token's scope is 'public:read'; this route needs a token with scope 'manage'");
    const member = await memberView(c.get("db"), caller);
    return {
      accountId: caller.accountId,
      userId: member?.userId ?? (await firstOwner(c.get("db"), caller.accountId))?.userId ?? null,
      via: "token",
      lowerRole: member ? member.role !== caller.role : caller.role !== "owner",
    };
  }
  const cookie = readSessionCookie(c);
  const session = cookie ? await sessionAccount(c.get("services"), cookie, new Date()) : null;
  if (!session || !cookie)
    throw new AppError("unauthorized", "Not signed in: sign in with POST /api/session, or send 'Authorization: Bearer <API_TOKEN>'");
  assertSameOrigin(c, true);
  return { accountId: session.accountId, userId: session.userId, via: "session", cookie };
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
      "Sets `__Host-session` (HttpOnly, Secure, SameSite=Lax, 30 days, sliding) and the known-device mark `__Host-device` (180 days). The same 401 for an unknown email and a wrong password; 10 failures per address or per email in 15 minutes make every attempt 429, except that a browser which signed in as this person before (its `__Host-device`) is held only to its address's window. A person locked out can ask for a one-time sign-in link: POST /api/session/sign-in-link.",
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
      deviceMark: readDeviceCookie(c),
      now: new Date(),
    });
    if ("blocked" in result)
      throw rateLimitedError(
        result.blocked,
        rateLimitHeaders(result.blocked),
        `Too many failed sign-ins (${result.blocked.limit} per 15 minutes); try again later, or ask for a one-time sign-in link by e-mail`,
      );
    writeSessionCookie(c, result.sessionId);
    writeDeviceCookie(c, result.deviceMark);
    return c.json(await answer(c, { accountId: result.accountId, userId: result.userId }, "session"), 200);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "signUp",
    path: "/session/signup",
    tags,
    security: [],
    summary: "Sign up with email and password (only when SIGNUP_OPEN=true): a link to confirm the address is e-mailed",
    description:
      "Always the same 202 for a new address and a taken one, so sign-up tells no one which addresses have accounts. A new address gets a link (24 hours, once) that makes the account and signs in: POST /api/session/signup/confirm. The owner of a taken address is told someone tried (at most 3 times an hour). 5 sign-ups per client address per hour; past that, 429.",
    request: { body: jsonBody(SignUpBodySchema) },
    responses: { 202: jsonContent(SignUpAcceptedSchema, "Check the mailbox"), ...errorResponses(400, 403, 429) },
  }),
  async (c) => {
    assertSameOrigin(c, false);
    const { email, password, locale } = c.req.valid("json");
    const result = await signUp(c.get("services"), {
      email,
      password,
      locale,
      addressKey: clientAddressKey(c.req.header("CF-Connecting-IP")),
      origin: new URL(c.req.url).origin,
      now: new Date(),
    });
    if ("blocked" in result)
      throw rateLimitedError(
        result.blocked,
        rateLimitHeaders(result.blocked),
        `Too many sign-ups from this address (${result.blocked.limit} per hour); try again later`,
      );
    return c.json({ status: "check_email" as const }, 202);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "confirmSignUp",
    path: "/session/signup/confirm",
    tags,
    security: [],
    summary: "Confirm a sign-up with its e-mailed link's token: the account is made and signed in (once)",
    description:
      "400 `sign_up_link_invalid` for a link unknown, used or expired; 409 `email_taken` when the address got an account since. Unknown links count against the address's 20 per 15 minutes (then 429).",
    request: { body: jsonBody(UseSignInLinkBodySchema) },
    responses: { 201: jsonContent(SessionSchema, "The new account, signed in"), ...errorResponses(400, 403, 409, 429) },
  }),
  async (c) => {
    assertSameOrigin(c, false);
    const result = await confirmSignUp(c.get("services"), {
      token: c.req.valid("json").token,
      addressKey: clientAddressKey(c.req.header("CF-Connecting-IP")),
      now: new Date(),
    });
    writeSessionCookie(c, result.sessionId);
    writeDeviceCookie(c, result.deviceMark);
    return c.json(await answer(c, result, "session"), 201);
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
    const who = await signedIn(c);
    return c.json(await answer(c, who, who.via), 200);
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
    const who = await signedIn(c);
    if (!who.userId) throw new AppError("not_found", "No sign-in belongs to this token");
    // A password is the member's whole strength: a token made with a lower role cannot set one.
    if (who.lowerRole)
      throw new AppError(
        "insufficient_role",
        "This token was made with a lower role than its member's: it cannot change the member's password",
      );
    const { accountId } = who;
    const { currentPassword, newPassword } = c.req.valid("json");
    const result = await changePassword(
      c.get("services"),
      { accountId, userId: who.userId },
      {
        current: currentPassword,
        next: newPassword,
        addressKey: clientAddressKey(c.req.header("CF-Connecting-IP")),
        now: new Date(),
      },
    );
    if ("blocked" in result)
      throw rateLimitedError(
        result.blocked,
        rateLimitHeaders(result.blocked),
        `Too many wrong passwords (${result.blocked.limit} per 15 minutes); try again later`,
      );
    writeSessionCookie(c, result.sessionId);
    return c.json(await answer(c, { accountId, userId: who.userId }, "session"), 200);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "acceptInvite",
    path: "/session/invite",
    tags,
    security: [],
    summary: "Accept an invitation link's token (once): set a password as a new user, or join signed in",
    description:
      "The operator's invitation sets the account owner's password. A member invitation makes a new user with this password, or, without a password and with the session cookie of a signed-in user, adds that user to the account (one person may be a member of several accounts). Either way the session then works in the invitation's account. An email that already signs in here must sign in first: 409 `sign_in_to_accept`.",
    request: { body: jsonBody(AcceptInviteBodySchema) },
    responses: { 200: jsonContent(SessionSchema, "Accepted; signed in to the account"), ...errorResponses(400, 403, 409) },
  }),
  async (c) => {
    assertSameOrigin(c, false);
    const { token, password, email } = c.req.valid("json");
    const cookie = password ? undefined : readSessionCookie(c);
    // Joining with the session is a cookie-authenticated change: it must come from the panel itself.
    if (cookie) assertSameOrigin(c, true);
    const addressKey = clientAddressKey(c.req.header("CF-Connecting-IP"));
    await assertInvitationLookupsLeft(c.get("services"), addressKey);
    const session = cookie ? await sessionAccount(c.get("services"), cookie, new Date()) : null;
    const result = await acceptInvite(c.get("services"), {
      token,
      password,
      email,
      signedIn: session ? { userId: session.userId } : undefined,
      addressKey,
      now: new Date(),
    });
    writeSessionCookie(c, result.sessionId);
    return c.json(await answer(c, result, "session"), 200);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "previewInvite",
    path: "/session/invite/preview",
    tags,
    security: [],
    summary: "What an invitation link invites to, without using it",
    description:
      "The kind of link, the role, the account's name and the expiry: nothing about the invited address. Unknown links count against the address's 20 per 15 minutes (then 429), as approval links do.",
    request: { body: jsonBody(PreviewInviteBodySchema) },
    responses: { 200: jsonContent(InvitePreviewSchema, "The invitation"), ...errorResponses(400, 403, 429) },
  }),
  async (c) => {
    assertSameOrigin(c, false);
    const services = c.get("services");
    const addressKey = clientAddressKey(c.req.header("CF-Connecting-IP"));
    await assertInvitationLookupsLeft(services, addressKey);
    const preview = await previewInvitation(services.db, c.req.valid("json").token, new Date());
    if (!preview) {
      await countUnknownInvitation(services, addressKey);
      throw new AppError("invitation_invalid", "This invitation link is unknown, used or expired; ask for a new one");
    }
    return c.json(preview, 200);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "switchAccount",
    path: "/session/account",
    tags,
    summary: "Work in another account the signed-in user is a member of",
    request: { body: jsonBody(SwitchAccountBodySchema) },
    responses: { 200: jsonContent(SessionSchema, "The session now works in this account"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const who = await signedIn(c);
    if (!who.cookie || !who.userId)
      throw new AppError("invalid_request", "Only a panel session switches accounts; a token belongs to one account");
    const { accountId } = c.req.valid("json");
    await switchAccount(c.get("services"), who.cookie, who.userId, accountId);
    return c.json(await answer(c, { accountId, userId: who.userId }, "session"), 200);
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

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "requestSignInLink",
    path: "/session/sign-in-link",
    tags,
    security: [],
    summary: "E-mail a one-time sign-in link (for a person locked out by failed sign-ins)",
    description:
      "Always the same 202, whether or not anyone signs in with the address (nothing is sent then). The link works once, for 15 minutes, and signs in without the password and past the e-mail's failure window. 5 requests per address per hour (then 429); at most 3 links per e-mail per hour (more are not sent).",
    request: { body: jsonBody(SignInLinkRequestSchema) },
    responses: { 202: jsonContent(SignInLinkSentSchema, "Sent when the address signs in here"), ...errorResponses(400, 403, 429) },
  }),
  async (c) => {
    assertSameOrigin(c, false);
    const result = await requestSignInLink(c.get("services"), {
      email: c.req.valid("json").email,
      addressKey: clientAddressKey(c.req.header("CF-Connecting-IP")),
      origin: new URL(c.req.url).origin,
      now: new Date(),
    });
    if ("blocked" in result)
      throw rateLimitedError(
        result.blocked,
        rateLimitHeaders(result.blocked),
        `Too many sign-in links asked from this address (${result.blocked.limit} per hour); try again later`,
      );
    return c.json({ sent: true as const }, 202);
  },
);

sessionRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "useSignInLink",
    path: "/session/sign-in-link/use",
    tags,
    security: [],
    summary: "Sign in with a one-time link's token (once); sets the session cookie and the known-device mark",
    description:
      "400 `sign_in_link_invalid` for a link that is unknown, used or expired; unknown links count against the address's 20 per 15 minutes (then 429).",
    request: { body: jsonBody(UseSignInLinkBodySchema) },
    responses: { 200: jsonContent(SessionSchema, "Signed in"), ...errorResponses(400, 403, 429) },
  }),
  async (c) => {
    assertSameOrigin(c, false);
    const result = await useSignInLink(c.get("services"), {
      token: c.req.valid("json").token,
      addressKey: clientAddressKey(c.req.header("CF-Connecting-IP")),
      now: new Date(),
    });
    writeSessionCookie(c, result.sessionId);
    writeDeviceCookie(c, result.deviceMark);
    return c.json(await answer(c, result, "session"), 200);
  },
);
