import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { createdAt } from "./columns";

/** One row per image uploaded through POST /uploads: what is stored, and what it came from. */
export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** `<name>-<random>.webp`; the object is `uploads/<file_name>` in the MEDIA bucket. */
    fileName: text("file_name").notNull(),
    objectKey: text("object_key").notNull(),
    contentType: text("content_type").notNull(),
    /** Stored size: what counts against the account's storage figure. */
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    originalName: text("original_name"),
    originalType: text("original_type").notNull(),
    originalBytes: integer("original_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("uploads_object_key_unique").on(t.objectKey), index("uploads_account_created_idx").on(t.accountId, t.createdAt)],
);
