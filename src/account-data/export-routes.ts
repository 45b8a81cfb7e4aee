import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { AppError } from "../core/errors";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { archiveFileName, type ExportRow, exportOfLink, latestExport, openArchive, startExport } from "./export";
import { DOWNLOAD_PATH, ExportLinkParamsSchema, ExportLinkQuerySchema, ExportSchema, toExport } from "./schemas";

/** The owner's export of everything the account holds (docs/guides/privacy.md). */
export const exportRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
const tags = ["Account"];
const zipContent = {
  description: "The archive: a ZIP of JSON files (one per area) and the media files",
  content: { "application/zip": { schema: z.any().openapi({ type: "string", format: "binary" }) } },
};

exportRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "startAccountExport",
    path: "/account/export",
    tags,
    summary: "Export everything the account holds: built in the background, its link e-mailed (owner)",
    description:
      "One export at a time: while one is being built, this answers it instead of starting another. Follow `progress` with `GET /api/account/export`; when it is ready the owner who asked gets an e-mail with a download link valid 7 days.",
    responses: { 202: jsonContent(ExportSchema, "The export being built"), ...errorResponses(401, 403, 409) },
  }),
  async (c) => {
    const { job } = await startExport(c.get("services"), c.get("caller"), new Date());
    return c.json(toExport(job), 202);
  },
);

exportRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getAccountExport",
    path: "/account/export",
    tags,
    summary: "The account's newest export: its status and progress (owner)",
    responses: { 200: jsonContent(ExportSchema, "The newest export"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const job = await latestExport(c.get("db"), c.get("caller").accountId);
    if (!job) throw new AppError("not_found", "The account has no export yet; start one with POST /api/account/export");
    return c.json(toExport(job), 200);
  },
);

exportRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "downloadAccountExport",
    path: DOWNLOAD_PATH.replace(/^\/api/, ""),
    tags,
    summary: "Download the newest export's archive (owner)",
    responses: { 200: zipContent, ...errorResponses(401, 403, 409, 410) },
  }),
  async (c) => {
    const job = await latestExport(c.get("db"), c.get("caller").accountId);
    return archiveResponse(job, await openArchive(c.get("services"), job, new Date()));
  },
);

exportRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "downloadAccountExportByLink",
    path: "/exports/{exportId}/archive",
    tags,
    summary: "Download an export with the link its e-mail carries (no token: the link's key is the permission)",
    security: [],
    request: { params: ExportLinkParamsSchema, query: ExportLinkQuerySchema },
    responses: { 200: zipContent, ...errorResponses(400, 404, 409, 410) },
  }),
  async (c) => {
    const job = await exportOfLink(c.get("db"), c.req.valid("param").exportId, c.req.valid("query").key);
    return archiveResponse(job, await openArchive(c.get("services"), job, new Date()));
  },
);

function archiveResponse(job: ExportRow | null, object: R2ObjectBody): Response {
  return new Response(object.body, {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename="${archiveFileName(job!)}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
