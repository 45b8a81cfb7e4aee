import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { formatKurus } from "../core/money";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { applyImprovement, getImprovement, improvePost, revertImprovement } from "./improve";
import { ImproveResultSchema, PostIdParamSchema, PostImprovementSchema, toPostImprovement } from "./schemas";

/** Improving existing posts of a blog site: suggest, read, apply to WordPress, revert. */
export const improvementRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const tags = ["Existing posts"];

improvementRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sites/posts/{postId}/improve",
    tags,
    operationId: "improvePost",
    summary: "Write an improvement suggestion for an existing post (charged; takes 1–3 minutes and answers when done)",
    description:
      "Reads the post from WordPress (rescanning it when it changed since the sync), asks the text model for a better title and HTML that keep the author's links and images, an SEO title and description, and the list of changes with reasons; checks it like a generated article and stores it as the post's suggestion (status SUGGESTED). Charged the improvement price (reserved first: 402/403 before any work; refunded if it fails). Running it again replaces the suggestion and is charged again. 422 when the suggestion fails its checks twice; 502/504 when the model or WordPress fails.",
    request: { params: PostIdParamSchema },
    responses: {
      200: jsonContent(ImproveResultSchema, "The stored suggestion and what it cost"),
      ...errorResponses(401, 402, 403, 404, 409, 422, 502, 504),
    },
  }),
  async (c) => {
    const { post, improvement, chargedKurus } = await improvePost(
      c.get("services"),
      c.get("caller").accountId,
      c.req.valid("param").postId,
    );
    return c.json({ ...toPostImprovement(post, improvement), credits: formatKurus(chargedKurus) }, 200);
  },
);

improvementRoutes.openapi(
  createRoute({
    method: "get",
    path: "/sites/posts/{postId}/improvement",
    tags,
    operationId: "getPostImprovement",
    summary: "A post's improvement status and its current suggestion",
    request: { params: PostIdParamSchema },
    responses: {
      200: jsonContent(PostImprovementSchema, "The improvement (suggestion null when none was made)"),
      ...errorResponses(401, 403, 404, 409),
    },
  }),
  async (c) => {
    const { post, improvement } = await getImprovement(c.get("services"), c.get("caller").accountId, c.req.valid("param").postId);
    return c.json(toPostImprovement(post, improvement), 200);
  },
);

improvementRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sites/posts/{postId}/apply",
    tags,
    operationId: "applyPostImprovement",
    summary: "Apply the stored suggestion to the WordPress post (its title and HTML); the replaced version is kept for revert",
    description:
      "409 when there is no suggestion, when it is already applied, or when the post was edited on WordPress after the suggestion was made (a newer edit is never overwritten: run improve again). A suggestion that was reverted can be applied again.",
    request: { params: PostIdParamSchema },
    responses: {
      200: jsonContent(PostImprovementSchema, "The improvement, status APPLIED"),
      ...errorResponses(401, 403, 404, 409, 422, 502, 504),
    },
  }),
  async (c) => {
    const { post, improvement } = await applyImprovement(c.get("services"), c.get("caller").accountId, c.req.valid("param").postId);
    return c.json(toPostImprovement(post, improvement), 200);
  },
);

improvementRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sites/posts/{postId}/revert",
    tags,
    operationId: "revertPostImprovement",
    summary: "Put back the version of the post that the applied suggestion replaced",
    description: "409 when no improvement is applied, or when the post was edited on WordPress after the apply.",
    request: { params: PostIdParamSchema },
    responses: {
      200: jsonContent(PostImprovementSchema, "The improvement, status REVERTED"),
      ...errorResponses(401, 403, 404, 409, 422, 502, 504),
    },
  }),
  async (c) => {
    const { post, improvement } = await revertImprovement(c.get("services"), c.get("caller").accountId, c.req.valid("param").postId);
    return c.json(toPostImprovement(post, improvement), 200);
  },
);
