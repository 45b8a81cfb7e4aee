import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { linkSuggestions, sites } from "../../src/db/schema";
import { linkPages } from "../../src/links/after-publish";
import { call, db, expectError, seedAccount, testServices } from "../harness";
import { seedMember } from "../members/helpers";
import { act, linkedSite, NEW_URL, ORIGIN, publishArticle, RELATED_HTML, suggestions } from "./helpers";

interface SiteLinks {
  stats: { pages: number; links: number; orphans: number; broken: number };
  orphans: { url: string; postId?: string; articleId?: number }[];
  broken: { fromUrl: string; toUrl: string; anchor: string; status: number; reason: string; suggestedUrl?: string }[];
}

const linksOf = async (token: string, siteId: string, query = "") => {
  const res = await call(`/api/sites/${siteId}/links${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as SiteLinks;
};

describe("GET /api/sites/{siteId}/links", () => {
  it("counts the pages and links the sync read, lists orphans, and reports links to old slugs and gone pages", async () => {
    const { token, site } = await linkedSite();
    const links = await linksOf(token, site.id);
    // post-3 is reached only through its old slug: an orphan until the link is mended.
    expect(links.stats).toEqual({ pages: 5, links: 3, orphans: 4, broken: 2 });
    const orphans = links.orphans.map((page) => page.url).sort();
    expect(orphans).toEqual([`${ORIGIN}/post-1/`, `${ORIGIN}/post-3/`, `${ORIGIN}/post-4/`, `${ORIGIN}/post-5/`]);
    expect(links.orphans.every((page) => page.postId?.startsWith("post_"))).toBe(true);
    expect(links.broken).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          fromUrl: `${ORIGIN}/post-1/`,
          toUrl: `${ORIGIN}/old-three/`,
          anchor: "our rye notes",
          status: 301,
          reason: "old_slug",
          suggestedUrl: `${ORIGIN}/post-3/`,
        }),
        expect.objectContaining({ toUrl: `${ORIGIN}/gone/`, status: 404, reason: "missing" }),
      ]),
    );
    expect((await linksOf(token, site.id, "?limit=1")).broken).toHaveLength(1);
  });

  it("answers 401 without a token, 404 for another account's site, 400 for a bad limit", async () => {
    const { token, site } = await linkedSite();
    await expectError(await call(`/api/sites/${site.id}/links`), 401);
    const other = await seedAccount();
    await expectError(await call(`/api/sites/${site.id}/links`, { token: other.token }), 404, "not_found");
    await expectError(await call(`/api/sites/${site.id}/links/suggestions`, { token: other.token }), 404, "not_found");
    await expectError(await call(`/api/sites/${site.id}/links?limit=0`, { token }), 400);
    await expectError(await call(`/api/sites/${site.id}/links?limit=abc`, { token }), 400);
  });
});

describe("link suggestions after a publish", () => {
  it("suggests a link from the related older post to the new article, and mends the link to the old slug", async () => {
    const ctx = await linkedSite();
    const { token, site } = ctx;
    const { article } = await publishArticle(ctx);
    const items = await suggestions(token, site.id);
    const toNew = items.find((item) => item.reason === "new_page" && item.fromUrl === `${ORIGIN}/post-2/`)!;
    expect(toNew).toMatchObject({
      toUrl: NEW_URL,
      anchor: "rye sourdough",
      sentence: "A good rye sourdough needs a warm kitchen &amp; patience.",
      linked: `A good <a href="${NEW_URL}">rye sourdough</a> needs a warm kitchen &amp; patience.`,
      state: "suggested",
    });
    const mend = items.find((item) => item.reason === "broken")!;
    expect(mend).toMatchObject({ fromUrl: `${ORIGIN}/post-1/`, toUrl: `${ORIGIN}/post-3/`, anchor: "our rye notes" });
    // The article's own links are recorded: post-4 is no longer an orphan, the article is one until linked.
    const links = await linksOf(token, site.id);
    expect(links.orphans.map((page) => page.url)).not.toContain(`${ORIGIN}/post-4/`);
    expect(links.orphans).toContainEqual({ url: NEW_URL, articleId: article.id });
    expect(items.length).toBeLessThanOrEqual(6);
  });

  it("applies one link to the live post and nothing else, applying twice gives one link, revert gives the bytes back", async () => {
    const ctx = await linkedSite();
    await publishArticle(ctx);
    const suggestion = (await suggestions(ctx.token, ctx.site.id)).find((item) => item.fromUrl === `${ORIGIN}/post-2/`)!;
    const original = ctx.post(101).content;
    expect(original).toBe(RELATED_HTML);

    const applied = await act(ctx.token, ctx.site.id, suggestion.id, "apply");
    expect(applied.status).toBe(200);
    expect(((await applied.json()) as { state: string }).state).toBe("applied");
    const after = ctx.post(101).content;
    expect(after).toBe(original.replace(suggestion.sentence, suggestion.linked));
    expect(after.match(/<a /g)).toHaveLength(1);

    const writes = ctx.wp.calls("wp/v2/posts/101", "POST").length;
    expect((await act(ctx.token, ctx.site.id, suggestion.id, "apply")).status).toBe(200);
    expect(ctx.wp.calls("wp/v2/posts/101", "POST")).toHaveLength(writes);
    expect(ctx.post(101).content.match(/<a /g)).toHaveLength(1);
    // The new article is no orphan any more.
    expect((await linksOf(ctx.token, ctx.site.id)).orphans.map((page) => page.url)).not.toContain(NEW_URL);

    const reverted = await act(ctx.token, ctx.site.id, suggestion.id, "revert");
    expect(reverted.status).toBe(200);
    expect(ctx.post(101).content).toBe(original);
    expect((await suggestions(ctx.token, ctx.site.id)).find((item) => item.id === suggestion.id)!.state).toBe("reverted");
    // Reverting a reverted suggestion answers it unchanged; applying it again works.
    expect((await act(ctx.token, ctx.site.id, suggestion.id, "revert")).status).toBe(200);
    expect(ctx.post(101).content).toBe(original);
    expect((await act(ctx.token, ctx.site.id, suggestion.id, "apply")).status).toBe(200);
    expect(ctx.post(101).content).toBe(after);
  });

  it("a post changed since makes the suggestion stale (409) and leaves the post alone", async () => {
    const ctx = await linkedSite();
    await publishArticle(ctx);
    const suggestion = (await suggestions(ctx.token, ctx.site.id)).find((item) => item.fromUrl === `${ORIGIN}/post-2/`)!;
    ctx.post(101).content = RELATED_HTML.replace("warm kitchen", "cosy kitchen");
    const changed = ctx.post(101).content;
    await expectError(await act(ctx.token, ctx.site.id, suggestion.id, "apply"), 409, "link_suggestion_stale");
    expect(ctx.post(101).content).toBe(changed);
    expect((await suggestions(ctx.token, ctx.site.id)).find((item) => item.id === suggestion.id)!.state).toBe("stale");
    await expectError(await act(ctx.token, ctx.site.id, suggestion.id, "apply"), 409, "link_suggestion_stale");
  });

  it("refuses to revert over an edit made after the apply", async () => {
    const ctx = await linkedSite();
    await publishArticle(ctx);
    const suggestion = (await suggestions(ctx.token, ctx.site.id)).find((item) => item.fromUrl === `${ORIGIN}/post-2/`)!;
    expect((await act(ctx.token, ctx.site.id, suggestion.id, "apply")).status).toBe(200);
    ctx.post(101).content += "<p>Added by the owner.</p>";
    const edited = ctx.post(101).content;
    await expectError(await act(ctx.token, ctx.site.id, suggestion.id, "revert"), 409, "link_not_applied");
    expect(ctx.post(101).content).toBe(edited);
  });

  it("a crash between the WordPress write and its record, then a retry, gives one link", async () => {
    const ctx = await linkedSite();
    await publishArticle(ctx);
    const suggestion = (await suggestions(ctx.token, ctx.site.id)).find((item) => item.fromUrl === `${ORIGIN}/post-2/`)!;
    ctx.wp.loseAnswers("POST", /wp\/v2\/posts\/101$/);
    const lost = await act(ctx.token, ctx.site.id, suggestion.id, "apply");
    expect(lost.status).toBeGreaterThanOrEqual(500);
    expect(ctx.post(101).content.match(/<a /g)).toHaveLength(1);
    const writes = ctx.wp.calls("wp/v2/posts/101", "POST").length;

    const retried = await act(ctx.token, ctx.site.id, suggestion.id, "apply");
    expect(retried.status).toBe(200);
    expect(ctx.wp.calls("wp/v2/posts/101", "POST")).toHaveLength(writes);
    expect(ctx.post(101).content).toBe(RELATED_HTML.replace(suggestion.sentence, suggestion.linked));
    // And the revert still gives the original back.
    expect((await act(ctx.token, ctx.site.id, suggestion.id, "revert")).status).toBe(200);
    expect(ctx.post(101).content).toBe(RELATED_HTML);
  });

  it("with autoLinks on, the suggestions are applied as they are made; a redelivery adds nothing", async () => {
    const ctx = await linkedSite();
    const patched = await call(`/api/sites/${ctx.site.id}`, { method: "PATCH", token: ctx.token, json: { autoLinks: true } });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { autoLinks: boolean }).autoLinks).toBe(true);
    const { made } = await publishArticle(ctx);
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((row) => row.state === "applied")).toBe(true);
    expect(ctx.post(101).content.match(/<a /g)).toHaveLength(1);
    expect(ctx.post(100).content).toContain('href="https://blog.example.com/post-3/"');
    const writes = ctx.wp.calls("wp/v2/posts/101", "POST").length + ctx.wp.calls("wp/v2/posts/100", "POST").length;
    // The pages link to the article already: a redelivered message suggests and writes nothing more.
    expect(await publishArticleAgain(ctx)).toEqual([]);
    expect(ctx.wp.calls("wp/v2/posts/101", "POST").length + ctx.wp.calls("wp/v2/posts/100", "POST").length).toBe(writes);
    expect(ctx.post(101).content.match(/<a /g)).toHaveLength(1);
    expect(await db().select().from(linkSuggestions).where(eq(linkSuggestions.siteId, ctx.site.id))).toHaveLength(made.length);
  });

  it("refuses bad input and other accounts, and viewers may read but not apply", async () => {
    const ctx = await linkedSite();
    await publishArticle(ctx);
    const [suggestion] = await suggestions(ctx.token, ctx.site.id);
    await expectError(await call(`/api/sites/${ctx.site.id}`, { method: "PATCH", token: ctx.token, json: { autoLinks: "yes" } }), 400);
    const [row] = await db().select().from(sites).where(eq(sites.id, ctx.site.id));
    expect(row!.autoLinks).toBe(false);
    await expectError(await act(ctx.token, ctx.site.id, "lnk_missing", "apply"), 404, "not_found");
    const other = await seedAccount();
    await expectError(await act(other.token, ctx.site.id, suggestion!.id, "apply"), 404, "not_found");
    await expectError(await call(`/api/sites/${ctx.site.id}/links/suggestions/${suggestion!.id}/apply`, { method: "POST" }), 401);
    const viewer = await seedMember(ctx.accountId, "viewer");
    expect((await call(`/api/sites/${ctx.site.id}/links`, { token: viewer.token })).status).toBe(200);
    await expectError(await act(viewer.token, ctx.site.id, suggestion!.id, "apply"), 403, "insufficient_role");
    const [stored] = await db().select().from(linkSuggestions).where(eq(linkSuggestions.id, suggestion!.id));
    expect(stored!.state).toBe("suggested");
  });
});

describe("linkPages", () => {
  it("links one page to another on request and applies it (what topic clusters use)", async () => {
    const ctx = await linkedSite();
    const { article } = await publishArticle(ctx);
    const row = await linkPages(testServices(), {
      accountId: ctx.accountId,
      siteId: ctx.site.id,
      from: { articleId: article.id },
      to: { url: `${ORIGIN}/post-2/`, phrases: ["starter"] },
      apply: true,
    });
    expect(row).toMatchObject({ state: "applied", anchor: "starter", reason: "requested" });
    expect(ctx.post(300).content).toBe(`<p>Everything about rye sourdough, from <a href="${ORIGIN}/post-2/">starter</a> to crust.</p>`);
  });
});

async function publishArticleAgain(ctx: Awaited<ReturnType<typeof linkedSite>>) {
  const { upkeepLinksAfterPublish } = await import("../../src/links/after-publish");
  const [article] = await db()
    .select()
    .from((await import("../../src/db/schema")).articles);
  return upkeepLinksAfterPublish(testServices(), { accountId: ctx.accountId, siteId: ctx.site.id, articleId: article!.id });
}
