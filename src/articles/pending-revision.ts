import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { articleRevisions, members, users } from "../db/schema";

/** The article's revision waiting for an editor, with its writer's e-mail, or null. */
export async function pendingRevision(db: Database, accountId: string, articleId: number) {
  const [row] = await db
    .select({ revision: articleRevisions, byEmail: users.email })
    .from(articleRevisions)
    .leftJoin(members, eq(members.id, articleRevisions.memberId))
    .leftJoin(users, eq(users.id, members.userId))
    .where(
      and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.accountId, accountId), eq(articleRevisions.status, "pending")),
    );
  return row ? { ...row.revision, byEmail: row.byEmail } : null;
}
