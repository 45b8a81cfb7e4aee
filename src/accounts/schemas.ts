import { z } from "@hono/zod-openapi";
import { BILLING_MODES } from "../db/schema";
import { formatKurus } from "../core/money";
import { CreatedApiTokenSchema } from "../tokens/schemas";
import type { AccountRow } from "./service";

export const AccountSchema = z
  .object({
    id: z.string().openapi({ example: "acc_Q2n8xK1bW7cVt0Ra" }),
    email: z.string().openapi({ example: "owner@example.com" }),
    billingMode: z.enum(BILLING_MODES),
    creditBalance: z.string().openapi({ description: "Turkish lira, two decimals", example: "100.00" }),
    createdAt: z.string(),
  })
  .openapi("Account");
export type Account = z.infer<typeof AccountSchema>;

export const CreateAccountBodySchema = z
  .object({ email: z.email().max(254) })
  .strict()
  .openapi("CreateAccountRequest");

export const CreatedAccountSchema = z.object({ account: AccountSchema, token: CreatedApiTokenSchema }).openapi("CreatedAccount");

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    billingMode: row.billingMode,
    creditBalance: formatKurus(row.creditBalanceKurus),
    createdAt: row.createdAt,
  };
}
