import { sanitizeHtml } from "../../src/core/sanitize-html";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storedSignatureOf } from "../../src/content/quality/minhash";
import { htmlToText } from "../../src/core/html-text";
import { accounts, charges, existingPosts, postImprovements } from "../../src/db/schema";
import { connectFakeSite } from "../fakes/wordpress-setup";
import { createFakeWordPress } from "../fakes/wordpress";
import { call, db, expectError, seedAccount, useFakeFetch, useVars } from "../harness";
import {
  goodSuggestion,
  type Improvement,
  ORIGINAL_HTML,
  ORIGINAL_TITLE,
  post,
  promptOf,
  SEO_DESC,
  SEO_TITLE,
  syncedPost,
} from "./helpers";

describe("POST /api/sites/posts/{postId}/improve", () => {
  it("stores a checked suggestion, charges the improvement price once, and shows it on the existing post", async () => {
    const { accountId, token, openai, site, postId } = await syncedPost();
    openai.script({ answer: goodSuggestion() });

    const res = await post(token, postId, "improve");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Improvement;
    expect(body).toMatchObject({ postId, status: "SUGGESTED", credits: "5.00", appliedAt: null });
    expect(body.suggestion).toMatchObject({ title: "How to feed a sourdough starter every day", seoTitle: SEO_TITLE, seoDesc: SEO_DESC });
    expect(body.suggestion!.changes).toHaveLength(2);
    expect(body.suggestion!.html).toContain('<a href="https://flour.example.org/guide">');
    expect(body.suggestion!.html).toContain("jar.jpg");

    // The model saw the post as its author wrote it, the brief, and the other posts it may link to.
    const prompt = promptOf(openai.requests[0]!);
    expect(prompt).toContain(ORIGINAL_HTML);
    expect(prompt).toContain("A family bakery that sells rye sourdough");
    expect(prompt).toContain("https://blog.example.com/post-3/");

    const ledger = await db().select().from(charges).where(eq(charges.accountId, accountId));
    expect(ledger.map((c) => [c.kind, c.amountKurus, c.status, c.siteId])).toEqual([["improvement", 500, "settled", site.id]]);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(account!.creditBalanceKurus).toBe(10_000 - 500);

    const list = (await (await call(`/api/sites/${site.id}/posts?per_page=100`, { token })).json()) as {
      items: { id: string; improvementStatus: string; suggestedAt: string | null }[];
    };
    const listed = list.items.find((item) => item.id === postId)!;
    expect(listed).toMatchObject({ improvementStatus: "SUGGESTED", suggestedAt: body.suggestedAt });
    expect(
      list.items.filter((item) => item.id !== postId).every((item) => item.improvementStatus === "NONE" && item.suggestedAt === null),
    ).toBe(true);

    const read = (await (await call(`/api/sites/posts/${postId}/improvement`, { token })).json()) as Improvement;
    expect(read.suggestion).toEqual(body.suggestion);
    // The post the suggestion was made from, for the panel's side-by-side view and diff.
    expect(read.source).toEqual({ title: ORIGINAL_TITLE, html: sanitizeHtml(ORIGINAL_HTML) });
    expect(body.source).toEqual(read.source);
  });

  it("rewrites once naming the failures; failing again is 422, refunded, and nothing is stored", async () => {
    const { accountId, token, openai, postId } = await syncedPost();
    const lostLink = { ...goodSuggestion(), html: goodSuggestion().html.replace(/<a href="https:\/\/flour[^<]*<\/a>/, "the mill guide") };
    openai.script({ answer: lostLink }, { answer: { ...lostLink, seoTitle: "Too short" } });

    const error = await expectError(await post(token, postId, "improve"), 422, "improvement_failed_checks");
    expect(error.message).toContain("https://flour.example.org/guide");
    expect(promptOf(openai.requests[1]!)).toContain("The original link to https://flour.example.org/guide is missing");
    const ledger = await db().select().from(charges).where(eq(charges.accountId, accountId));
    expect(ledger.map((c) => [c.kind, c.status])).toEqual([["improvement", "refunded"]]);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(account!.creditBalanceKurus).toBe(10_000);
    const read = (await (await call(`/api/sites/posts/${postId}/improvement`, { token })).json()) as Improvement;
    expect(read).toMatchObject({ status: "NONE", suggestion: null });
  });

  it("refuses a suggestion whose title has markup, naming it to the model, as an article's title is refused (issue 27, item 4)", async () => {
    const { accountId, token, wp, openai, postId } = await syncedPost();
    const scripted = { ...goodSuggestion(), title: "<script>alert(1)</script>How to feed a sourdough starter" };
    openai.script({ answer: scripted }, { answer: { ...scripted, seoDesc: SEO_DESC.replace("simple", "<b>simple</b>") } });

    const error = await expectError(await post(token, postId, "improve"), 422, "improvement_failed_checks");
    expect(error.message).toContain("The title is plain text: HTML markup is not allowed (found '<script>aler…')");
    expect(error.message).toContain("The seoDesc is plain text");
    expect(promptOf(openai.requests[1]!)).toContain("The title is plain text: HTML markup is not allowed");
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(0);
    expect((await db().select().from(charges).where(eq(charges.accountId, accountId))).map((c) => c.status)).toEqual(["refunded"]);
  });

  it("refunds when the model provider fails (502), and when credits are short answers 402 before any work", async () => {
    const { accountId, token, openai, postId } = await syncedPost();
    openai.script({ status: 401, code: "invalid_api_key", type: "invalid_request_error", message: "bad key" });
    const failed = await post(token, postId, "improve");
    expect(failed.status).toBe(502);
    expect((await db().select().from(charges).where(eq(charges.accountId, accountId))).map((c) => c.status)).toEqual(["refunded"]);

    await db().update(accounts).set({ creditBalanceKurus: 100 }).where(eq(accounts.id, accountId));
    const before = openai.requests.length;
    await expectError(await post(token, postId, "improve"), 402, "insufficient_credit");
    expect(openai.requests.length).toBe(before);
  });

  it("rescans a post that changed on WordPress since the sync, and improving again replaces the suggestion and charges again", async () => {
    const { accountId, token, openai, target, postId } = await syncedPost();
    Object.assign(target, { title: "Feeding a starter (updated)", modifiedGmt: "2026-11-22T10:00:00" });
    openai.script({ answer: goodSuggestion() }, { answer: { ...goodSuggestion(), title: "Second suggestion" } });

    const first = (await (await post(token, postId, "improve")).json()) as Improvement;
    expect(first.post).toMatchObject({ title: "Feeding a starter (updated)", modifiedAt: "2026-11-22T10:00:00Z" });
    expect(promptOf(openai.requests[0]!)).toContain("Title: Feeding a starter (updated)");
    const second = (await (await post(token, postId, "improve")).json()) as Improvement;
    expect(second.suggestion!.title).toBe("Second suggestion");
    const ledger = await db().select().from(charges).where(eq(charges.accountId, accountId));
    expect(ledger.map((c) => [c.reference, c.status])).toEqual([
      [`improve:${postId}:1`, "settled"],
      [`improve:${postId}:2`, "settled"],
    ]);
  });

  it("works with the offline provider (local runs): a labelled section added, checks passed", async () => {
    const { token, postId } = await syncedPost();
    useVars({ TEXT_PROVIDER: "offline" });
    const res = await post(token, postId, "improve");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Improvement;
    expect(body.suggestion!.html).toContain("Offline draft");
    expect(body.suggestion!.seoTitle.length).toBeGreaterThanOrEqual(50);
  });

  it("is 404 for another account's post or an unknown one", async () => {
    const { postId } = await syncedPost();
    const stranger = await seedAccount();
    await expectError(await post(stranger.token, postId, "improve"), 404, "not_found");
    await expectError(await post(stranger.token, "post_nothing", "apply"), 404, "not_found");
    await expectError(await call(`/api/sites/posts/${postId}/improvement`, { token: stranger.token }), 404, "not_found");
  });
});

describe("apply and revert", () => {
  it("applies the suggestion to the WordPress post, then revert puts the author's version back", async () => {
    const { token, wp, openai, target, postId } = await syncedPost();
    openai.script({ answer: goodSuggestion() });
    const suggestion = ((await (await post(token, postId, "improve")).json()) as Improvement).suggestion!;

    const applied = await post(token, postId, "apply");
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ status: "APPLIED", post: { improvementStatus: "APPLIED", title: suggestion.title } });
    expect(target.content).toBe(suggestion.html);
    expect(target.title).toBe(suggestion.title);
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(1);
    await expectError(await post(token, postId, "apply"), 409, "improvement_already_applied");

    const reverted = await post(token, postId, "revert");
    expect(reverted.status).toBe(200);
    expect(await reverted.json()).toMatchObject({ status: "REVERTED", post: { improvementStatus: "REVERTED", title: ORIGINAL_TITLE } });
    expect(target.content).toBe(ORIGINAL_HTML);
    expect(target.title).toBe(ORIGINAL_TITLE);
    await expectError(await post(token, postId, "revert"), 409, "nothing_to_revert");

    // The suggestion is kept: it can be applied again over the restored version.
    expect((await post(token, postId, "apply")).status).toBe(200);
    expect(target.content).toBe(suggestion.html);
  });

  it("keeps the existing post's similarity signature equal to the text WordPress shows after an apply and a revert", async () => {
    const { token, openai, target, postId } = await syncedPost();
    openai.script({ answer: goodSuggestion() });
    expect((await post(token, postId, "improve")).status).toBe(200);
    const signature = async () => (await db().select().from(existingPosts).where(eq(existingPosts.id, postId)))[0]!.similaritySignature;
    const synced = await signature();
    expect(synced).toBe(storedSignatureOf(htmlToText(ORIGINAL_HTML)));

    expect((await post(token, postId, "apply")).status).toBe(200);
    expect(await signature()).toBe(storedSignatureOf(htmlToText(target.content)));
    expect(await signature()).not.toBe(synced);
    expect((await post(token, postId, "revert")).status).toBe(200);
    expect(await signature()).toBe(synced);
  });

  it("writes the title to WordPress with < and > escaped, as an article's title is, even a stored one with markup (issue 27, item 4)", async () => {
    const { token, wp, openai, target, postId } = await syncedPost();
    const title = "Flour <> water: how to feed a sourdough starter";
    openai.script({ answer: { ...goodSuggestion(), title } });
    expect((await post(token, postId, "improve")).status).toBe(200);

    // The first answer is lost: the retry finds the escaped title on WordPress and only records it.
    wp.loseAnswers("POST", /^\/wp\/v2\/posts\/100$/);
    expect((await post(token, postId, "apply")).status).toBeGreaterThanOrEqual(500);
    const applied = await post(token, postId, "apply");
    expect(applied.status).toBe(200);
    expect(target.title).toBe("Flour &lt;&gt; water: how to feed a sourdough starter");
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(1);
    expect(((await applied.json()) as Improvement).post.title).toBe(title);
    expect((await post(token, postId, "revert")).status).toBe(200);
    expect(target.title).toBe(ORIGINAL_TITLE);

    // A suggestion stored before titles were checked reaches WordPress as text, never as markup.
    const [row] = await db().select().from(postImprovements).where(eq(postImprovements.postId, postId));
    await db()
      .update(postImprovements)
      .set({ suggestion: { ...row!.suggestion!, title: "<img src=x onerror=alert(1)>Feeding a starter" } })
      .where(eq(postImprovements.postId, postId));
    expect((await post(token, postId, "apply")).status).toBe(200);
    expect(target.title).toBe("&lt;img src=x onerror=alert(1)&gt;Feeding a starter");
  });

  it("is 409 without a suggestion, and 409 (nothing written) when the post was edited on WordPress after the suggestion", async () => {
    const { token, wp, openai, target, postId } = await syncedPost();
    const none = await expectError(await post(token, postId, "apply"), 409, "improvement_missing");
    expect(none.message).toContain("no improvement suggestion");

    openai.script({ answer: goodSuggestion() });
    expect((await post(token, postId, "improve")).status).toBe(200);
    Object.assign(target, { content: "<p>The author's newer edit.</p>", modifiedGmt: "2099-01-01T00:00:00" });
    const newer = await expectError(await post(token, postId, "apply"), 409, "post_changed_on_site");
    expect(newer.message).toContain("edited on WordPress");
    expect(target.content).toBe("<p>The author's newer edit.</p>");
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(0);
  });

  it("refuses a revert over an edit made after the apply", async () => {
    const { token, openai, target, postId } = await syncedPost();
    openai.script({ answer: goodSuggestion() });
    await post(token, postId, "improve");
    await post(token, postId, "apply");
    Object.assign(target, { content: "<p>Edited after the apply.</p>", modifiedGmt: "2099-01-01T00:00:00" });
    await expectError(await post(token, postId, "revert"), 409, "post_changed_on_site");
    expect(target.content).toBe("<p>Edited after the apply.</p>");
  });

  it("recovers an apply whose answer was lost: the retry records it, and revert still has the author's version", async () => {
    const { token, wp, openai, target, postId } = await syncedPost();
    openai.script({ answer: goodSuggestion() });
    const suggestion = ((await (await post(token, postId, "improve")).json()) as Improvement).suggestion!;
    wp.loseAnswers("POST", /^\/wp\/v2\/posts\/100$/);
    expect((await post(token, postId, "apply")).status).toBeGreaterThanOrEqual(500);
    expect(target.content).toBe(suggestion.html);

    const retried = await post(token, postId, "apply");
    expect(retried.status).toBe(200);
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(1);
    const [row] = await db().select().from(postImprovements).where(eq(postImprovements.postId, postId));
    expect(row!.previous).toEqual({ title: ORIGINAL_TITLE, html: ORIGINAL_HTML });
    expect((await post(token, postId, "revert")).status).toBe(200);
    expect(target.content).toBe(ORIGINAL_HTML);
  });

  it("decides simultaneous applies and reverts with one claim: one 200, the rest 409, one WordPress write each (issue 18, item 7)", async () => {
    const { token, wp, openai, target, postId } = await syncedPost();
    openai.script({ answer: goodSuggestion() });
    const suggestion = ((await (await post(token, postId, "improve")).json()) as Improvement).suggestion!;

    const applies = await Promise.all(Array.from({ length: 10 }, () => post(token, postId, "apply")));
    expect(applies.map((res) => res.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(1);
    expect(target.content).toBe(suggestion.html);
    const [applied] = await db().select().from(postImprovements).where(eq(postImprovements.postId, postId));
    expect(applied!.previous).toEqual({ title: ORIGINAL_TITLE, html: ORIGINAL_HTML });
    expect(applied!.busyUntil).toBeNull();

    const reverts = await Promise.all(Array.from({ length: 10 }, () => post(token, postId, "revert")));
    expect(reverts.map((res) => res.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(2);
    expect(target.content).toBe(ORIGINAL_HTML);
  });

  it("gives the claim back when the apply fails, and a crashed apply's hold expires", async () => {
    const { token, wp, openai, target, postId } = await syncedPost();
    openai.script({ answer: goodSuggestion() });
    const suggestion = ((await (await post(token, postId, "improve")).json()) as Improvement).suggestion!;
    wp.failure = "server_error";
    expect((await post(token, postId, "apply")).status).toBeGreaterThanOrEqual(500);
    wp.failure = null;
    // A crash leaves the hold; while it lasts, apply is 409; once it has expired, apply goes ahead.
    await db().update(postImprovements).set({ busyUntil: "2999-01-01T00:00:00Z" }).where(eq(postImprovements.postId, postId));
    await expectError(await post(token, postId, "apply"), 409, "improvement_busy");
    await db().update(postImprovements).set({ busyUntil: "2000-01-01T00:00:00Z" }).where(eq(postImprovements.postId, postId));
    expect((await post(token, postId, "apply")).status).toBe(200);
    expect(target.content).toBe(suggestion.html);
  });

  it("applied to a post that is one of our articles, updates our article too; revert puts it back (issue 18)", async () => {
    const wp = createFakeWordPress({ postCount: 2 });
    useFakeFetch(wp.fetch);
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const plan = (await (
      await call("/api/autopilot/plans", {
        method: "POST",
        token,
        json: { siteId: site.id, articleCount: 1, cadencePerWeek: 1, publishMode: "publish" },
      })
    ).json()) as { items: { id: string }[] };
    const { articleId } = (await (await call(`/api/autopilot/items/${plan.items[0]!.id}/run`, { method: "POST", token })).json()) as {
      articleId: string;
    };
    const article = () =>
      call(`/api/autopilot/articles/${articleId}`, { token }).then((res) => res.json() as Promise<{ title: string; html: string }>);
    const original = await article();
    expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);
    const list = (await (await call(`/api/sites/${site.id}/posts?per_page=100`, { token })).json()) as {
      items: { id: string; title: string }[];
    };
    const postId = list.items.find((item) => item.title === original.title)!.id;

    const suggestion = ((await (await post(token, postId, "improve")).json()) as Improvement).suggestion!;
    expect((await post(token, postId, "apply")).status).toBe(200);
    const applied = await article();
    expect(applied.title).toBe(suggestion.title);
    expect(applied.html).toContain("Offline draft");
    expect(applied.html).not.toContain("content-autopilot:");

    expect((await post(token, postId, "revert")).status).toBe(200);
    expect((await article()).title).toBe(original.title);
  });
});
