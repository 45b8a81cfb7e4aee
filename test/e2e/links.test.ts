import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "../../src/db/schema";
import { upkeepLinksAfterPublish } from "../../src/links/after-publish";
import { call, db, seedAccount, seedArticle, testServices } from "../harness";
import { connectPeer, peer, peerMissing, removeAddedSince, snapshot, unique, wp } from "./wordpress-peer";

// Issue 42 §3 on the real WordPress: the connector reports a post's old slug, so a link to it is
// broken with the new URL; a link suggestion adds exactly one <a> to the live post, a second apply
// adds none, a revert gives the raw content back byte for byte, and a changed post makes it stale.

const CONNECTOR = "content-autopilot-connector/content-autopilot-connector";

interface Suggestion {
  id: string;
  fromUrl: string;
  toUrl: string;
  sentence: string;
  linked: string;
  state: string;
}

const rawContent = async (id: number) => ((await wp(`wp/v2/posts/${id}?context=edit`)).body as { content: { raw: string } }).content.raw;
const links = (html: string) => html.match(/<a\s/g)?.length ?? 0;

async function createPost(title: string, content: string) {
  const { status, body } = await wp("wp/v2/posts", { method: "POST", json: { title, content, status: "publish" } });
  expect(status).toBe(201);
  return body as { id: number; link: string; slug: string };
}

describe.skipIf(peerMissing)(`internal links on the real WordPress at ${peer.url || "(WP_URL not set: skipped)"}`, () => {
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    before = await snapshot();
    const activated = await wp(`wp/v2/plugins/${CONNECTOR}`, { method: "POST", json: { status: "active" } });
    expect(activated.status, "is WP_DIR exported, so install-plugins copied the connector?").toBe(200);
  });

  afterAll(async () => {
    await wp(`wp/v2/plugins/${CONNECTOR}`, { method: "POST", json: { status: "inactive" } });
    await removeAddedSince(before);
  });

  it("reports a link to an old slug as broken with the new URL; applies, re-applies, reverts and goes stale exactly", async () => {
    const tag = unique("zebra").split(" ")[1]!;
    // A post whose slug changes after another post linked to it.
    const moved = await createPost(`Moved page ${tag}`, "<p>This page will move to another address soon.</p>");
    const oldLink = moved.link;
    const renamed = await wp(`wp/v2/posts/${moved.id}`, { method: "POST", json: { slug: `moved-${tag}-now` } });
    const newLink = (renamed.body as { link: string }).link;
    expect(newLink).not.toBe(oldLink);
    const linking = await createPost(`Linking page ${tag}`, `<p>Read <a href="${oldLink}">the moved page</a> before you start baking.</p>`);
    // The page the new article's link suggestion goes in.
    const related = await createPost(
      `Zebra${tag} sourdough notes`,
      `<!-- wp:paragraph -->\n<p>Some notes first. The zebra${tag} sourdough method works well in winter kitchens &amp; small ovens. Try it.</p>\n<!-- /wp:paragraph -->`,
    );
    const target = await createPost(`Zebra${tag} sourdough method`, "<p>Everything about the method, step by step.</p>");

    const { accountId, token } = await seedAccount();
    const site = await connectPeer(token);
    expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);

    const graph = (await (await call(`/api/sites/${site.id}/links?limit=1000`, { token })).json()) as {
      broken: { fromUrl: string; toUrl: string; status: number; suggestedUrl?: string }[];
    };
    expect(graph.broken).toContainEqual(
      expect.objectContaining({ fromUrl: linking.link, toUrl: oldLink, status: 301, reason: "old_slug", suggestedUrl: newLink }),
    );

    // The target goes live as our article: the upkeep suggests a link to it in the related post.
    const article = await seedArticle(accountId, {
      siteId: site.id,
      title: `Zebra${tag} sourdough method`,
      status: "published",
      publicationUrl: target.link,
      html: "<p>Everything about the method, step by step.</p>",
    });
    await db()
      .update(articles)
      .set({ remoteId: String(target.id), targetKeyword: `zebra${tag} sourdough method` })
      .where(eq(articles.id, article.id));
    await upkeepLinksAfterPublish(testServices(), { accountId, siteId: site.id, articleId: article.id });
    const items = ((await (await call(`/api/sites/${site.id}/links/suggestions`, { token })).json()) as { items: Suggestion[] }).items;
    const suggestion = items.find((item) => item.fromUrl === related.link && item.toUrl === target.link)!;
    expect(suggestion).toBeDefined();
    expect(items.some((item) => item.fromUrl === linking.link && item.toUrl === newLink)).toBe(true);

    const original = await rawContent(related.id);
    const apply = () => call(`/api/sites/${site.id}/links/suggestions/${suggestion.id}/apply`, { method: "POST", token });
    expect((await apply()).status).toBe(200);
    const applied = await rawContent(related.id);
    expect(applied).toBe(original.replace(suggestion.sentence, suggestion.linked));
    expect(links(applied)).toBe(links(original) + 1);

    expect((await apply()).status).toBe(200);
    expect(await rawContent(related.id)).toBe(applied);

    const revert = await call(`/api/sites/${site.id}/links/suggestions/${suggestion.id}/revert`, { method: "POST", token });
    expect(revert.status).toBe(200);
    expect(await rawContent(related.id)).toBe(original);

    // Someone edits the sentence: the suggestion can no longer be applied exactly.
    const edited = original.replace("winter kitchens", "summer kitchens");
    await wp(`wp/v2/posts/${related.id}`, { method: "POST", json: { content: edited } });
    const stale = await apply();
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { code: string }).code).toBe("link_suggestion_stale");
    expect(await rawContent(related.id)).toBe(edited);
  });
});
