import { z } from "@hono/zod-openapi";
import { BusinessContextSchema, LanguageSchema } from "./schemas";

export const ConnectForumBodySchema = z
  .object({
    url: z
      .string()
      .min(1)
      .max(2048)
      .openapi({ description: "The forum's base URL (its REST API is `<url>/api/`)", example: "https://forum.example.com/community" }),
    apiKey: z
      .string()
      .trim()
      .min(1)
      .max(256)
      .regex(/^[\x21-\x7e]+$/, "apiKey must be printable ASCII without spaces (it is sent in the XF-Api-Key header)")
      .openapi({ description: "A XenForo API key: a user key of the posting account, or a super user key", example: "aBcD1234…" }),
    forumUserId: z.number().int().positive().openapi({ description: "The forum user id that posts (sent as XF-Api-User)", example: 12 }),
    businessContext: BusinessContextSchema.default("").openapi({ example: "Community of home bakers in Istanbul" }),
    language: LanguageSchema.default("en"),
  })
  .strict()
  .openapi("ConnectForumRequest");

export const ForumEntrySchema = z
  .object({ id: z.number().int().openapi({ example: 2 }), title: z.string().openapi({ example: "Announcements" }) })
  .openapi("ForumEntry");

export const ConnectedForumSchema = z
  .object({
    id: z.string().openapi({ description: "The new site's id", example: "site_b8Zq0Ls2Kd93Hw1P" }),
    forums: z
      .array(ForumEntrySchema)
      .openapi({ description: "Forums the user can start threads in; choose one with POST /platforms/forum/{siteId}/node" }),
  })
  .openapi("ConnectedForum");

export const ChooseForumNodeBodySchema = z
  .object({ nodeId: z.number().int().positive().openapi({ description: "One of the `forums[].id` offered at connection", example: 2 }) })
  .strict()
  .openapi("ChooseForumNodeRequest");
