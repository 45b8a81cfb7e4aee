import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount, useFakeFetch } from "../harness";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";

async function blogSite() {
  const fake = installFakeWordPress();
  const { token } = await seedAccount();
  const site = await connectFakeSite(token, fake);
  return { fake, token, base: `/api/sites/${site.id}/blog` };
}

describe("pages", () => {
  it("lists the published pages", async () => {
    const { token, base } = await blogSite();
    const res = await call(`${base}/pages`, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      items: [
        {
          id: 80,
          title: "About",
          slug: "about",
          status: "publish",
          url: "https://blog.example.com/about/",
          content: "<p>About us.</p>",
          publishedAt: "2026-10-11T00:00:00Z",
          modifiedAt: "2026-10-11T00:00:00Z",
        },
        {
          id: 81,
          title: "Contact",
          slug: "contact",
          status: "publish",
          url: "https://blog.example.com/contact/",
          content: "<p>Write to us.</p>",
          publishedAt: "2026-10-10T00:00:00Z",
          modifiedAt: "2026-10-10T00:00:00Z",
        },
      ],
      page: 1,
      perPage: 10,
      total: 2,
      totalPages: 1,
    });
  });

  it("creates a page with {title, content, status}; status defaults to draft", async () => {
    const { fake, token, base } = await blogSite();
    const res = await call(`${base}/pages`, {
      method: "POST",
      token,
      json: { title: "Opening hours", content: "<p>9 to 5</p>", status: "publish" },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      title: "Opening hours",
      status: "publish",
      slug: "opening-hours",
      url: "https://blog.example.com/opening-hours/",
      content: "<p>9 to 5</p>",
    });
    const draft = await call(`${base}/pages`, { method: "POST", token, json: { title: "Later", content: "" } });
    expect(await draft.json()).toMatchObject({ status: "draft" });
    expect(fake.calls("wp/v2/pages", "POST").map((r) => JSON.parse(r.body))).toEqual([
      { title: "Opening hours", content: "<p>9 to 5</p>", status: "publish" },
      { title: "Later", content: "", status: "draft" },
    ]);
  });

  it("answers bad bodies with 400", async () => {
    const { fake, token, base } = await blogSite();
    for (const json of [
      { content: "x" },
      { title: "", content: "x" },
      { title: "t" },
      { title: "t", content: "x", status: "published" },
      { title: 1, content: "x" },
    ]) {
      await expectError(await call(`${base}/pages`, { method: "POST", token, json }), 400, "invalid_request");
    }
    expect(fake.calls("wp/v2/pages", "POST")).toHaveLength(0);
  });
});

describe("media", () => {
  it("lists the media library", async () => {
    const { token, base } = await blogSite();
    const res = await call(`${base}/media?per_page=1`, { token });
    expect(await res.json()).toEqual({
      items: [
        {
          id: 40,
          title: "Sunrise",
          url: "https://blog.example.com/wp-content/uploads/2026/11/sunrise.jpg",
          mimeType: "image/jpeg",
          mediaType: "image",
          altText: "A sunrise",
          width: 1200,
          height: 800,
          fileSize: 1000,
          attachedToPostId: null,
          createdAt: "2026-11-15T00:00:00Z",
        },
      ],
      page: 1,
      perPage: 1,
      total: 2,
      totalPages: 2,
    });
  });

  it("gives an empty page past the end (WordPress itself answers 400 there)", async () => {
    const { token, base } = await blogSite();
    expect(await (await call(`${base}/media?page=7`, { token })).json()).toEqual({
      items: [],
      page: 7,
      perPage: 10,
      total: 2,
      totalPages: 1,
    });
  });

  it("deletes an item for good with force=true", async () => {
    const { fake, token, base } = await blogSite();
    const res = await call(`${base}/media/41`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 41, deleted: true });
    expect(fake.calls("wp/v2/media/41", "DELETE")[0]!.query).toEqual({ force: "true" });
    expect(fake.content.media.map((m) => m.id)).toEqual([40]);
  });

  it("is 404 for an item the site does not have, 400 for an id that is not a number", async () => {
    const { token, base } = await blogSite();
    await expectError(await call(`${base}/media/12345`, { method: "DELETE", token }), 404, "not_found");
    await expectError(await call(`${base}/media/sunrise`, { method: "DELETE", token }), 400, "invalid_request");
  });
});

describe("settings", () => {
  it("reads the settings", async () => {
    const { token, base } = await blogSite();
    const res = await call(`${base}/settings`, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      title: "Fake Blog",
      description: "Just another fake site",
      url: "https://blog.example.com",
      language: "en_US",
      timezone: "UTC",
    });
  });

  it("updates the title and the description, together or alone", async () => {
    const { fake, token, base } = await blogSite();
    const both = await call(`${base}/settings`, { method: "POST", token, json: { title: "Crumb", description: "Bread every day" } });
    expect(await both.json()).toMatchObject({ title: "Crumb", description: "Bread every day" });
    const one = await call(`${base}/settings`, { method: "POST", token, json: { description: "" } });
    expect(await one.json()).toMatchObject({ title: "Crumb", description: "" });
    expect(fake.content.settings).toMatchObject({ title: "Crumb", description: "" });
    expect(fake.calls("wp/v2/settings", "POST").map((r) => JSON.parse(r.body))).toEqual([
      { title: "Crumb", description: "Bread every day" },
      { description: "" },
    ]);
  });

  it("answers bad bodies with 400", async () => {
    const { fake, token, base } = await blogSite();
    for (const json of [{}, { title: 5 }, { timezone: "UTC" }, { title: "x".repeat(501) }]) {
      await expectError(await call(`${base}/settings`, { method: "POST", token, json }), 400, "invalid_request");
    }
    expect(fake.calls("wp/v2/settings", "POST")).toHaveLength(0);
  });

  it("is 422 when the connected user may not manage options", async () => {
    const { fake, token, base } = await blogSite();
    const realFetch = fake.fetch;
    useFakeFetch(async (input, init) => {
      if (new Request(input, init).url.includes("settings")) {
        return Response.json(
          { code: "rest_forbidden", message: "Sorry, you are not allowed to do that.", data: { status: 403 } },
          { status: 403 },
        );
      }
      return realFetch(input, init);
    });
    const error = await expectError(await call(`${base}/settings`, { token }), 422, "wordpress_refused");
    expect(error.message).toMatch(/not allowed.*rest_forbidden/);
  });
});
