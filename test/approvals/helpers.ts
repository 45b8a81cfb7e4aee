import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { articles, plans, type PublishMode } from "../../src/db/schema";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, db, seedAccount } from "../harness";
import { offlinePlan, runNow } from "../pipeline/helpers";

export interface Link {
  id: string;
  url: string;
  expiresAt: string;
  approveEffect: string;
}

export const makeLink = (token: string, articleId: string, json?: unknown) =>
  call(`/api/autopilot/articles/${articleId}/approval-link`, { method: "POST", token, ...(json === undefined ? {} : { json }) });
export const secretOf = (link: Link) => link.url.split("/approve/")[1]!;
export const page = (secret: string, headers?: Record<string, string>) => call(`/api/approvals/${secret}`, { headers });
export const answer = (secret: string, json: unknown, headers?: Record<string, string>) =>
  call(`/api/approvals/${secret}`, { method: "POST", json, headers });

/**
 * An article written in review mode on a fake WordPress: pending, its item in REVIEW, no post yet;
 * its `updated_at` set a minute back (a version is a second: an edit in the test must show as one).
 * The plan is then switched to `mode` (publish by default: an article the quality gate held back in a
 * publish-live plan, which a client's approval publishes). `seeded` is an account already made.
 */
export async function reviewArticle(
  options: { articleCount?: number; mode?: PublishMode; seeded?: { accountId: string; token: string } } = {},
) {
  const wp = installFakeWordPress();
  const { accountId, token } = options.seeded ?? (await seedAccount());
  const site = await connectFakeSite(token, wp);
  const plan = await offlinePlan(token, site.id, { articleCount: options.articleCount ?? 1, publishMode: "review" });
  const articleIds: string[] = [];
  for (const item of plan.items) {
    const res = await runNow(token, item.id);
    expect(res.status).toBe(200);
    articleIds.push(((await res.json()) as { articleId: string }).articleId);
  }
  const aMinuteAgo = new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  await db().update(articles).set({ updatedAt: aMinuteAgo }).where(eq(articles.accountId, accountId));
  await db()
    .update(plans)
    .set({ publishMode: options.mode ?? "publish" })
    .where(eq(plans.id, plan.id));
  const item = plan.items[0]!;
  const postsOfItem = (itemId = item.id) => wp.content.posts.filter((p) => p.content.includes(`content-autopilot:${itemId}`));
  return { wp, accountId, token, site, plan, item, articleId: articleIds[0]!, articleIds, postsOfItem };
}

export async function linkFor(token: string, articleId: string, json?: unknown): Promise<Link> {
  const res = await makeLink(token, articleId, json);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Link;
}
