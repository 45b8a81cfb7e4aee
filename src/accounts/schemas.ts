import { z } from "@hono/zod-openapi";
import { BILLING_MODES, EMAIL_KINDS, LOCALES, ROLES } from "../db/schema";
import { formatKurus } from "../core/money";
import { plainText } from "../core/plain-text";
import { CreatedApiTokenSchema } from "../tokens/schemas";
import { defaultAccountName } from "./display-name";
import type { AccountRow } from "./service";

export const AccountSchema = z
  .object({
    id: z.string().openapi({ example: "acc_Q2n8xK1bW7cVt0Ra" }),
    email: z.string().openapi({ example: "owner@example.com" }),
    name: z.string().nullable().openapi({
      description: "What members and invitees are shown (an invitation's subject names it); null until an owner or admin names the account",
      example: "Kadıköy Ajans",
    }),
    displayName: z.string().openapi({
      description:
        "What the account is called in the panel's header, e-mails and the client's approval page: its `name`, else one derived from a business e-mail domain (info@kadikoy-ajans.com.tr → Kadikoy Ajans), the first site's name, or the address's name part — never the e-mail address",
      example: "Kadıköy Ajans",
    }),
    billingMode: z.enum(BILLING_MODES),
    creditBalance: z.string().openapi({ description: "Turkish lira, two decimals", example: "100.00" }),
    closesAt: z.string().nullable().openapi({
      description: "Set while the account is closing: when it is deleted unless an owner cancels (docs/guides/privacy.md)",
    }),
    createdAt: z.string(),
  })
  .openapi("Account");
export type Account = z.infer<typeof AccountSchema>;

export const CurrentMemberSchema = z
  .object({
    id: z.string().openapi({ example: "mem_Q2n8xK1bW7cVt0Ra" }),
    email: z.string().openapi({ description: "The member's own sign-in email", example: "editor@example.com" }),
    role: z.enum(ROLES),
    siteIds: z.array(z.string()).nullable().openapi({ description: "The sites the member is limited to; null for all" }),
    notifications: z
      .object({
        off: z.array(z.enum(EMAIL_KINDS)).openapi({ description: "The e-mails this member turned off" }),
        locale: z.enum(LOCALES).openapi({ description: "The language of their e-mails" }),
      })
      .openapi({ description: "Set with PUT /api/members/me/notifications (docs/guides/email.md)" }),
  })
  .openapi("CurrentMember");

export const CurrentAccountSchema = AccountSchema.extend({
  member: CurrentMemberSchema.nullable().openapi({
    description:
      "Who calls: the member and their role (a token's lower role when it was made with one); null for a token the operator issued, which acts as an owner",
  }),
  role: z.enum(ROLES).openapi({ description: "What the caller may do here (docs/guides/teams.md has the table)" }),
  memberships: z
    .array(
      z.object({
        accountId: z.string(),
        accountEmail: z.string(),
        accountName: z.string().nullable(),
        accountDisplayName: z.string().openapi({
          description: "What the account is called (its name, else the default of `displayName`): the switcher shows it, never the e-mail",
        }),
        role: z.enum(ROLES),
      }),
    )
    .openapi({ description: "Every account the member's user belongs to (the panel switches among them); empty for an operator token" }),
}).openapi("CurrentAccount");

export const CreateAccountBodySchema = z
  .object({ email: z.email().max(254) })
  .strict()
  .openapi("CreateAccountRequest");

export const CreatedAccountSchema = z.object({ account: AccountSchema, token: CreatedApiTokenSchema }).openapi("CreatedAccount");

/** `displayName`: what accountDisplayName says (src/accounts/display-name.ts); without it, what the name and e-mail alone give. */
export function toAccount(row: AccountRow, displayName = row.name ?? defaultAccountName(row.email)): Account {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    displayName,
    billingMode: row.billingMode,
    creditBalance: formatKurus(row.creditBalanceKurus),
    closesAt: row.closesAt,
    createdAt: row.createdAt,
  };
}

export const UpdateAccountBodySchema = z
  .object({
    name: plainText(z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters"), {
      noMarkup: true,
      noBidi: true,
    })
      .nullable()
      .openapi({
        description:
          "1 to 60 characters of plain text (trimmed) without control characters or bidirectional controls; null removes it (the account then goes by its derived `displayName`)",
        example: "Kadıköy Ajans",
      }),
  })
  .strict()
  .openapi("UpdateAccountRequest");
