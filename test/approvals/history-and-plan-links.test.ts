import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { approvalLinks, articles, users } from "../../src/db/schema";
import { memberToken, seedMember, seedTeamAccount } from "../email/helpers";
import { call, db, expectError } from "../harness";
import { answer, type Link, linkFor, page, reviewArticle, secretOf } from "./helpers";

// Two cases of the approval history and the plan's links that only their own tests show: a link
// made by a member who has since left, and the quality score chosen for every link of a plan.

interface HistoryLink {
  id: string;
  createdBy: { email: string } | null;
  showQuality: boolean;
  state: string;
  decision: string | null;
  comment: string | null;
}
type PlanLink = Link & { articleId: string; title: string };

const history = async (token: string, articleId: string) => {
  const res = await call(`/api/autopilot/articles/${articleId}/approvals`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { links: HistoryLink[] }).links;
};
const planLinks = (token: string, planId: string, json?: unknown) =>
  call(`/api/autopilot/plans/${planId}/approval-links`, { method: "POST", token, ...(json === undefined ? {} : { json }) });
const scoreOnPage = async (link: Link) =>
  ((await (await page(secretOf(link))).json()) as { article: { contentScore: number | null } }).article.contentScore;
const linkCount = async (accountId: string) =>
  (await db().select().from(approvalLinks).where(eq(approvalLinks.accountId, accountId))).length;

describe("the approval history after the link's maker left", () => {
  it("keeps the link, the answer and the comment; names nobody where the maker was; the others stay named", async () => {
    const team = await seedTeamAccount();
    const { token, articleId } = await reviewArticle({ mode: "review", seeded: team });
    const editor = await seedMember(team.accountId, { role: "editor" });
    const editorToken = await memberToken(team.accountId, editor.memberId);
    const theirs = await linkFor(editorToken, articleId, { showQuality: true });
    const comment = "Please mention rye bread.";
    expect((await answer(secretOf(theirs), { decision: "changes", comment })).status).toBe(200);
    expect((await history(token, articleId))[0]!.createdBy).toEqual({ email: editor.email });

    expect((await call(`/api/members/${editor.memberId}`, { method: "DELETE", token })).status).toBe(200);
    const ours = await linkFor(token, articleId);
    const links = await history(token, articleId);
    expect(links.map((link) => link.id)).toEqual([ours.id, theirs.id]);
    expect(links[0]!.createdBy).toEqual({ email: team.ownerEmail });
    expect(links[1]).toMatchObject({ createdBy: null, showQuality: true, state: "answered", decision: "changes", comment });
    // The person still exists (they may belong to other accounts): only this account stops naming them.
    expect(await db().select().from(users).where(eq(users.id, editor.userId))).toHaveLength(1);
    expect(JSON.stringify(links)).not.toContain(editor.email);
  });
});

describe("the quality score on the client's pages of a plan's links", () => {
  it("hidden by default; shown on every page when the plan's links are made with showQuality", async () => {
    const { token, accountId, plan, articleIds } = await reviewArticle({ articleCount: 2, mode: "review" });
    for (const [i, id] of articleIds.entries())
      await db()
        .update(articles)
        .set({ contentScore: 70 + i })
        .where(eq(articles.id, Number(id)));

    const hiddenRes = await planLinks(token, plan.id);
    expect(hiddenRes.status).toBe(201);
    const hidden = ((await hiddenRes.json()) as { links: PlanLink[] }).links;
    expect(hidden).toHaveLength(2);
    for (const link of hidden) expect(await scoreOnPage(link)).toBeNull();

    const shownRes = await planLinks(token, plan.id, { showQuality: true, expiresInDays: 7 });
    expect(shownRes.status).toBe(201);
    const shown = ((await shownRes.json()) as { links: PlanLink[] }).links;
    expect(shown.map((link) => link.articleId)).toEqual(articleIds);
    expect(await Promise.all(shown.map(scoreOnPage))).toEqual([70, 71]);
    for (const link of shown) {
      const [latest, replaced] = await history(token, link.articleId);
      expect(latest).toMatchObject({ id: link.id, showQuality: true, state: "open" });
      expect(replaced).toMatchObject({ showQuality: false, state: "revoked" });
    }
    expect(await linkCount(accountId)).toBe(4);
  });

  it("a bad showQuality is 400 and makes no link, and the open links stay open", async () => {
    const { token, accountId, plan } = await reviewArticle({ articleCount: 2, mode: "review" });
    const open = ((await (await planLinks(token, plan.id)).json()) as { links: PlanLink[] }).links;
    for (const json of [{ showQuality: "yes" }, { showQuality: 1 }, { showQuality: null }, { showQuality: true, extra: 1 }])
      await expectError(await planLinks(token, plan.id, json), 400, "invalid_request");
    expect(await linkCount(accountId)).toBe(2);
    for (const link of open) expect((await page(secretOf(link))).status).toBe(200);
  });
});
