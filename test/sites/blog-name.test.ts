import { describe, expect, it } from "vitest";
import { WordPressClient } from "../../src/adapters/wordpress/client";
import { BLOG_NAME_MAX_LENGTH, blogNameOf } from "../../src/sites/blog-name";
import { createFakeWordPress } from "../fakes/wordpress";
import { fakeNetwork } from "../fakes/network";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { createFakeXenForo } from "../fakes/xenforo";
import { call, seedAccount, useFakeFetch } from "../harness";
import { connectForum } from "./forum-helpers";

// Issue 28: a site is titled by its blog's name, WordPress's Site Title as the REST API index
// answers it (src/sites/blog-name.ts), read at connect, on new credentials and at every sync.

interface SiteAnswer {
  id: string;
  name: string | null;
}

const readSite = async (token: string, siteId: string) => (await (await call(`/api/sites/${siteId}`, { token })).json()) as SiteAnswer;
const sync = async (token: string, siteId: string) => (await call(`/api/sites/${siteId}/sync`, { method: "POST", token })).status;

describe("blogNameOf", () => {
  it("decodes the entities WordPress puts in titles, trims, and caps the length; empty is null", () => {
    expect(blogNameOf("  Kad&#305;k&ouml;y &amp; Co &#8211; Bakery\n")).toBe("Kadıköy & Co – Bakery");
    expect(blogNameOf(" ")).toBeNull();
    expect(blogNameOf(undefined)).toBeNull();
    expect(blogNameOf("x".repeat(500))).toHaveLength(BLOG_NAME_MAX_LENGTH);
  });
});

describe("WordPressClient.blogName", () => {
  it("reads the index's name at the API root, in both root forms", async () => {
    for (const prettyPermalinks of [true, false]) {
      const wp = createFakeWordPress({ prettyPermalinks });
      const apiRoot = prettyPermalinks ? `${wp.origin}/wp-json/` : `${wp.origin}/?rest_route=/`;
      const client = new WordPressClient({
        baseUrl: wp.origin,
        apiRoot,
        username: "admin",
        appPassword: wp.appPassword,
        fetch: wp.fetch,
        timeoutMs: 1_000,
        checkUrl: () => undefined,
      });
      expect(await client.blogName()).toBe("Fake Blog");
      expect(wp.calls("", "GET")).toHaveLength(1);
    }
  });
});

describe("a blog site's name", () => {
  it("is read from the index at connect (entities decoded) and answered by the site routes", async () => {
    const wp = installFakeWordPress({ postCount: 1 });
    wp.content.settings.title = "Kad&#305;k&ouml;y &amp; Co";
    const { token } = await seedAccount();
    const connected = (await connectFakeSite(token, wp)) as unknown as SiteAnswer;
    expect(connected.name).toBe("Kadıköy & Co");
    expect(wp.calls("", "GET")).toHaveLength(1);
    expect((await readSite(token, connected.id)).name).toBe("Kadıköy & Co");
    const list = (await (await call("/api/sites", { token })).json()) as SiteAnswer[];
    expect(list.map((site) => site.name)).toEqual(["Kadıköy & Co"]);
  });

  it("is read at the ?rest_route=/ root of a site without pretty permalinks", async () => {
    const wp = installFakeWordPress({ postCount: 1, prettyPermalinks: false });
    const { token } = await seedAccount();
    const connected = (await connectFakeSite(token, wp)) as unknown as SiteAnswer;
    expect(connected.name).toBe("Fake Blog");
    expect(wp.calls("", "GET").map((request) => request.query)).toEqual([{}]);
  });

  it("follows a changed Site Title at the next sync and with new credentials", async () => {
    const wp = installFakeWordPress({ postCount: 1 });
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    wp.content.settings.title = "  Crumb  &amp; Crust ";
    expect(await sync(token, site.id)).toBe(200);
    expect((await readSite(token, site.id)).name).toBe("Crumb & Crust");

    wp.content.settings.title = "Crumb";
    const patched = await call(`/api/sites/${site.id}`, {
      method: "PATCH",
      token,
      json: { blogUsername: "admin", blogAppPassword: wp.appPassword },
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as SiteAnswer).name).toBe("Crumb");

    // An emptied Site Title: the site has no name, and the panel falls back to its host.
    wp.content.settings.title = "";
    expect(await sync(token, site.id)).toBe(200);
    expect((await readSite(token, site.id)).name).toBeNull();
  });

  it("never fails a connect or a sync: unreadable, it is null at connect and kept as it was at a sync", async () => {
    const wp = installFakeWordPress({ postCount: 1 });
    const { token } = await seedAccount();
    wp.loseAnswers("GET", /^\/$/, 1);
    const site = (await connectFakeSite(token, wp)) as unknown as SiteAnswer;
    expect(site.name).toBeNull();

    expect(await sync(token, site.id)).toBe(200);
    expect((await readSite(token, site.id)).name).toBe("Fake Blog");

    wp.content.settings.title = "Renamed";
    wp.loseAnswers("GET", /^\/$/, 1);
    expect(await sync(token, site.id)).toBe(200);
    expect(await readSite(token, site.id)).toMatchObject({ name: "Fake Blog", status: "CONNECTED" });
    expect(wp.calls("", "GET")).toHaveLength(3);
  });
});

describe("forum and custom sites", () => {
  it("answer name: null", async () => {
    const forum = createFakeXenForo();
    forum.addKey("key-user-12");
    useFakeFetch(fakeNetwork(forum));
    const { token } = await seedAccount();
    const forumSite = (await (await connectForum(token, forum)).json()) as { id: string };
    const custom = await call("/api/platforms/custom/connect", { method: "POST", token, json: { url: "https://www.example.com" } });
    const customSite = (await custom.json()) as { id: string };
    expect((await readSite(token, forumSite.id)).name).toBeNull();
    expect((await readSite(token, customSite.id)).name).toBeNull();
  });
});
