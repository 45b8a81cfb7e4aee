import { z } from "@hono/zod-openapi";
import { ROLES } from "../db/schema";
import { MIN_PASSWORD_LENGTH } from "./passwords";

const Password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, "must be at most 200 characters")
  .openapi({ description: `At least ${MIN_PASSWORD_LENGTH} characters`, example: "correct horse battery" });

export const SignInBodySchema = z
  .object({ email: z.email().max(254), password: z.string().min(1).max(200) })
  .strict()
  .openapi("SignInRequest");
export const SignUpBodySchema = z
  .object({
    email: z.email().max(254),
    password: Password,
    locale: z
      .enum(["en", "tr"])
      .optional()
      .openapi({ description: "The language of the confirmation e-mail and of the account's panel (default en)" }),
  })
  .strict()
  .openapi("SignUpRequest");
export const ChangePasswordBodySchema = z
  .object({ currentPassword: z.string().max(200), newPassword: Password })
  .strict()
  .openapi("ChangePasswordRequest");
export const AcceptInviteBodySchema = z
  .object({
    token: z.string().min(20).max(200),
    password: Password.optional().openapi({
      description: "The new user's password; left out when a signed-in user accepts a member invitation",
    }),
    email: z.email().max(254).optional().openapi({
      description:
        "The address the person says the invitation was sent to (the page asks for it); 400 `invitation_other_email` when it is not",
    }),
  })
  .strict()
  .openapi("AcceptInviteRequest");
export const PreviewInviteBodySchema = z
  .object({ token: z.string().min(20).max(200) })
  .strict()
  .openapi("PreviewInviteRequest");
export const InvitePreviewSchema = z
  .object({
    kind: z.enum(["member", "account"]).openapi({
      description:
        "`member`: an invitation to join an account with a role; `account`: the operator's link with which a new account's owner sets the first password",
    }),
    role: z.enum(ROLES),
    accountName: z.string().nullable().openapi({
      description:
        "What the inviting account is called, as its invitation e-mail names it: its name (PATCH /api/account), else its display name; null only when the account is gone",
    }),
    expiresAt: z.string(),
  })
  .openapi("InvitePreview", {
    description:
      "What the link invites to, and nothing about the invited address: whether it already signs in here is learnt by accepting (409 `sign_in_to_accept`)",
  });
export const SwitchAccountBodySchema = z
  .object({ accountId: z.string().min(1).max(64) })
  .strict()
  .openapi("SwitchAccountRequest");

export const SessionSchema = z
  .object({
    accountId: z.string(),
    email: z.string().openapi({ description: "The signed-in person's email" }),
    role: z.enum(ROLES).openapi({ description: "Their role in this account" }),
    via: z
      .enum(["session", "token"])
      .openapi({ description: "How the request was signed in: the panel's session cookie, or a bearer token" }),
  })
  .openapi("Session");

export const InviteSchema = z
  .object({
    url: z.string().openapi({
      description: "The one-time link that sets the password; send it to the account's owner",
      example: "https://panel.example.com/invite#…",
    }),
    expiresAt: z.string(),
  })
  .openapi("AccountInvite");

export const SignInLinkRequestSchema = z
  .object({ email: z.email().max(254) })
  .strict()
  .openapi("SignInLinkRequest");
export const SignInLinkSentSchema = z
  .object({
    sent: z.literal(true).openapi({ description: "Always true: the answer does not tell whether the address signs in here" }),
  })
  .openapi("SignInLinkSent");
export const UseSignInLinkBodySchema = z
  .object({ token: z.string().min(20).max(200) })
  .strict()
  .openapi("UseSignInLinkRequest");

export const SignUpAcceptedSchema = z
  .object({
    status: z.literal("check_email").openapi({
      description: "Always: a new address gets a link that makes the account; the owner of a taken one is told someone tried",
    }),
  })
  .openapi("SignUpAccepted");
