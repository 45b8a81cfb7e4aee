import { createRoute } from "@hono/zod-openapi";
import { PageQuerySchema } from "../../core/pagination";
import { jsonBody, jsonContent } from "../../http/openapi";
import { BlogPagePageSchema, BlogPageSchema, CreatePageBodySchema } from "../schemas";
import { createPage, listPages } from "../service";
import { blogSiteRef, passThroughErrors, SiteParamSchema, tags, type BlogAdminRouter } from "./common";

export function registerPageRoutes(router: BlogAdminRouter): void {
  router.openapi(
    createRoute({
      method: "get",
      operationId: "listBlogPages",
      path: "/sites/{siteId}/blog/pages",
      tags,
      summary: "List the blog's published pages",
      request: { params: SiteParamSchema, query: PageQuerySchema },
      responses: { 200: jsonContent(BlogPagePageSchema, "A page of pages, newest first"), ...passThroughErrors },
    }),
    async (c) => c.json(await listPages(blogSiteRef(c, c.req.valid("param").siteId), c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      operationId: "createBlogPage",
      path: "/sites/{siteId}/blog/pages",
      tags,
      summary: "Create a page",
      request: { params: SiteParamSchema, body: jsonBody(CreatePageBodySchema) },
      responses: { 201: jsonContent(BlogPageSchema, "The new page"), ...passThroughErrors },
    }),
    async (c) => c.json(await createPage(blogSiteRef(c, c.req.valid("param").siteId), c.req.valid("json")), 201),
  );
}
