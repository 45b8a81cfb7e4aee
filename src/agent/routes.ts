import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { PageQuerySchema, pageSchema } from "../core/pagination";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { SiteIdParamSchema } from "../sites/schemas";
import { CHAT_HISTORY_WINDOW, chatWithSiteAgent, listChatMessages } from "./chat";
import { ChatMessageSchema, ChatReplySchema, ChatRequestSchema, toChatMessage } from "./schemas";

/** The site agent: a conversation about a site that keeps its brief up to date. */
export const agentRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const tags = ["Agent"];

agentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sites/{siteId}/chat",
    tags,
    operationId: "chatWithSiteAgent",
    summary: "Talk with the site's agent; facts about the business, audience, tone or topics to avoid update the brief",
    description:
      `The agent knows the site's brief, its existing posts, its plans and the last ${CHAT_HISTORY_WINDOW} messages of the conversation. ` +
      "A message that states facts about the business, its audience, the tone or topics never to write about updates the brief (the one of GET/PUT /api/sites/{siteId}/brief, which feeds plans and every generation prompt) and the reply says what changed; a question or small talk leaves the brief exactly as it was. " +
      "Free unless CHAT_PRICE_TRY is above 0: then each message is charged to credits accounts (402 when credits are short; refunded if the model fails), never to BYOK accounts. " +
      "When the model fails (502/504) nothing is stored: neither the message nor a reply.",
    request: { params: SiteIdParamSchema, body: jsonBody(ChatRequestSchema) },
    responses: { 200: jsonContent(ChatReplySchema, "The agent's reply"), ...errorResponses(400, 401, 402, 403, 404, 409, 502, 504) },
  }),
  async (c) =>
    c.json(
      await chatWithSiteAgent(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId, c.req.valid("json").message),
      200,
    ),
);

agentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/sites/{siteId}/chat",
    tags,
    operationId: "listSiteChatMessages",
    summary: "The conversation with the site's agent, newest message first",
    request: { params: SiteIdParamSchema, query: PageQuerySchema },
    responses: {
      200: jsonContent(pageSchema(ChatMessageSchema, "ChatMessagePage"), "A page of messages, newest first"),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const { page, per_page: perPage } = c.req.valid("query");
    const { rows, total } = await listChatMessages(c.get("db"), c.get("caller").accountId, c.req.valid("param").siteId, { page, perPage });
    return c.json({ items: rows.map(toChatMessage), page, perPage, total, totalPages: Math.ceil(total / perPage) }, 200);
  },
);
