import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { requireAdminToken } from "../http/operator-auth";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { CreatedApiTokenSchema, CreateTokenBodySchema, toApiToken } from "../tokens/schemas";
import { createToken } from "../tokens/service";
import {
  AccountSchema,
  CreateAccountBodySchema,
  CreatedAccountSchema,
  CurrentAccountSchema,
  toAccount,
  UpdateAccountBodySchema,
} from "./schemas";
import { createAccountWithToken, getAccount, memberView, renameAccount } from "./service";
import { membershipsOf } from "../members/service";
import { accountDisplayName } from "./display-name";

export const accountRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

accountRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getCurrentAccount",
    path: "/auth/me",
    tags: ["Account"],
    summary: "The account, and who calls: the member, their role and their other accounts",
    responses: { 200: jsonContent(CurrentAccountSchema, "The Account record with the caller's member"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const caller = c.get("caller");
    const db = c.get("db");
    const [account, member] = await Promise.all([getAccount(db, caller.accountId), memberView(db, caller)]);
    const memberships = member ? await membershipsOf(db, member.userId) : [];
    return c.json(
      {
        ...toAccount(account, await accountDisplayName(db, account)),
        member: member
          ? {
              id: member.id,
              email: member.email,
              role: caller.role,
              siteIds: caller.siteIds,
              notifications: { off: member.emailOff, locale: member.locale },
            }
          : null,
        role: caller.role,
        memberships: await Promise.all(
          memberships.map(async ({ accountId, accountEmail, accountName, role }) => ({
            accountId,
            accountEmail,
            accountName,
            accountDisplayName: await accountDisplayName(db, { id: accountId, email: accountEmail, name: accountName }),
            role,
          })),
        ),
      },
      200,
    );
  },
);

accountRoutes.openapi(
  createRoute({
    method: "patch",
    operationId: "updateAccount",
    path: "/account",
    tags: ["Account"],
    summary: "Name the account (owner or admin): members see the name, and invitations name the account by it",
    request: { body: jsonBody(UpdateAccountBodySchema) },
    responses: { 200: jsonContent(AccountSchema, "The account"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const account = await renameAccount(c.get("db"), c.get("caller"), c.req.valid("json").name);
    return c.json(toAccount(account, await accountDisplayName(c.get("db"), account)), 200);
  },
);

export const adminAccountRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

adminAccountRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "createAccount",
    path: "/admin/accounts",
    tags: ["Operator"],
    summary: "Create an account and its first token (operator only, ADMIN_TOKEN)",
    middleware: [requireAdminToken] as const,
    request: { body: jsonBody(CreateAccountBodySchema) },
    responses: { 201: jsonContent(CreatedAccountSchema, "The account and its first token"), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    const now = new Date();
    const { account, token, secret } = await createAccountWithToken(c.get("db"), {
      email: c.req.valid("json").email,
      signupCreditKurus: c.get("config").signupCreditKurus,
      now,
    });
    return c.json({ account: toAccount(account), token: { ...toApiToken(token, now), token: secret } }, 201);
  },
);

adminAccountRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "issueAccountToken",
    path: "/admin/accounts/{accountId}/tokens",
    tags: ["Operator"],
    summary: "Issue a token for an existing account (operator only, ADMIN_TOKEN): how a locked-out owner gets back in",
    middleware: [requireAdminToken] as const,
    request: { params: z.object({ accountId: z.string().min(1).max(64) }), body: jsonBody(CreateTokenBodySchema) },
    responses: { 201: jsonContent(CreatedApiTokenSchema, "The new token, shown once"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const now = new Date();
    const { accountId } = c.req.valid("param");
    const account = await getAccount(c.get("db"), accountId);
    const { name, scope } = c.req.valid("json");
    const { secret, row } = await createToken(c.get("db"), { accountId: account.id, name, scope, now });
    return c.json({ ...toApiToken(row, now), token: secret }, 201);
  },
);
