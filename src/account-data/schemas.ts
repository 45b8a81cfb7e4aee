import { z } from "@hono/zod-openapi";
import { EXPORT_STATUSES } from "../db/schema";
import type { ExportRow } from "./export";

export const ExportSchema = z
  .object({
    id: z.string().openapi({ example: "exp_Q2n8xK1bW7cVt0Ra" }),
    status: z.enum(EXPORT_STATUSES),
    progress: z.object({
      done: z.number().int().openapi({ description: "Files and rows written so far" }),
      total: z.number().int().openapi({ description: "Files and rows to write (0 until the first step counted them)" }),
      stage: z.string().openapi({
        description: "What is being written: `queued`, an area (`sites`, `articles`, `ledger`, …), `media`, `archive`, then `ready`",
        example: "articles",
      }),
    }),
    sizeBytes: z.number().int().nullable().openapi({ description: "The archive's size once ready" }),
    createdAt: z.string(),
    readyAt: z.string().nullable(),
    expiresAt: z.string().nullable().openapi({ description: "When the archive and its e-mailed link stop working (7 days after ready)" }),
    downloadUrl: z.string().nullable().openapi({
      description: "Where the owner downloads it with their session or token, while it is ready",
      example: "/api/account/export/download",
    }),
    error: z.string().nullable().openapi({ description: "Why it failed" }),
  })
  .openapi("AccountExport");
export type AccountExport = z.infer<typeof ExportSchema>;

export const DOWNLOAD_PATH = "/api/account/export/download";

export function toExport(row: ExportRow): AccountExport {
  return {
    id: row.id,
    status: row.status,
    progress: { done: row.done, total: row.total, stage: row.stage },
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    downloadUrl: row.status === "ready" ? DOWNLOAD_PATH : null,
    error: row.error,
  };
}

export const ExportLinkParamsSchema = z.object({ exportId: z.string().min(1).max(64) });
export const ExportLinkQuerySchema = z.object({
  key: z.string().max(128).optional().openapi({ description: "The link's key, as the e-mail gives it" }),
});

const PasswordSchema = z.string().min(1).max(1024).openapi({ description: "Your sign-in password, asked again" });

export const CloseAccountBodySchema = z.object({ password: PasswordSchema }).strict().openapi("CloseAccountRequest");

export const ClosureSchema = z
  .object({
    closingAt: z.string(),
    closesAt: z.string().openapi({ description: "When everything is deleted, unless an owner cancels before (14 days)" }),
  })
  .openapi("AccountClosure");

export const LeaveAccountBodySchema = z.object({ password: PasswordSchema }).strict().openapi("LeaveAccountRequest");
