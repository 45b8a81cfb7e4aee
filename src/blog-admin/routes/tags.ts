import { createRoute } from "@hono/zod-openapi";
import { PageQuerySchema } from "../../core/pagination";
import { jsonBody, jsonContent } from "../../http/openapi";
import { BlogTagPageSchema, BlogTagSchema, CreateTagBodySchema } from "../schemas";
import { createTag, listTags } from "../service";
import { blogSiteRef, passThroughErrors, SiteParamSchema, tags, type BlogAdminRouter } from "./common";

export function registerTagRoutes(router: BlogAdminRouter): void {
  router.openapi(
    createRoute({
      method: "get",
      operationId: "listBlogTags",
      path: "/sites/{siteId}/blog/tags",
      tags,
      summary: "List the blog's tags",
      request: { params: SiteParamSchema, query: PageQuerySchema },
      responses: { 200: jsonContent(BlogTagPageSchema, "A page of tags"), ...passThroughErrors },
    }),
    async (c) => c.json(await listTags(blogSiteRef(c, c.req.valid("param").siteId), c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      operationId: "createBlogTag",
      path: "/sites/{siteId}/blog/tags",
      tags,
      summary: "Create a tag",
      description: "409 when a tag of that name exists.",
      request: { params: SiteParamSchema, body: jsonBody(CreateTagBodySchema) },
      responses: { 201: jsonContent(BlogTagSchema, "The new tag"), ...passThroughErrors },
    }),
    async (c) => c.json(await createTag(blogSiteRef(c, c.req.valid("param").siteId), c.req.valid("json")), 201),
  );
}
