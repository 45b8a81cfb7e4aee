import { createRoute } from "@hono/zod-openapi";
import { PageQuerySchema } from "../../core/pagination";
import { jsonBody, jsonContent } from "../../http/openapi";
import { BlogCategoryPageSchema, BlogCategorySchema, CreateCategoryBodySchema } from "../schemas";
import { createCategory, listCategories } from "../service";
import { blogSiteRef, passThroughErrors, SiteParamSchema, tags, type BlogAdminRouter } from "./common";

export function registerCategoryRoutes(router: BlogAdminRouter): void {
  router.openapi(
    createRoute({
      method: "get",
      operationId: "listBlogCategories",
      path: "/sites/{siteId}/blog/categories",
      tags,
      summary: "List the blog's categories",
      request: { params: SiteParamSchema, query: PageQuerySchema },
      responses: { 200: jsonContent(BlogCategoryPageSchema, "A page of categories"), ...passThroughErrors },
    }),
    async (c) => c.json(await listCategories(blogSiteRef(c, c.req.valid("param").siteId), c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      operationId: "createBlogCategory",
      path: "/sites/{siteId}/blog/categories",
      tags,
      summary: "Create a category",
      description: "409 when a category of that name (under the same parent) exists.",
      request: { params: SiteParamSchema, body: jsonBody(CreateCategoryBodySchema) },
      responses: { 201: jsonContent(BlogCategorySchema, "The new category"), ...passThroughErrors },
    }),
    async (c) => c.json(await createCategory(blogSiteRef(c, c.req.valid("param").siteId), c.req.valid("json")), 201),
  );
}
