import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { validationHook } from "../../core/validation";
import type { AppEnv } from "../../http/context";
import { errorResponses } from "../../http/openapi";
import type { BlogSiteRef } from "../service";

export type BlogAdminRouter = OpenAPIHono<AppEnv>;

export const newBlogAdminRouter = (): BlogAdminRouter => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

export const tags = ["Live blog administration"];

export const SiteParamSchema = z.object({ siteId: z.string().min(1).max(64) });

/**
 * The errors every pass-through route can give: 404 foreign or missing site (or WordPress item),
 * 409 forum/custom site or a name that exists, 422 credentials or permission refused by
 * WordPress (the site turns to ERROR on rejected credentials), 502/504 WordPress failed or was slow.
 */
export const passThroughErrors = errorResponses(400, 401, 403, 404, 409, 422, 502, 504);

export function blogSiteRef(c: Context<AppEnv>, siteId: string): BlogSiteRef {
  return { deps: c.get("services"), accountId: c.get("caller").accountId, siteId };
}
