import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ArticleIdParamSchema } from "../articles/management-schemas";
import { parseArticleId } from "../articles/service";
import { AppError } from "../core/errors";
import { withoutBidiControls } from "../core/plain-text";
import { validationHook } from "../core/validation";
import { clientAddressKey } from "../http/client-address";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import {
  ApprovalAnswerBodySchema,
  ApprovalHistorySchema,
  ClientAnswersSchema,
  ApprovalLinkSchema,
  ApprovalPageSchema,
  ApprovalTokenParamSchema,
  CreateApprovalLinkBodySchema,
  PlanApprovalLinksSchema,
  PlanIdParamSchema,
} from "./schemas";
import { answerApproval, approvalPage } from "./answer";
import { clientAnswersWaiting } from "./answers-waiting";
import { approvalHistory } from "./history";
import { createApprovalLink, createPlanApprovalLinks, revokeApprovalLinks } from "./service";

/** Client approval links: made and revoked by the team (management routes), read and answered by the client without signing in. */
export const approvalRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
const tags = ["Articles"];

const optionalBody = { required: false, content: { "application/json": { schema: CreateApprovalLinkBodySchema } } };
const baseUrlOf = (c: Context<AppEnv>) => c.get("config").publicBaseUrl ?? new URL(c.req.url).origin;
const addressOf = (c: Context<AppEnv>) => clientAddressKey(c.req.header("CF-Connecting-IP"));

// The client's answers carry an article that is not public yet and a secret in the URL: never
// stored by a cache, never indexed, and the secret never sent on as a referrer.
approvalRoutes.use("/approvals/*", async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "no-store");
  c.res.headers.set("Referrer-Policy", "no-referrer");
  c.res.headers.set("X-Robots-Tag", "noindex");
});

approvalRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "createApprovalLink",
    path: "/autopilot/articles/{articleId}/approval-link",
    tags,
    summary: "Make a no-login link a client uses to approve an article waiting for review, or to ask for changes",
    description:
      "The article must wait in review (`pending`, its plan item in REVIEW), else 409 `article_not_in_review`. The link's page is `/approve/{token}` on the panel; it shows the article as it will appear and takes one answer (POST /api/approvals/{token}). It expires after `expiresInDays` (default 14, at most 60), stops working when the article is edited, and replaces the article's earlier open link. The URL is shown only here: only a hash of its secret is kept.",
    request: { params: ArticleIdParamSchema, body: optionalBody },
    responses: {
      201: jsonContent(ApprovalLinkSchema, "The link"),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const body = c.req.valid("json") ?? {};
    const link = await createApprovalLink(
      c.get("services"),
      c.get("caller").accountId,
      c.get("caller"),
      parseArticleId(c.req.valid("param").articleId),
      { expiresInDays: body.expiresInDays, showQuality: body.showQuality, baseUrl: baseUrlOf(c) },
    );
    return c.json(link, 201);
  },
);

approvalRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "revokeApprovalLinks",
    path: "/autopilot/articles/{articleId}/approval-link",
    tags,
    summary: "Revoke every open approval link of an article",
    description:
      "Their pages answer 410 `approval_link_expired` from now on; links already answered keep their answer. 204 also when there was none.",
    request: { params: ArticleIdParamSchema },
    responses: { 204: { description: "Revoked" }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    await revokeApprovalLinks(
      c.get("services"),
      c.get("caller").accountId,
      c.get("caller"),
      parseArticleId(c.req.valid("param").articleId),
    );
    return c.body(null, 204);
  },
);

approvalRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "createPlanApprovalLinks",
    path: "/autopilot/plans/{planId}/approval-links",
    tags,
    summary: "Make an approval link for each article of a plan waiting for review",
    description:
      "One link per article whose item is in REVIEW, in the plan's order, each as POST /api/autopilot/articles/{articleId}/approval-link makes it; 409 `article_not_in_review` when none waits.",
    request: { params: PlanIdParamSchema, body: optionalBody },
    responses: {
      201: jsonContent(PlanApprovalLinksSchema, "The links"),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const body = c.req.valid("json") ?? {};
    const links = await createPlanApprovalLinks(
      c.get("services"),
      c.get("caller").accountId,
      c.get("caller"),
      c.req.valid("param").planId,
      {
        expiresInDays: body.expiresInDays,
        showQuality: body.showQuality,
        baseUrl: baseUrlOf(c),
      },
    );
    return c.json({ links }, 201);
  },
);

approvalRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getArticleApprovals",
    path: "/autopilot/articles/{articleId}/approvals",
    tags,
    summary: "The approval history of an article: every link, who made it, where it stands, and the client's answer and comment",
    description:
      "Newest first, also after the article is published (links are never deleted: withdrawn or replaced ones carry `revokedAt`). `approveEffect` says what a client's approval of this article does now, by its plan's mode.",
    request: { params: ArticleIdParamSchema },
    responses: { 200: jsonContent(ApprovalHistorySchema, "The history"), ...errorResponses(401, 403, 404) },
  }),
  async (c) =>
    c.json(await approvalHistory(c.get("services"), c.get("caller").accountId, parseArticleId(c.req.valid("param").articleId)), 200),
);

approvalRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listClientAnswers",
    path: "/autopilot/client-answers",
    tags,
    summary: "The clients' answers the team has not acted on yet",
    description:
      "An article's latest link that was answered, when the answer still waits for the team: changes asked for and the article not edited since (it still waits in review), or approved and the article not published yet (the plan leaves publishing to the team, or publishing failed). Editing, publishing or taking the article out of review acts on it. A member limited to some sites sees only theirs.",
    responses: { 200: jsonContent(ClientAnswersSchema, "The answers"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await clientAnswersWaiting(c.get("services"), c.get("caller").accountId, c.get("caller").siteIds), 200),
);

approvalRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getApprovalPage",
    path: "/approvals/{token}",
    tags,
    security: [],
    summary: "What a client's approval page shows (no sign-in: the link's secret is the key)",
    description:
      "The link's article as it will appear and where the link stands: `open`, `answered` (with the decision, comment and outcome), `changed` (edited since the link was made) or `closed` (no longer waiting for review). 404 `approval_link_unknown`, 410 `approval_link_expired` (expired or revoked). Unknown links are counted per client address: 20 in 15 minutes make every lookup 429.",
    request: { params: ApprovalTokenParamSchema },
    responses: {
      200: jsonContent(ApprovalPageSchema, "The page"),
      ...errorResponses(404, 410, 429),
    },
  }),
  async (c) => c.json(await approvalPage(c.get("services"), c.req.valid("param").token, addressOf(c)), 200),
);

approvalRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "answerApproval",
    path: "/approvals/{token}",
    tags,
    security: [],
    summary: "The client's answer: approve the article, or ask for changes with a comment (once)",
    description:
      "`approve` does what the page's `approveEffect` says, by the plan's mode: a publish-live plan's article is published at once (`outcome: published`; when publishing fails the approval is kept, the article stays in review and `outcome` is `not_published`); a plan that posts drafts makes it an approved draft, and a plan that waits for review keeps it in review with the approval recorded (`approved`: the team publishes it). Either answer e-mails the link's maker and the site's editors (the kind `client_answered`), once per link. `changes` needs a `comment` (at most 2,000 characters) and leaves the article in review with the comment shown to the team. Answers the page as it is now. 409 `approval_answered` (answered already: of simultaneous answers one wins), `article_changed`, `article_not_in_review`; 410 `approval_link_expired`; 404 `approval_link_unknown`.",
    request: { params: ApprovalTokenParamSchema, body: jsonBody(ApprovalAnswerBodySchema) },
    responses: {
      200: jsonContent(ApprovalPageSchema, "Answered: the page as it is now"),
      ...errorResponses(400, 404, 409, 410, 413, 429),
    },
  }),
  async (c) => {
    const { decision } = c.req.valid("json");
    // Bidi controls would make the comment read differently to the team than the client wrote it.
    const comment = withoutBidiControls(c.req.valid("json").comment ?? "").trim() || undefined;
    if (decision === "changes" && !comment)
      throw new AppError("invalid_request", "Body field 'comment': is required when asking for changes", [
        { path: "comment", code: "required", message: "is required when asking for changes" },
      ]);
    return c.json(await answerApproval(c.get("services"), c.req.valid("param").token, addressOf(c), { decision, comment }), 200);
  },
);
