import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { approvalLinks, articles, emailOutbox, plans } from "../../src/db/schema";
import {
  deliverEmailMessages,
  memberToken,
  outboxOf,
  seedMember,
  seedTeamAccount,
  sentTo,
  takeEmailMessagesOf,
  useEmail,
} from "../email/helpers";
import { call, db, expectError, seedAccount } from "../harness";
import { itemRow } from "../pipeline/helpers";
import { answer, type Link, linkFor, makeLink, page, reviewArticle, secretOf } from "./helpers";

// The client's answer reaches the team: an e-mail to the link's maker and the site's editors, the
// approval status in the articles list, the answers waiting in "needs attention", the history on
// the article, what approving does by the plan's mode, and the score shown only when chosen.

interface Page {
  state: string;
  outcome: string | null;
  approveEffect: string;
  article: { contentScore: number | null } | null;
}
interface Summary {
  id: string;
  approvalStatus: string;
}
interface Answers {
  total: number;
  items: { articleId: string; title: string; decision: string; comment: string | null; outcome: string }[];
}
interface History {
  approveEffect: string;
  links: {
    id: string;
    createdBy: { email: string } | null;
    revokedAt: string | null;
    showQuality: boolean;
    state: string;
    decision: string | null;
    comment: string | null;
    decidedAt: string | null;
  }[];
}

const listed = async (token: string, query = "") => {
  const res = await call(`/api/autopilot/articles${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { items: Summary[] }).items;
};
const answersWaiting = async (token: string) => {
  const res = await call("/api/autopilot/client-answers", { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Answers;
};
const history = async (token: string, articleId: string) => {
  const res = await call(`/api/autopilot/articles/${articleId}/approvals`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as History;
};
const edit = (token: string, articleId: string, json: unknown) =>
  call(`/api/autopilot/articles/${articleId}`, { method: "PATCH", token, json });
const publish = (token: string, articleId: string) => call(`/api/autopilot/articles/${articleId}/publish`, { method: "POST", token });
const comment = "Please mention rye bread in the introduction.";

describe("the e-mail 'a client answered'", () => {
  it("goes to the link's maker and the site's editors, each in their language, respecting their choices; once per answer", async () => {
    const fake = useEmail();
    const team = await seedTeamAccount();
    const { accountId } = team;
    const { articleId, site } = await reviewArticle({ seeded: team });
    const viewer = await seedMember(accountId, { role: "viewer" });
    const maker = await seedMember(accountId, { role: "editor", locale: "tr", siteIds: [site.id] });
    const editorOff = await seedMember(accountId, { role: "editor", emailOff: ["client_answered"] });
    const editorElsewhere = await seedMember(accountId, { role: "editor", siteIds: ["site_elsewhere"] });
    const admin = await seedMember(accountId, { role: "admin" });
    const writer = await seedMember(accountId, { role: "writer" });
    const link = await linkFor(await memberToken(accountId, maker.memberId), articleId);

    expect((await answer(secretOf(link), { decision: "changes", comment })).status).toBe(200);
    const bodies = await takeEmailMessagesOf(accountId);
    const rows = (await outboxOf(accountId)).filter((row) => row.kind === "client_answered");
    expect(rows.map((row) => row.toEmail).sort()).toEqual([maker.email, admin.email, team.ownerEmail].sort());
    for (const nobody of [editorOff, editorElsewhere, writer, viewer]) expect(rows.map((row) => row.toEmail)).not.toContain(nobody.email);

    await deliverEmailMessages(bodies);
    const [toMaker] = sentTo(fake, maker.email);
    expect(toMaker!.subject).toMatch(/^Müşteri değişiklik istedi: /);
    expect(toMaker!.text).toContain(comment);
    expect(toMaker!.text).toContain(`/articles/${articleId}`);
    const [toOwner] = sentTo(fake, team.ownerEmail);
    expect(toOwner!.subject).toMatch(/^The client asked for changes: /);
    expect(toOwner!.text).toContain(comment);
    expect(toOwner!.headers["List-Unsubscribe"]).toBeDefined();

    // The same answer sent again: 409, and no second e-mail.
    await expectError(await answer(secretOf(link), { decision: "changes", comment }), 409, "approval_answered");
    expect((await outboxOf(accountId)).filter((row) => row.kind === "client_answered")).toHaveLength(3);
    expect(await takeEmailMessagesOf(accountId)).toHaveLength(0);
  });

  it("a request repeated after a crash between the answer and the e-mails queues them then, exactly once", async () => {
    useEmail();
    const { accountId, token, articleId } = await reviewArticle({ mode: "review" });
    const link = await linkFor(token, articleId);
    expect((await answer(secretOf(link), { decision: "approve" })).status).toBe(200);
    // As if the worker stopped right after claiming the link: the answer is stored, no e-mail queued.
    await db().delete(emailOutbox).where(eq(emailOutbox.accountId, accountId));
    await expectError(await answer(secretOf(link), { decision: "approve" }), 409, "approval_answered");
    await expectError(await answer(secretOf(link), { decision: "approve" }), 409, "approval_answered");
    const rows = (await outboxOf(accountId)).filter((row) => row.kind === "client_answered");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ decision: "approve", outcome: "approved", articleId });
  });

  it("is a choice in the member's e-mail preferences", async () => {
    const { token } = await seedTeamAccount();
    const res = await call("/api/members/me/notifications", { method: "PUT", token, json: { off: ["client_answered"] } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { off: string[] }).off).toEqual(["client_answered"]);
  });
});

describe("what approving does, by the plan's mode (said before and after)", () => {
  it("publish: live at once; the link, the page and the history say so", async () => {
    const { token, articleId, postsOfItem } = await reviewArticle({ mode: "publish" });
    const link = await linkFor(token, articleId);
    expect(link.approveEffect).toBe("publish_now");
    expect(((await (await page(secretOf(link))).json()) as Page).approveEffect).toBe("publish_now");
    const answered = (await (await answer(secretOf(link), { decision: "approve" })).json()) as Page;
    expect(answered).toMatchObject({ state: "answered", outcome: "published", approveEffect: "publish_now" });
    expect(postsOfItem()).toHaveLength(1);
    expect((await answersWaiting(token)).total).toBe(0);
  });

  it("review: the approval is recorded, nothing is published; the team publishes it", async () => {
    const { token, articleId, item, postsOfItem } = await reviewArticle({ mode: "review" });
    const link = await linkFor(token, articleId);
    expect(link.approveEffect).toBe("team_publishes");
    expect(((await (await page(secretOf(link))).json()) as Page).approveEffect).toBe("team_publishes");
    const answered = (await (await answer(secretOf(link), { decision: "approve" })).json()) as Page;
    expect(answered).toMatchObject({ state: "answered", outcome: "approved", approveEffect: "team_publishes" });
    expect(postsOfItem()).toHaveLength(0);
    expect(await itemRow(item.id)).toMatchObject({ status: "REVIEW" });
    expect((await history(token, articleId)).approveEffect).toBe("team_publishes");
  });

  it("draft: an approved draft, nothing sent to the site; the team publishes it", async () => {
    const { token, plan, postsOfItem } = await reviewArticle({ mode: "draft" });
    const links = await call(`/api/autopilot/plans/${plan.id}/approval-links`, { method: "POST", token });
    const [link] = ((await links.json()) as { links: Link[] }).links;
    expect(link!.approveEffect).toBe("team_publishes");
    const answered = (await (await answer(secretOf(link!), { decision: "approve" })).json()) as Page;
    expect(answered).toMatchObject({ outcome: "approved", approveEffect: "team_publishes" });
    expect(postsOfItem()).toHaveLength(0);
    expect((await db().select().from(plans).where(eq(plans.id, plan.id)))[0]!.publishMode).toBe("draft");
  });
});

describe("the approval status in the articles list", () => {
  it("a column and a filter: awaiting, approved, changes_requested, none", async () => {
    const { token, articleIds } = await reviewArticle({ articleCount: 4, mode: "review" });
    const [awaiting, approved, changes, none] = articleIds as [string, string, string, string];
    await linkFor(token, awaiting);
    expect((await answer(secretOf(await linkFor(token, approved)), { decision: "approve" })).status).toBe(200);
    expect((await answer(secretOf(await linkFor(token, changes)), { decision: "changes", comment })).status).toBe(200);
    expect((await call(`/api/autopilot/articles/${none}/approval-link`, { method: "DELETE", token })).status).toBe(204);

    const statusOf = Object.fromEntries((await listed(token)).map((article) => [article.id, article.approvalStatus]));
    expect(statusOf).toMatchObject({ [awaiting]: "awaiting", [approved]: "approved", [changes]: "changes_requested", [none]: "none" });
    for (const [filter, id] of [
      ["awaiting", awaiting],
      ["approved", approved],
      ["changes_requested", changes],
      ["none", none],
    ] as const)
      expect((await listed(token, `?approval=${filter}`)).map((article) => article.id)).toEqual([id]);
    expect((await listed(token, "?status=pending&approval=changes_requested")).map((article) => article.id)).toEqual([changes]);
  });

  it("an edit voids the open link: no longer awaiting", async () => {
    const { token, articleId } = await reviewArticle({ mode: "review" });
    await linkFor(token, articleId);
    expect((await edit(token, articleId, { excerpt: "A shorter excerpt." })).status).toBe(200);
    expect((await listed(token, "?approval=awaiting")).map((article) => article.id)).toEqual([]);
    expect((await listed(token, "?approval=none")).map((article) => article.id)).toEqual([articleId]);
  });

  it("a bad filter is 400 and says the values", async () => {
    const { token } = await seedAccount();
    for (const query of ["?approval=yes", "?approval=", "?approval=AWAITING"]) {
      const body = await expectError(await call(`/api/autopilot/articles${query}`, { token }), 400, "invalid_request");
      expect(body.message).toContain("awaiting, approved, changes_requested, none");
    }
  });
});

describe("answers waiting for the team (needs attention)", () => {
  it("changes asked for, until the article is edited; approved in a review plan, until it is published", async () => {
    const { token, articleIds } = await reviewArticle({ articleCount: 2, mode: "review" });
    const [changed, approved] = articleIds as [string, string];
    expect((await answer(secretOf(await linkFor(token, changed)), { decision: "changes", comment })).status).toBe(200);
    expect((await answer(secretOf(await linkFor(token, approved)), { decision: "approve" })).status).toBe(200);
    const waiting = await answersWaiting(token);
    expect(waiting.total).toBe(2);
    expect(waiting.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ articleId: changed, decision: "changes", comment, outcome: "changes_requested" }),
        expect.objectContaining({ articleId: approved, decision: "approve", comment: null, outcome: "approved" }),
      ]),
    );

    expect((await edit(token, changed, { excerpt: "Now with rye bread." })).status).toBe(200);
    expect((await publish(token, approved)).status).toBe(200);
    expect(await answersWaiting(token)).toEqual({ total: 0, items: [] });
  });

  it("a member limited to other sites sees none of them; another account sees none", async () => {
    const team = await seedTeamAccount();
    const { token, articleId } = await reviewArticle({ mode: "review", seeded: team });
    expect((await answer(secretOf(await linkFor(token, articleId)), { decision: "changes", comment })).status).toBe(200);
    const limited = await seedMember(team.accountId, { role: "viewer", siteIds: ["site_elsewhere"] });
    expect((await answersWaiting(await memberToken(team.accountId, limited.memberId))).total).toBe(0);
    const viewer = await seedMember(team.accountId, { role: "viewer" });
    expect((await answersWaiting(await memberToken(team.accountId, viewer.memberId))).total).toBe(1);
    expect((await answersWaiting((await seedAccount()).token)).total).toBe(0);
    expect((await call("/api/autopilot/client-answers")).status).toBe(401);
  });
});

describe("the approval history on the article", () => {
  it("every link, who made it, withdrawn ones, the answer and the comment, also after publication", async () => {
    const { token, articleId } = await reviewArticle({ mode: "review" });
    const first = await linkFor(token, articleId, { expiresInDays: 3 });
    const second = await linkFor(token, articleId, { showQuality: true });
    expect((await answer(secretOf(second), { decision: "changes", comment })).status).toBe(200);
    expect((await edit(token, articleId, { excerpt: "Now with rye bread." })).status).toBe(200);
    const third = await linkFor(token, articleId);
    expect((await answer(secretOf(third), { decision: "approve" })).status).toBe(200);
    expect((await publish(token, articleId)).status).toBe(200);

    const shown = await history(token, articleId);
    expect(shown.links.map((link) => link.id)).toEqual([third.id, second.id, first.id]);
    expect(shown.links[0]).toMatchObject({ state: "answered", decision: "approve", comment: null, revokedAt: null });
    expect(shown.links[1]).toMatchObject({ state: "answered", decision: "changes", comment, showQuality: true });
    expect(shown.links[2]).toMatchObject({ state: "revoked", decision: null, revokedAt: expect.any(String), showQuality: false });
    for (const link of shown.links) expect(link.createdBy?.email).toMatch(/^owner-.*@example\.com$/);
  });

  it("404 for another account's article; 401 without a token; a viewer reads it", async () => {
    const { token, accountId, articleId } = await reviewArticle();
    await linkFor(token, articleId);
    await expectError(await call(`/api/autopilot/articles/${articleId}/approvals`, { token: (await seedAccount()).token }), 404);
    expect((await call(`/api/autopilot/articles/${articleId}/approvals`)).status).toBe(401);
    const viewer = await seedMember(accountId, { role: "viewer" });
    const res = await call(`/api/autopilot/articles/${articleId}/approvals`, { token: await memberToken(accountId, viewer.memberId) });
    expect(res.status).toBe(200);
  });
});

describe("the quality score on the client's page: a choice per link", () => {
  it("hidden by default, shown when the link says so; a bad value is 400 and makes no link", async () => {
    const { token, accountId, articleId } = await reviewArticle();
    const hidden = await linkFor(token, articleId);
    expect(((await (await page(secretOf(hidden))).json()) as Page).article!.contentScore).toBeNull();
    await db()
      .update(articles)
      .set({ contentScore: 77 })
      .where(eq(articles.id, Number(articleId)));
    const shown = await linkFor(token, articleId, { showQuality: true });
    expect(((await (await page(secretOf(shown))).json()) as Page).article!.contentScore).toBe(77);

    const before = await db().select().from(approvalLinks).where(eq(approvalLinks.accountId, accountId));
    for (const json of [{ showQuality: "yes" }, { showQuality: 1 }, { showQuality: null }]) {
      const body = await expectError(await makeLink(token, articleId, json), 400, "invalid_request");
      expect(body.message).toMatch(/^Body field 'showQuality'/);
    }
    expect(await db().select().from(approvalLinks).where(eq(approvalLinks.accountId, accountId))).toHaveLength(before.length);
  });
});
