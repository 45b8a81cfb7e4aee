import { eq } from "drizzle-orm";
import { decryptSecret } from "../../src/core/crypto";
import { sites } from "../../src/db/schema";
import type { FakeXenForo } from "../fakes/xenforo";
import { call, db, testEnv, useVars } from "../harness";

export const sitesOf = (accountId: string) => db().select().from(sites).where(eq(sites.accountId, accountId));
export const siteRow = async (siteId: string) => (await db().select().from(sites).where(eq(sites.id, siteId)))[0]!;
export const decrypt = (sealed: string) => decryptSecret(testEnv.ENCRYPTION_KEY!, sealed);

export function connectForum(token: string, forum: FakeXenForo, fields: Record<string, unknown> = {}) {
  return call("/api/platforms/forum/connect", {
    method: "POST",
    token,
    json: { url: forum.baseUrl, apiKey: "key-user-12", forumUserId: 12, businessContext: "Home bakers in Istanbul", ...fields },
  });
}

/** Runs `work` with ALLOW_PRIVATE_URLS=false, as in production. */
export async function withPrivateUrlsRefused<T>(work: () => Promise<T>): Promise<T> {
  useVars({ ALLOW_PRIVATE_URLS: "false" });
  try {
    return await work();
  } finally {
    useVars({});
  }
}
