import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, approvalLinks, articles, auditEvents, plans } from "../../src/db/schema";
import { BASE, call, db, expectError, seedAccount, seedArticle, useVars } from "../harness";
import { answer, type Link, linkFor, makeLink, page, reviewArticle, secretOf } from "./helpers";
import { itemRow } from "../pipeline/helpers";

// Issue 31 §2: a no-login link a client uses to approve an article waiting in review, or to ask
// for changes. What the client and the team notice: the page's answers, what reached WordPress,
// the article and its item, the link's row and the audit log.

interface Page {
  state: string;
  expiresAt: string;
  decision: string | null;
  comment: string | null;
  decidedAt: string | null;
  outcome: string | null;
  site: { name: string | null; url: string } | null;
  article: {
    title: string;
    seoTitle: string;
    seoDescription: string;
    html: string;
    heroImage: { url: string; alt: string } | null;
    contentScore: number | null;
    url: string | null;
  };
}
interface ManagedArticle {
  title: string;
  status: string;
  seoTitle: string;
  seoDesc: string;
  html: string;
  url: string | null;
  contentScore: number | null;
  images: { url: string; altText: string; isFeatured: boolean }[];
  approval: {
    linkId: string;
    state: string;
    decision: string | null;
    comment: string | null;
    decidedAt: string | null;
    expiresAt: string;
  } | null;
}

const revoke = (token: string, articleId: string) =>
  call(`/api/autopilot/articles/${articleId}/approval-link`, { method: "DELETE", token });
const managed = async (token: string, articleId: string) =>
  (await (await call(`/api/autopilot/articles/${articleId}`, { token })).json()) as ManagedArticle;
const linksOf = (accountId: string) => db().select().from(approvalLinks).where(eq(approvalLinks.accountId, accountId));
const auditOf = (accountId: string, action: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action)));

describe("making a link (the team)", () => {
  it("answers a URL on the panel's origin whose secret only the link holds; the article says it has an open link", async () => {
    const { accountId, token, articleId } = await reviewArticle();
    expect((await managed(token, articleId)).approval).toBeNull();
    const before = Date.now();
    const link = await linkFor(token, articleId);
    expect(link.id).toMatch(/^apl_[A-Za-z0-9]{16}$/);
    expect(link.url).toMatch(new RegExp(`^${BASE}/approve/[A-Za-z0-9_-]{43}$`));
    const days = (Date.parse(link.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);

    const [row] = await db().select().from(approvalLinks).where(eq(approvalLinks.id, link.id));
    expect(JSON.stringify(row)).not.toContain(secretOf(link));
    expect(row).toMatchObject({ accountId, articleId: Number(articleId), decision: null, revokedAt: null });
    expect((await managed(token, articleId)).approval).toEqual({
      linkId: link.id,
      state: "open",
      decision: null,
      comment: null,
      decidedAt: null,
      expiresAt: link.expiresAt,
    });
    const [event] = await auditOf(accountId, "approval_link.created");
    expect(event).toMatchObject({ targetType: "article", targetId: articleId, detail: { linkId: link.id, expiresAt: link.expiresAt } });
  });

  it("uses PUBLIC_BASE_URL when set, and the number of days asked for", async () => {
    const { token, articleId } = await reviewArticle();
    useVars({ PUBLIC_BASE_URL: "https://panel.example.com/" });
    const link = await linkFor(token, articleId, { expiresInDays: 2 });
    expect(link.url).toMatch(/^https:\/\/panel\.example\.com\/approve\/[A-Za-z0-9_-]{43}$/);
    expect(Math.round((Date.parse(link.expiresAt) - Date.now()) / 86_400_000)).toBe(2);
  });

  it("refuses bad days and unknown fields with 400, storing nothing", async () => {
    const { accountId, token, articleId } = await reviewArticle();
    for (const json of [{ expiresInDays: 0 }, { expiresInDays: 61 }, { expiresInDays: "3" }, { expiresInDays: 1.5 }, { days: 3 }]) {
      const body = await expectError(await makeLink(token, articleId, json), 400, "invalid_request");
      expect(body.message).toMatch(/^Body field '(expiresInDays|days)'/);
    }
    expect(await linksOf(accountId)).toHaveLength(0);
  });

  it("needs an article waiting for review: published, draft and hand-made articles get 409", async () => {
    const { accountId, token, articleId } = await reviewArticle();
    const handMade = await seedArticle(accountId, { status: "pending" });
    const draft = await seedArticle(accountId, { status: "draft" });
    for (const id of [handMade.id, draft.id]) await expectError(await makeLink(token, String(id)), 409, "article_not_in_review");
    expect((await call(`/api/autopilot/articles/${articleId}/publish`, { method: "POST", token })).status).toBe(200);
    await expectError(await makeLink(token, articleId), 409, "article_not_in_review");
    expect(await linksOf(accountId)).toHaveLength(0);
  });

  it("a new link replaces the article's open one", async () => {
    const { token, articleId } = await reviewArticle();
    const first = await linkFor(token, articleId);
    const second = await linkFor(token, articleId);
    await expectError(await page(secretOf(first)), 410, "approval_link_expired");
    expect((await page(secretOf(second))).status).toBe(200);
    expect((await managed(token, articleId)).approval).toMatchObject({ linkId: second.id, state: "open" });
  });

  it("one link per article of a plan waiting for review; 409 when none waits", async () => {
    const { token, plan, articleIds } = await reviewArticle({ articleCount: 2 });
    const res = await call(`/api/autopilot/plans/${plan.id}/approval-links`, { method: "POST", token, json: { expiresInDays: 5 } });
    expect(res.status).toBe(201);
    const { links } = (await res.json()) as { links: (Link & { articleId: string; title: string })[] };
    expect(links.map((link) => link.articleId)).toEqual(articleIds);
    for (const link of links) {
      const shown = (await (await page(secretOf(link))).json()) as Page;
      expect(shown.article.title).toBe(link.title);
      expect(shown.article.title).toBe((await managed(token, link.articleId)).title);
    }
    // Without a body too (the days default); all published: none waits.
    expect((await call(`/api/autopilot/plans/${plan.id}/approval-links`, { method: "POST", token })).status).toBe(201);
    for (const id of articleIds) expect((await call(`/api/autopilot/articles/${id}/publish`, { method: "POST", token })).status).toBe(200);
    await expectError(
      await call(`/api/autopilot/plans/${plan.id}/approval-links`, { method: "POST", token }),
      409,
      "article_not_in_review",
    );
  });

  it("revoking stops every open link at once; the page says expired or revoked (410); answered links keep their answer", async () => {
    const { accountId, token, articleId } = await reviewArticle();
    const link = await linkFor(token, articleId);
    expect((await revoke(token, articleId)).status).toBe(204);
    await expectError(await page(secretOf(link)), 410, "approval_link_expired");
    await expectError(await answer(secretOf(link), { decision: "approve" }), 410, "approval_link_expired");
    expect((await managed(token, articleId)).approval).toMatchObject({ linkId: link.id, state: "revoked", decision: null });
    const [event] = await auditOf(accountId, "approval_link.revoked");
    expect(event).toMatchObject({ targetId: articleId, detail: { linkIds: [link.id] } });
    // Nothing open: still 204, and no second event.
    expect((await revoke(token, articleId)).status).toBe(204);
    expect(await auditOf(accountId, "approval_link.revoked")).toHaveLength(1);

    const answered = await linkFor(token, articleId);
    expect((await answer(secretOf(answered), { decision: "changes", comment: "Shorter intro" })).status).toBe(200);
    expect((await revoke(token, articleId)).status).toBe(204);
    expect(((await (await page(secretOf(answered))).json()) as Page).state).toBe("answered");
  });
});

describe("the client's page", () => {
  it("shows the article as it will appear, without signing in, and is never cached", async () => {
    const { token, articleId, wp } = await reviewArticle();
    const link = await linkFor(token, articleId);
    const res = await page(secretOf(link));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    const shown = (await res.json()) as Page;
    const article = await managed(token, articleId);
    const featured = article.images.find((image) => image.isFeatured);
    expect(shown).toEqual({
      state: "open",
      expiresAt: link.expiresAt,
      decision: null,
      comment: null,
      decidedAt: null,
      outcome: null,
      approveEffect: "publish_now",
      site: { name: expect.any(String), url: wp.origin },
      account: { name: expect.any(String) },
      contact: { email: expect.stringContaining("@") },
      article: expect.objectContaining({
        title: article.title,
        seoTitle: article.seoTitle,
        seoDescription: article.seoDesc,
        html: article.html,
        heroImage: featured ? { url: featured.url, alt: featured.altText } : null,
        // The score is shown only on links made with showQuality.
        contentScore: null,
        url: null,
      }),
    });
  });

  it("unknown links are 404; unknown lookups per address past the limit are 429, even for a good link", async () => {
    const { token, articleId } = await reviewArticle();
    const link = await linkFor(token, articleId);
    const address = { "CF-Connecting-IP": "203.0.113.77" };
    const unknown = await page("x".repeat(43), address);
    expect(unknown.headers.get("Cache-Control")).toBe("no-store");
    await expectError(unknown, 404, "approval_link_unknown");
    await expectError(await page("short", address), 404, "approval_link_unknown");
    await expectError(await answer("y".repeat(43), { decision: "approve" }, address), 404, "approval_link_unknown");
    for (let i = 3; i < 20; i++) await expectError(await page(`${i}`.padStart(43, "z"), address), 404, "approval_link_unknown");
    const blocked = await page(secretOf(link), address);
    await expectError(blocked.clone(), 429, "rate_limited");
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await page(secretOf(link), { "CF-Connecting-IP": "203.0.113.78" })).status).toBe(200);
  });

  it("an expired link is 410 to read and to answer", async () => {
    const { token, articleId } = await reviewArticle();
    const link = await linkFor(token, articleId, { expiresInDays: 1 });
    await db().update(approvalLinks).set({ expiresAt: "2020-01-01T00:00:00Z" }).where(eq(approvalLinks.id, link.id));
    await expectError(await page(secretOf(link)), 410, "approval_link_expired");
    await expectError(await answer(secretOf(link), { decision: "approve" }), 410, "approval_link_expired");
    expect((await managed(token, articleId)).approval).toMatchObject({ state: "expired" });
  });

  it("an article edited after the link was made: the page says changed and an answer is refused (409)", async () => {
    const { token, articleId, postsOfItem } = await reviewArticle();
    const link = await linkFor(token, articleId);
    const edit = await call(`/api/autopilot/articles/${articleId}`, { method: "PATCH", token, json: { title: "A better title" } });
    expect(edit.status).toBe(200);
    const shown = (await (await page(secretOf(link))).json()) as Page;
    expect(shown.state).toBe("changed");
    await expectError(await answer(secretOf(link), { decision: "approve" }), 409, "article_changed");
    await expectError(await answer(secretOf(link), { decision: "changes", comment: "x" }), 409, "article_changed");
    expect(postsOfItem()).toHaveLength(0);
    expect((await managed(token, articleId)).approval).toMatchObject({ state: "changed", decision: null });
    // A new link, made for the edited article, works.
    const fresh = await linkFor(token, articleId);
    expect(((await (await page(secretOf(fresh))).json()) as Page).article.title).toBe("A better title");
  });

  it("an edit in the same second as the article's last write (updated_at unchanged) voids the link too", async () => {
    const { token, articleId, postsOfItem } = await reviewArticle();
    const link = await linkFor(token, articleId);
    const [before] = await db()
      .select()
      .from(articles)
      .where(eq(articles.id, Number(articleId)));
    await db()
      .update(articles)
      .set({ html: `${before!.html}<p>One more sentence.</p>`, updatedAt: before!.updatedAt })
      .where(eq(articles.id, Number(articleId)));
    expect(((await (await page(secretOf(link))).json()) as Page).state).toBe("changed");
    await expectError(await answer(secretOf(link), { decision: "approve" }), 409, "article_changed");
    expect(postsOfItem()).toHaveLength(0);
    expect((await managed(token, articleId)).approval).toMatchObject({ state: "changed", decision: null });
    const [stored] = await db().select().from(approvalLinks).where(eq(approvalLinks.id, link.id));
    expect(stored).toMatchObject({ decision: null, decidedAt: null });
  });

  it("a link made before fingerprints were kept goes by updated_at alone", async () => {
    const { token, articleId, postsOfItem } = await reviewArticle();
    const link = await linkFor(token, articleId);
    await db().update(approvalLinks).set({ articleFingerprint: null }).where(eq(approvalLinks.id, link.id));
    expect(((await (await page(secretOf(link))).json()) as Page).state).toBe("open");
    expect((await answer(secretOf(link), { decision: "approve" })).status).toBe(200);
    expect(postsOfItem()).toHaveLength(1);
  });

  it("an article the team published meanwhile: closed, and an answer is 409 article_not_in_review", async () => {
    const { token, articleId } = await reviewArticle();
    const link = await linkFor(token, articleId);
    expect((await call(`/api/autopilot/articles/${articleId}/publish`, { method: "POST", token })).status).toBe(200);
    expect(((await (await page(secretOf(link))).json()) as Page).state).toBe("closed");
    await expectError(await answer(secretOf(link), { decision: "approve" }), 409, "article_not_in_review");
  });
});

describe("the client's answer", () => {
  it("approve publishes once: 10 at the same time make one post, one 200 and nine 409", async () => {
    const { accountId, token, articleId, item, postsOfItem } = await reviewArticle();
    const link = await linkFor(token, articleId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => answer(secretOf(link), { decision: "approve" })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((res) => res.status === 409)) await expectError(res, 409, "approval_answered");
    const won = (await answers.find((res) => res.status === 200)!.json()) as Page;
    expect(won).toMatchObject({ state: "answered", decision: "approve", outcome: "published" });

    expect(postsOfItem()).toHaveLength(1);
    expect(postsOfItem()[0]).toMatchObject({ status: "publish" });
    const article = await managed(token, articleId);
    expect(article.status).toBe("published");
    expect(won.article.url).toBe(article.url);
    expect(await itemRow(item.id)).toMatchObject({ status: "PUBLISHED" });
    expect(article.approval).toMatchObject({ linkId: link.id, state: "answered", decision: "approve" });
    const events = await auditOf(accountId, "article.approved_by_client");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      memberId: null,
      via: "approval_link",
      actor: "approval link",
      targetId: articleId,
      detail: { linkId: link.id, outcome: "published" },
    });
    // Later: the page says what happened; another answer is refused.
    expect((await (await page(secretOf(link))).json()) as Page).toMatchObject({ state: "answered", outcome: "published" });
    await expectError(await answer(secretOf(link), { decision: "changes", comment: "Too late" }), 409, "approval_answered");
  });

  it("approve in a plan whose mode is draft: an approved draft, nothing sent to WordPress", async () => {
    const { token, articleId, item, plan, postsOfItem } = await reviewArticle();
    await db().update(plans).set({ publishMode: "draft" }).where(eq(plans.id, plan.id));
    const link = await linkFor(token, articleId);
    const res = await answer(secretOf(link), { decision: "approve" });
    expect(res.status).toBe(200);
    expect((await res.json()) as Page).toMatchObject({ state: "answered", decision: "approve", outcome: "approved" });
    expect((await managed(token, articleId)).status).toBe("draft");
    expect(await itemRow(item.id)).toMatchObject({ status: "PUBLISHED" });
    expect(postsOfItem()).toHaveLength(0);
    // The team publishes it when they choose.
    expect((await call(`/api/autopilot/articles/${articleId}/publish`, { method: "POST", token })).status).toBe(200);
    expect(postsOfItem()).toHaveLength(1);
  });

  it("approve when publishing fails: the answer says so, the article stays in review with the decision recorded", async () => {
    const { wp, accountId, token, articleId, item, postsOfItem } = await reviewArticle();
    const link = await linkFor(token, articleId);
    wp.failure = "server_error";
    const res = await answer(secretOf(link), { decision: "approve" });
    expect(res.status).toBe(200);
    expect((await res.json()) as Page).toMatchObject({ state: "answered", decision: "approve", outcome: "not_published" });
    expect(await itemRow(item.id)).toMatchObject({ status: "REVIEW" });
    const article = await managed(token, articleId);
    expect(article.status).toBe("pending");
    expect(article.approval).toMatchObject({ state: "answered", decision: "approve" });
    const [event] = await auditOf(accountId, "article.approved_by_client");
    expect(event!.detail).toMatchObject({ outcome: "not_published", errorCode: expect.any(String) });
    await expectError(await answer(secretOf(link), { decision: "approve" }), 409, "approval_answered");
    // The team publishes it once WordPress answers again; the client's page then says published.
    wp.failure = null;
    expect((await call(`/api/autopilot/articles/${articleId}/publish`, { method: "POST", token })).status).toBe(200);
    expect(postsOfItem()).toHaveLength(1);
    expect(((await (await page(secretOf(link))).json()) as Page).outcome).toBe("published");
  });

  it("changes: the article stays in review, the comment is shown to the team", async () => {
    const { accountId, token, articleId, item, postsOfItem } = await reviewArticle();
    const link = await linkFor(token, articleId);
    const comment = "Please mention rye bread.\nAnd a shorter intro.";
    const res = await answer(secretOf(link), { decision: "changes", comment: `  ${comment}  ` });
    expect(res.status).toBe(200);
    expect((await res.json()) as Page).toMatchObject({ state: "answered", decision: "changes", comment, outcome: "changes_requested" });
    expect(await itemRow(item.id)).toMatchObject({ status: "REVIEW" });
    const article = await managed(token, articleId);
    expect(article.status).toBe("pending");
    expect(article.approval).toEqual({
      linkId: link.id,
      state: "answered",
      decision: "changes",
      comment,
      decidedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      expiresAt: link.expiresAt,
    });
    expect(postsOfItem()).toHaveLength(0);
    const [event] = await auditOf(accountId, "article.changes_requested");
    expect(event).toMatchObject({ via: "approval_link", memberId: null, targetId: articleId, detail: { linkId: link.id, comment } });
    // The team edits the article and makes a new link: the client approves the new version.
    expect((await call(`/api/autopilot/articles/${articleId}`, { method: "PATCH", token, json: { title: "With rye" } })).status).toBe(200);
    const second = await linkFor(token, articleId);
    expect((await answer(secretOf(second), { decision: "approve" })).status).toBe(200);
    expect(postsOfItem()).toHaveLength(1);
  });

  it("bad input is 400 and changes nothing", async () => {
    const { token, articleId } = await reviewArticle();
    const link = await linkFor(token, articleId);
    const cases: [unknown, string][] = [
      [{ decision: "changes" }, "comment"],
      [{ decision: "changes", comment: "   " }, "comment"],
      [{ decision: "changes", comment: "x".repeat(2001) }, "comment"],
      [{ decision: "changes", comment: "bad \u0000 byte" }, "comment"],
      [{ decision: "maybe" }, "decision"],
      [{}, "decision"],
      [{ decision: "approve", extra: 1 }, "extra"],
    ];
    for (const [json, field] of cases) {
      const body = await expectError(await answer(secretOf(link), json), 400, "invalid_request");
      expect((body as unknown as { issues: { path: string }[] }).issues[0]!.path, JSON.stringify(json)).toBe(field);
    }
    const noBody = await call(`/api/approvals/${secretOf(link)}`, { method: "POST" });
    await expectError(noBody, 400, "invalid_request");
    const [row] = await db().select().from(approvalLinks).where(eq(approvalLinks.id, link.id));
    expect(row).toMatchObject({ decision: null, comment: null, decidedAt: null });
    expect(((await (await page(secretOf(link))).json()) as Page).state).toBe("open");
    expect((await managed(token, articleId)).status).toBe("pending");
  });
});

describe("tenancy", () => {
  it("a link reveals only its own article; another account's article or plan cannot be linked (404)", async () => {
    const a = await reviewArticle({ articleCount: 2 });
    const link = await linkFor(a.token, a.articleId);
    const shown = (await (await page(secretOf(link))).json()) as Page;
    const own = await managed(a.token, a.articleId);
    const sibling = await managed(a.token, a.articleIds[1]!);
    expect(shown.article.title).toBe(own.title);
    expect(JSON.stringify(shown)).not.toContain(sibling.title);

    const b = await seedAccount();
    await expectError(await makeLink(b.token, a.articleId), 404, "not_found");
    await expectError(await revoke(b.token, a.articleId), 404, "not_found");
    await expectError(await call(`/api/autopilot/plans/${a.plan.id}/approval-links`, { method: "POST", token: b.token }), 404, "not_found");
    await expectError(await makeLink(b.token, "999999999"), 404, "not_found");
    await expectError(await makeLink(b.token, "not-a-number"), 404, "not_found");
    // B's revoke did nothing to A's link; management routes still need a token.
    expect((await page(secretOf(link))).status).toBe(200);
    await expectError(await call(`/api/autopilot/articles/${a.articleId}/approval-link`, { method: "POST" }), 401);
  });
});

describe("issue 40: what the client writes and sees", () => {
  it("§14: a comment keeps no bidirectional controls", async () => {
    const { token, articleId } = await reviewArticle();
    const link = await linkFor(token, articleId);
    const answered = await answer(secretOf(link), { decision: "changes", comment: "Fix the \u202Egnirts\u202C price \u2066please\u2069" });
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as { comment: string }).comment).toBe("Fix the gnirts price please");
    expect((await managed(token, articleId)).approval?.comment).toBe("Fix the gnirts price please");
    await expectError(await answer(secretOf(await linkFor(token, articleId)), { decision: "changes", comment: "\u202E\u202C" }), 400);
  });

  it("§13: a link voided by an edit shows only that it changed and who to ask, never the new draft", async () => {
    const { accountId, token, articleId } = await reviewArticle();
    const [owner] = await db().select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId));
    const link = await linkFor(token, articleId);
    const edit = await call(`/api/autopilot/articles/${articleId}`, {
      method: "PATCH",
      token,
      json: { title: "Not for the client yet", html: "<p>A SECRET DRAFT the client must not read.</p>" },
    });
    expect(edit.status).toBe(200);
    const response = await page(secretOf(link));
    const raw = await response.text();
    const shown = JSON.parse(raw) as Page & { contact: { email: string } | null };
    expect(shown.state).toBe("changed");
    expect(shown.article).toBeNull();
    expect(shown.contact).toEqual({ email: owner!.email });
    expect(raw).not.toContain("SECRET DRAFT");
    expect(raw).not.toContain("Not for the client yet");
  });
});
