import { createRoute } from "@hono/zod-openapi";
import { PageQuerySchema } from "../../core/pagination";
import { jsonContent } from "../../http/openapi";
import { BlogMediaPageSchema, DeletedMediaSchema, MediaIdParamSchema } from "../schemas";
import { deleteMedia, listMedia } from "../service";
import { blogSiteRef, passThroughErrors, SiteParamSchema, tags, type BlogAdminRouter } from "./common";

export function registerMediaRoutes(router: BlogAdminRouter): void {
  router.openapi(
    createRoute({
      method: "get",
      operationId: "listBlogMedia",
      path: "/sites/{siteId}/blog/media",
      tags,
      summary: "List the blog's media library",
      request: { params: SiteParamSchema, query: PageQuerySchema },
      responses: { 200: jsonContent(BlogMediaPageSchema, "A page of media items, newest first"), ...passThroughErrors },
    }),
    async (c) => c.json(await listMedia(blogSiteRef(c, c.req.valid("param").siteId), c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "delete",
      operationId: "deleteBlogMedia",
      path: "/sites/{siteId}/blog/media/{id}",
      tags,
      summary: "Delete a media item for good (WordPress media has no trash)",
      request: { params: MediaIdParamSchema },
      responses: { 200: jsonContent(DeletedMediaSchema, "The item is deleted"), ...passThroughErrors },
    }),
    async (c) => {
      const { siteId, id } = c.req.valid("param");
      return c.json(await deleteMedia(blogSiteRef(c, siteId), id), 200);
    },
  );
}
