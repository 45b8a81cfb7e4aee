import { createRoute } from "@hono/zod-openapi";
import { jsonBody, jsonContent } from "../../http/openapi";
import { BlogSettingsSchema, UpdateSettingsBodySchema } from "../schemas";
import { getSettings, updateSettings } from "../service";
import { blogSiteRef, passThroughErrors, SiteParamSchema, tags, type BlogAdminRouter } from "./common";

export function registerSettingsRoutes(router: BlogAdminRouter): void {
  router.openapi(
    createRoute({
      method: "get",
      operationId: "getBlogSettings",
      path: "/sites/{siteId}/blog/settings",
      tags,
      summary: "Read the blog's settings (needs an administrator's application password)",
      request: { params: SiteParamSchema },
      responses: { 200: jsonContent(BlogSettingsSchema, "The settings"), ...passThroughErrors },
    }),
    async (c) => c.json(await getSettings(blogSiteRef(c, c.req.valid("param").siteId)), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      operationId: "updateBlogSettings",
      path: "/sites/{siteId}/blog/settings",
      tags,
      summary: "Change the blog's title and/or description (tagline)",
      request: { params: SiteParamSchema, body: jsonBody(UpdateSettingsBodySchema) },
      responses: { 200: jsonContent(BlogSettingsSchema, "The settings after the change"), ...passThroughErrors },
    }),
    async (c) => c.json(await updateSettings(blogSiteRef(c, c.req.valid("param").siteId), c.req.valid("json")), 200),
  );
}
