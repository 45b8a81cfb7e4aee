import { z } from "@hono/zod-openapi";
import type { UploadRow } from "./uploads";
import { mediaUrl } from "./store";
import { positiveIntParam } from "../core/pagination";

export const UploadResultSchema = z
  .object({
    url: z.string().openapi({
      description: "Path of the stored webp; use it as an image source in article HTML",
      example: "/api/media/uploads/bread-k3J9sQ0aLm2P.webp",
    }),
    fileName: z.string().openapi({ example: "bread-k3J9sQ0aLm2P.webp" }),
    bytes: z.number().int().openapi({ description: "Size of the stored webp file", example: 84213 }),
  })
  .openapi("UploadResult");
export type UploadResult = z.infer<typeof UploadResultSchema>;

export const UploadFormSchema = z
  .object({
    file: z.any().openapi({
      type: "string",
      format: "binary",
      description: "JPEG, PNG, WebP, GIF or AVIF, at most 15 MB; the type is read from the bytes",
    }),
  })
  .openapi("UploadForm");

export const UploadSchema = UploadResultSchema.extend({
  id: z.string().openapi({ example: "up_3kTMd9s0XbQe1Lz2" }),
  contentType: z.string().openapi({ example: "image/webp" }),
  width: z.number().int().openapi({ description: "Stored width, at most 1600 px" }),
  height: z.number().int(),
  originalName: z.string().nullable().openapi({ description: "The file name the client sent" }),
  originalType: z.string().openapi({ description: "Type of the uploaded file, read from its bytes", example: "image/jpeg" }),
  originalBytes: z.number().int().openapi({ description: "Size of the uploaded file" }),
  createdAt: z.string(),
}).openapi("Upload");
export type Upload = z.infer<typeof UploadSchema>;

export const UploadListSchema = z
  .object({
    count: z.number().int().openapi({ description: "All of the account's uploads" }),
    totalBytes: z.number().int().openapi({ description: "Stored bytes of all of the account's uploads: its storage figure" }),
    page: z.number().int(),
    perPage: z.number().int(),
    uploads: z.array(UploadSchema).openapi({ description: "This page, newest first" }),
  })
  .openapi("UploadList");

export const UploadListQuerySchema = z.object({
  page: positiveIntParam("page", 1_000_000, 1, "Page number, from 1"),
  per_page: positiveIntParam("per_page", 100, 50, "Uploads per page, 1 to 100"),
});

export function toUploadResult(row: UploadRow): UploadResult {
  return { url: mediaUrl(row.objectKey), fileName: row.fileName, bytes: row.bytes };
}

export function toUpload(row: UploadRow): Upload {
  return {
    ...toUploadResult(row),
    id: row.id,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    originalName: row.originalName,
    originalType: row.originalType,
    originalBytes: row.originalBytes,
    createdAt: row.createdAt,
  };
}
