import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, seedAccount, seedArticle } from "../harness";
import { connectPeer, peer, peerMissing, removeAddedSince, snapshot, unique, wp } from "./wordpress-peer";

// A published article's slug changed through our API on the real WordPress: WordPress keeps the
// old slug (_wp_old_slug) and answers the old address with a 301 to the new one itself.

const frontPage = async (url: string) => {
  const res = await fetch(url, { redirect: "manual" });
  await res.body?.cancel();
  return { status: res.status, location: res.headers.get("Location") };
};

describe.skipIf(peerMissing)(`slug changes on the real WordPress at ${peer.url || "(WP_URL not set: skipped)"}`, () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    before = await snapshot();
  });
  afterAll(async () => {
    await removeAddedSince(before);
  });

  it("moves the post to the new slug once; the old address answers 301 to the new one", async () => {
    const { accountId, token } = await seedAccount();
    const site = await connectPeer(token);
    const title = unique("Ekşi maya çevrimdışı taslak");
    const article = await seedArticle(accountId, {
      siteId: site.id,
      title,
      slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-cevrimdisi-taslak`,
      language: "tr",
      status: "pending",
      html: "<h2>Maya</h2><p>Ekşi maya ekmeği için un, su ve zaman gerekir.</p>",
    });
    const published = await call(`/api/autopilot/articles/${article.id}/publish`, { method: "POST", token });
    expect(published.status).toBe(200);
    const { url: oldUrl, slug: oldSlug } = (await published.json()) as { url: string; slug: string };
    expect(oldUrl).toBe(`${peer.url}/${oldSlug}/`);
    expect(await frontPage(oldUrl)).toEqual({ status: 200, location: null });

    const wanted = `Ekşi Maya Işığı ${Date.now().toString(36)}`;
    const newSlug = `eksi-maya-isigi-${Date.now().toString(36)}`;
    const res = await call(`/api/autopilot/articles/${article.id}`, { method: "PATCH", token, json: { slug: wanted } });
    const body = (await res.json()) as { slug: string; url: string; blogUpdated: boolean; warnings: string[] };
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ slug: newSlug, url: `${peer.url}/${newSlug}/`, blogUpdated: true });

    const { body: post } = await wp(`wp/v2/posts?slug=${newSlug}&context=edit`);
    expect(post).toHaveLength(1);
    expect(post[0].link).toBe(`${peer.url}/${newSlug}/`);
    expect(await frontPage(`${peer.url}/${newSlug}/`)).toEqual({ status: 200, location: null });
    expect(await frontPage(oldUrl)).toEqual({ status: 301, location: `${peer.url}/${newSlug}/` });

    // The same PATCH again (a retry after a lost answer) sends nothing: the post is not modified again.
    const modified = post[0].modified_gmt;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const retried = await call(`/api/autopilot/articles/${article.id}`, { method: "PATCH", token, json: { slug: wanted } });
    expect(retried.status).toBe(200);
    expect((await wp(`wp/v2/posts/${post[0].id}?context=edit`)).body.modified_gmt).toBe(modified);
  });
});
