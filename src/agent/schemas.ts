import { z } from "@hono/zod-openapi";
import { plainText } from "../core/plain-text";
import { CHAT_ROLES } from "../db/schema";
import { MAX_CHAT_MESSAGE_CHARS, type ChatMessageRow } from "./chat";

export const ChatRequestSchema = z
  .object({
    message: plainText(
      z
        .string()
        .trim()
        .min(1, "message cannot be empty")
        .max(MAX_CHAT_MESSAGE_CHARS, `message must be at most ${MAX_CHAT_MESSAGE_CHARS} characters`),
      { multiline: true },
    ).openapi({
      description: `What you tell or ask the site's agent (1–${MAX_CHAT_MESSAGE_CHARS} characters after trimming)`,
      example: "Our audience is home bakers in Istanbul. Never write about gluten-free diets.",
    }),
  })
  .strict()
  .openapi("ChatRequest");

export const ChatReplySchema = z
  .object({
    reply: z.string().openapi({
      description: "The agent's answer; it says what it changed when it updated the brief",
      example: "I updated the brief: audience is now home bakers in Istanbul; gluten-free diets added to the topics to avoid.",
    }),
    briefUpdated: z
      .boolean()
      .openapi({ description: "True when the message changed the site's brief (GET /api/sites/{siteId}/brief shows it)" }),
  })
  .openapi("ChatReply");

export const ChatMessageSchema = z
  .object({
    id: z.string().openapi({ example: "42" }),
    role: z.enum(CHAT_ROLES).openapi({ description: "`user` (your message) or `assistant` (the agent's reply)" }),
    content: z.string(),
    briefUpdated: z.boolean().openapi({ description: "On an assistant message: this reply changed the brief" }),
    createdAt: z.string(),
  })
  .openapi("ChatMessage");

export function toChatMessage(row: ChatMessageRow) {
  return { id: String(row.id), role: row.role, content: row.content, briefUpdated: row.briefUpdated, createdAt: row.createdAt };
}
