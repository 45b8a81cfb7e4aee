import { recordAudit } from "../audit/audit";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { notFound } from "../core/errors";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { UploadFormSchema, UploadListQuerySchema, UploadListSchema, UploadResultSchema, toUpload, toUploadResult } from "./schemas";
import { serveMediaObject } from "./serve";
import { MEDIA_PATH_PREFIX, mediaKeyFromPath } from "./store";
import { readUploadedFile } from "./upload-body";
import { createUpload, listUploads } from "./uploads";

/** POST/GET /uploads (manage token) and GET /media/{path} (public), mounted at /api. */
export const mediaRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

// POST /uploads reads its own body (size limit first, then multipart); a generated form
// validator would buffer the whole body before any limit applies, so the route is registered
// for the document and handled by a plain handler.
mediaRoutes.openAPIRegistry.registerPath({
  method: "post",
  operationId: "uploadImage",
  path: "/uploads",
  tags: ["Media"],
  summary: "Upload an image; it is stored as webp, at most 1600 px wide",
  description:
    "multipart/form-data with one file field named `file`, at most 15 MB. The type is read from the bytes (JPEG, PNG, WebP, GIF, AVIF). Use the returned `url` as an image source in article HTML.",
  request: { body: { required: true, content: { "multipart/form-data": { schema: UploadFormSchema } } } },
  responses: { 201: jsonContent(UploadResultSchema, "The stored image"), ...errorResponses(400, 401, 403, 413, 415, 422) },
});
mediaRoutes.post("/uploads", async (c) => {
  const file = await readUploadedFile(c.req.raw);
  const row = await createUpload(
    { db: c.get("db"), bucket: c.get("services").media.bucket, images: c.get("services").media.images },
    { accountId: c.get("caller").accountId, file, now: new Date() },
  );
  // The answer (the spec's) has no id: the event names the upload itself.
  c.set("auditedByRoute", true);
  await recordAudit(c.get("db"), row.accountId, c.get("caller"), {
    action: "upload.created",
    targetType: "upload",
    targetId: row.id,
    detail: { url: toUploadResult(row).url, bytes: row.bytes },
  });
  return c.json(toUploadResult(row), 201);
});

mediaRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listUploads",
    path: "/uploads",
    tags: ["Media"],
    summary: "The account's uploads, newest first, with their count and total stored bytes",
    request: { query: UploadListQuerySchema },
    responses: {
      200: jsonContent(UploadListSchema, "A page of uploads and the account's storage figure"),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const { rows, count, totalBytes } = await listUploads(c.get("db"), c.get("caller").accountId, {
      page: query.page,
      perPage: query.per_page,
    });
    return c.json({ count, totalBytes, page: query.page, perPage: query.per_page, uploads: rows.map(toUpload) }, 200);
  },
);

mediaRoutes.openAPIRegistry.registerPath({
  method: "get",
  operationId: "getMediaFile",
  path: "/media/{path}",
  tags: ["Media"],
  summary: "A stored image; public (no token), cacheable for a year, Range and If-None-Match supported",
  security: [],
  request: { params: z.object({ path: z.string().openapi({ example: "uploads/bread-k3J9sQ0aLm2P.webp" }) }) },
  responses: {
    200: { description: "The file", content: { "image/webp": { schema: z.any().openapi({ type: "string", format: "binary" }) } } },
    206: { description: "The requested byte range; Content-Range says which" },
    304: { description: "The client's copy (If-None-Match) is current" },
    ...errorResponses(404, 416),
  },
});
mediaRoutes.get("/media/*", async (c) => {
  // The raw path, still percent-encoded: `%2F` or `%2e%2e` must not turn into a key.
  const path = new URL(c.req.url).pathname;
  const key = path.startsWith(MEDIA_PATH_PREFIX) ? mediaKeyFromPath(path.slice(MEDIA_PATH_PREFIX.length)) : null;
  if (!key) throw notFound("Media file");
  return serveMediaObject(c.get("services").media.bucket, key, { header: (name) => c.req.header(name) });
});
