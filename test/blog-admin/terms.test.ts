import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount } from "../harness";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";

async function blogSite() {
  const fake = installFakeWordPress();
  const { token, accountId } = await seedAccount();
  const site = await connectFakeSite(token, fake);
  return { fake, token, accountId, base: `/api/sites/${site.id}/blog` };
}

describe("GET/POST /api/sites/{siteId}/blog/categories", () => {
  it("lists categories as plain records with WordPress's totals", async () => {
    const { token, base, fake } = await blogSite();
    const res = await call(`${base}/categories?per_page=2&page=2`, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      items: [
        {
          id: 1,
          name: "Uncategorized",
          slug: "uncategorized",
          description: "",
          parentId: null,
          postCount: 25,
          url: "https://blog.example.com/category/uncategorized/",
        },
      ],
      page: 2,
      perPage: 2,
      total: 3,
      totalPages: 2,
    });
    expect(fake.calls("wp/v2/categories", "GET")[0]!.query).toMatchObject({ page: "2", per_page: "2" });
    const first = (await (await call(`${base}/categories?per_page=2`, { token })).json()) as {
      items: { name: string; description: string }[];
    };
    // WordPress sends names HTML-escaped ("Tips &amp; Tricks"); records carry the text.
    expect(first.items).toMatchObject([{ name: "News", description: "Announcements" }, { name: "Tips & Tricks" }]);
  });

  it("creates a category with {name} and answers 201", async () => {
    const { token, base, fake } = await blogSite();
    const res = await call(`${base}/categories`, {
      method: "POST",
      token,
      json: { name: "Recipes", description: "What we bake", parentId: 2 },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: "Recipes", slug: "recipes", description: "What we bake", parentId: 2, postCount: 0 });
    expect(JSON.parse(fake.calls("wp/v2/categories", "POST")[0]!.body)).toEqual({
      name: "Recipes",
      description: "What we bake",
      parent: 2,
    });
    expect(fake.content.terms.some((t) => t.name === "Recipes" && t.taxonomy === "category")).toBe(true);
  });

  it("is 409 naming the existing category when the name is taken", async () => {
    const { token, base } = await blogSite();
    const error = await expectError(
      await call(`${base}/categories`, { method: "POST", token, json: { name: "news" } }),
      409,
      "term_exists",
    );
    expect(error.message).toBe('A category named "news" already exists on the WordPress site (id 2)');
  });

  it("answers bad bodies with 400 without calling WordPress", async () => {
    const { token, base, fake } = await blogSite();
    for (const json of [
      {},
      { name: "" },
      { name: "   " },
      { name: 5 },
      { name: "x".repeat(201) },
      { name: "ok", parentId: "two" },
      { name: "ok", extra: 1 },
    ]) {
      await expectError(await call(`${base}/categories`, { method: "POST", token, json }), 400, "invalid_request");
    }
    await expectError(
      await call(`${base}/categories`, { method: "POST", token, body: "{", headers: { "Content-Type": "application/json" } }),
      400,
      "invalid_request",
    );
    expect(fake.calls("wp/v2/categories", "POST")).toHaveLength(0);
  });
});

describe("GET/POST /api/sites/{siteId}/blog/tags", () => {
  it("lists tags and creates one with {name}", async () => {
    const { token, base, fake } = await blogSite();
    const list = await call(`${base}/tags`, { token });
    expect(await list.json()).toEqual({
      items: [
        { id: 6, name: "php", slug: "php", description: "", postCount: 0, url: "https://blog.example.com/tag/php/" },
        { id: 5, name: "wordpress", slug: "wordpress", description: "", postCount: 0, url: "https://blog.example.com/tag/wordpress/" },
      ],
      page: 1,
      perPage: 10,
      total: 2,
      totalPages: 1,
    });
    const created = await call(`${base}/tags`, { method: "POST", token, json: { name: "Sourdough" } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: "Sourdough", slug: "sourdough" });
    expect(JSON.parse(fake.calls("wp/v2/tags", "POST")[0]!.body)).toEqual({ name: "Sourdough" });
  });

  it("is 409 for a taken name and 400 for a bad body", async () => {
    const { token, base } = await blogSite();
    await expectError(await call(`${base}/tags`, { method: "POST", token, json: { name: "PHP" } }), 409, "term_exists");
    await expectError(await call(`${base}/tags`, { method: "POST", token, json: { title: "php" } }), 400, "invalid_request");
    await expectError(await call(`${base}/tags?per_page=500`, { token }), 400, "invalid_request");
  });
});
