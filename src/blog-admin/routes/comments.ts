import { createRoute } from "@hono/zod-openapi";
import { jsonBody, jsonContent } from "../../http/openapi";
import {
  BlogCommentListQuerySchema,
  BlogCommentPageSchema,
  BlogCommentSchema,
  CommentIdParamSchema,
  ModerateCommentBodySchema,
} from "../schemas";
import { listComments, moderateComment } from "../service";
import { blogSiteRef, passThroughErrors, SiteParamSchema, tags, type BlogAdminRouter } from "./common";

export function registerCommentRoutes(router: BlogAdminRouter): void {
  router.openapi(
    createRoute({
      method: "get",
      operationId: "listBlogComments",
      path: "/sites/{siteId}/blog/comments",
      tags,
      summary: "List comments, optionally of one status (approved, hold, spam)",
      request: { params: SiteParamSchema, query: BlogCommentListQuerySchema },
      responses: { 200: jsonContent(BlogCommentPageSchema, "A page of comments, newest first"), ...passThroughErrors },
    }),
    async (c) => c.json(await listComments(blogSiteRef(c, c.req.valid("param").siteId), c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      operationId: "moderateBlogComment",
      path: "/sites/{siteId}/blog/comments/{commentId}",
      tags,
      summary: "Moderate a comment: approved, hold, spam or trash",
      request: { params: CommentIdParamSchema, body: jsonBody(ModerateCommentBodySchema) },
      responses: { 200: jsonContent(BlogCommentSchema, "The comment with its new status"), ...passThroughErrors },
    }),
    async (c) => {
      const { siteId, commentId } = c.req.valid("param");
      return c.json(await moderateComment(blogSiteRef(c, siteId), commentId, c.req.valid("json").status), 200);
    },
  );
}
