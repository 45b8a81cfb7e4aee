import { describe, expect, it } from "vitest";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, seedAccount } from "../harness";
import { articlesOfItem, offlinePlan, runNow } from "../pipeline/helpers";

// Issue 28, one author: the JSON-LD of an article on WordPress names the byline its readers see,
// the display name of the user the site is connected with (src/sites/byline.ts).

interface SiteAnswer {
  seo: { byline: string | null } | null;
  warnings: string[];
}
type Graph = { "@graph": Record<string, unknown>[] };

const readSite = async (token: string, siteId: string) => (await (await call(`/api/sites/${siteId}`, { token })).json()) as SiteAnswer;
const putBrief = (token: string, siteId: string, brief: Record<string, unknown>) =>
  call(`/api/sites/${siteId}/brief`, { method: "PUT", token, json: { business: "A bakery", ...brief } });

/** A site with the connector plugin, so the JSON-LD reaches the post's meta. */
async function connectedWithConnector() {
  const wp = installFakeWordPress({ postCount: 1 });
  wp.content.connector = { version: "1.1.0", seoPlugin: null };
  const { token } = await seedAccount();
  const site = await connectFakeSite(token, wp);
  return { wp, token, site };
}

/** Runs a one-item plan; answers the article and the author of the JSON-LD sent to WordPress. */
async function publishOne(token: string, siteId: string, wp: ReturnType<typeof installFakeWordPress>) {
  const plan = await offlinePlan(token, siteId, { articleCount: 1 });
  expect((await runNow(token, plan.items[0]!.id)).status).toBe(200);
  const [article] = await articlesOfItem(plan.items[0]!.id);
  const post = wp.content.posts.find((p) => p.id === Number(article!.remoteId))!;
  const sent = JSON.parse(post.meta!._content_autopilot_jsonld!) as Graph;
  return { article: article!, sentAuthor: sent["@graph"][0]!.author };
}

describe("the author of an article on WordPress", () => {
  it("is the byline WordPress shows when the brief names none: the connected user's display name, read at connect", async () => {
    const { wp, token, site } = await connectedWithConnector();
    expect(await readSite(token, site.id)).toMatchObject({ seo: { byline: "Site Admin" }, warnings: [] });

    const { article, sentAuthor } = await publishOne(token, site.id, wp);
    expect(sentAuthor).toEqual({ "@type": "Person", name: "Site Admin" });
    // WordPress made the connected user the post's author: the one whose name the theme prints.
    expect(wp.calls("wp/v2/posts", "POST").every((request) => !("author" in JSON.parse(request.body)))).toBe(true);
    // The panel and the API show the same structured data.
    const read = (await (await call(`/api/autopilot/articles/${article.id}`, { token })).json()) as { structuredData: Graph };
    expect(read.structuredData["@graph"][0]!.author).toEqual({ "@type": "Person", name: "Site Admin" });
  });

  it("is the brief's when it names one, and the site warns while that differs from the byline", async () => {
    const { wp, token, site } = await connectedWithConnector();
    await putBrief(token, site.id, { authorName: "Ayşe Yılmaz" });
    const warned = await readSite(token, site.id);
    expect(warned.warnings).toEqual([
      expect.stringContaining(`The brief names "Ayşe Yılmaz" as the articles' author, but WordPress shows "Site Admin"`),
    ]);
    expect((await publishOne(token, site.id, wp)).sentAuthor).toEqual({ "@type": "Person", name: "Ayşe Yılmaz" });

    // The owner sets that display name in WordPress; the next sync reads it and the warning goes.
    wp.user.name = "Ayşe  Yılmaz ";
    expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);
    expect(await readSite(token, site.id)).toMatchObject({ seo: { byline: "Ayşe Yılmaz" }, warnings: [] });
  });

  it("follows the user of new credentials, and a site whose byline is unknown names the organisation", async () => {
    const { wp, token, site } = await connectedWithConnector();
    wp.user.name = "Mehmet Demir";
    const patched = await call(`/api/sites/${site.id}`, {
      method: "PATCH",
      token,
      json: { blogUsername: "admin", blogAppPassword: wp.appPassword },
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as SiteAnswer).seo?.byline).toBe("Mehmet Demir");

    // A user without a display name: no byline, and the organisation is the author, as before.
    wp.user.name = " ";
    await call(`/api/sites/${site.id}/sync`, { method: "POST", token });
    expect((await readSite(token, site.id)).seo?.byline).toBeNull();
    await putBrief(token, site.id, { organizationName: "Kadıköy Bakery" });
    expect((await publishOne(token, site.id, wp)).sentAuthor).toEqual({ "@type": "Organization", name: "Kadıköy Bakery" });
  });
});
