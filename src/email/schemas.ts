import { z } from "@hono/zod-openapi";
import { LOCALES } from "../db/schema";
import { OPTIONAL_EMAIL_KINDS } from "./kinds";

const EmailKindSchema = z.enum(OPTIONAL_EMAIL_KINDS).openapi({
  description:
    "A kind of e-mail a member can turn off: item_failed, site_error, review_digest, refresh_suggested, balance_low, payment_received, client_answered (invitations always go)",
});

export const EmailPreferencesBodySchema = z
  .object({
    off: z
      .array(EmailKindSchema)
      .max(OPTIONAL_EMAIL_KINDS.length * 2)
      .openapi({ description: "The kinds you do not want; every other kind your role receives is sent", example: ["review_digest"] }),
    locale: z.enum(LOCALES).optional().openapi({ description: "The language of your e-mails (and the panel's); unchanged when absent" }),
  })
  .strict()
  .openapi("EmailPreferencesBody");
export type EmailPreferencesBody = z.infer<typeof EmailPreferencesBodySchema>;

export const EmailPreferencesSchema = z
  .object({
    off: z.array(EmailKindSchema).openapi({ description: "The kinds turned off, in a fixed order" }),
    locale: z.enum(LOCALES),
  })
  .openapi("EmailPreferences");
