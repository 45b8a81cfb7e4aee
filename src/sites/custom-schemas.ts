import { z } from "@hono/zod-openapi";
import { BusinessContextSchema, LanguageSchema } from "./schemas";

export const ConnectCustomBodySchema = z
  .object({
    url: z.string().min(1).max(2048).openapi({ description: "The site's address", example: "https://www.example.com" }),
    webhookUrl: z.string().min(1).max(2048).optional().openapi({
      description: "Where signed `article.published` webhooks go; omit it to pull articles with GET /autopilot/articles",
      example: "https://www.example.com/hooks/autopilot",
    }),
    businessContext: BusinessContextSchema.default("").openapi({ example: "Bakery supplies shop" }),
    language: LanguageSchema.default("en"),
  })
  .strict()
  .openapi("ConnectCustomRequest");

export const ConnectedCustomSchema = z
  .object({
    id: z.string().openapi({ description: "The new site's id", example: "site_b8Zq0Ls2Kd93Hw1P" }),
    webhookSecret: z.string().openapi({
      description: "64 hex characters (32 random bytes) keying the X-Service-Signature HMAC of webhooks; shown only in this answer",
      example: "9f2c…",
    }),
  })
  .openapi("ConnectedCustom");

export const RotatedSecretSchema = z
  .object({
    id: z.string().openapi({ description: "The site's id" }),
    webhookSecret: z.string().openapi({
      description:
        "The new secret (64 hex characters); shown only in this answer. Every later attempt is signed with it, and for 24 hours with the replaced secret too.",
    }),
  })
  .openapi("RotatedWebhookSecret");
