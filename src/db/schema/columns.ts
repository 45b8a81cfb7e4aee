import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/** UTC timestamps are stored as ISO 8601 text (`2026-11-22T08:00:00Z`), so they sort and read as shown. */
export const createdAt = () => text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))`);

export const updatedAt = () => text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))`);
