import { describe, expect, it } from "vitest";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, expectError, seedAccount, seedSite } from "../harness";
import { offlinePlan, runNow } from "../pipeline/helpers";

// Issue 18, items 1–4: what a hostile or careless client sends never becomes markup on a page,
// never crashes the sanitiser, and control characters are refused naming the field.

const patch = (token: string, id: string, json: unknown) => call(`/api/autopilot/articles/${id}`, { method: "PATCH", token, json });
const rawPatch = (token: string, path: string, body: string, method = "PATCH") =>
  call(path, { method, token, body, headers: { "Content-Type": "application/json" } });

async function publishedOnFakeWordPress() {
  const wp = installFakeWordPress();
  const { accountId, token } = await seedAccount();
  const site = await connectFakeSite(token, wp);
  const plan = await offlinePlan(token, site.id, { articleCount: 1 });
  const res = await runNow(token, plan.items[0]!.id);
  expect(res.status).toBe(200);
  const { articleId } = (await res.json()) as { articleId: string };
  const post = () => wp.content.posts.find((p) => p.content.includes(`content-autopilot:${plan.items[0]!.id}`))!;
  return { wp, accountId, token, site, plan, articleId, post };
}

/** Each `<` opens a tag of the sanitiser's allowlist with double-quoted attributes, and no attribute is an event handler. */
function onlyAllowedTags(html: string): boolean {
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", at + 1)) {
    const tag = /^<\/?([a-z0-9]+)((?: [a-z]+="[^"<>]*")*)\/?>/.exec(html.slice(at));
    if (!tag || /\son/i.test(tag[2]!)) return false;
  }
  return true;
}

describe("stored XSS through a tag left open at the end (item 1)", () => {
  const vectors = [
    "<p>x</p><img src=x onerror=alert(1)//",
    '<p>x</p><a href="/a" onmouseover=alert(1)//',
    "<p>x</p><svg onload=alert(1)//",
  ];

  it.each(vectors)("%s is stored, served and sent to WordPress as text", async (html) => {
    const { token, articleId, post } = await publishedOnFakeWordPress();
    const res = await patch(token, articleId, { html });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { html: string; blogUpdated: boolean };
    expect(body.blogUpdated).toBe(true);
    expect(body.html).toBe(html.replace(/<(?!\/?p>)/g, "&lt;"));
    expect(onlyAllowedTags(body.html)).toBe(true);

    const managed = (await (await call(`/api/autopilot/articles/${articleId}`, { token })).json()) as { html: string };
    const publicRead = (await (await call(`/api/v1/public/articles/${articleId}`, { token })).json()) as { data: { content: string } };
    expect(managed.html).toBe(body.html);
    expect(publicRead.data.content).toBe(body.html);
    expect(onlyAllowedTags(post().content.replace(/^<!-- content-autopilot:[^>]+ -->\n/, ""))).toBe(true);
    expect(post().content).toContain(body.html);
  });
});

describe("titles and SEO fields are plain text (item 2)", () => {
  it("markup in title, seoTitle or seoDesc is 400 naming the field, and nothing changes", async () => {
    const { token, articleId, post } = await publishedOnFakeWordPress();
    const before = await (await call(`/api/autopilot/articles/${articleId}`, { token })).json();
    const wordPressTitle = post().title;
    for (const field of ["title", "seoTitle", "seoDesc"]) {
      for (const value of [
        "Hello <img src=x onerror=alert(1)>",
        "A <b>bold</b> claim",
        "Tail </h1><script>x</script>",
        "Comment <!-- x -->",
      ]) {
        const error = await expectError(await patch(token, articleId, { [field]: value }), 400, "invalid_request");
        expect(error.message).toContain(`'${field}'`);
        expect(error.message).toContain("HTML markup is not allowed");
      }
    }
    expect(await (await call(`/api/autopilot/articles/${articleId}`, { token })).json()).toEqual(before);
    expect(post().title).toBe(wordPressTitle);
  });

  it("a '<' that is not markup is fine, and reaches WordPress escaped so it shows as text", async () => {
    const { token, articleId, post } = await publishedOnFakeWordPress();
    const res = await patch(token, articleId, { title: "Why 3 < 5 and x<=y hold" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { title: string }).title).toBe("Why 3 < 5 and x<=y hold");
    expect(post().title).toBe("Why 3 &lt; 5 and x&lt;=y hold");
  });

  it("markup in a plan item's title or keyword is 400", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    for (const json of [{ title: "Hello <img src=x onerror=alert(1)>" }, { targetKeyword: "<svg onload=x>" }]) {
      await expectError(await call(`/api/autopilot/items/${item.id}`, { method: "PATCH", token, json }), 400, "invalid_request");
    }
  });
});

describe("deep nesting (item 3)", () => {
  it.each([
    ["unclosed <b> × 20,000", `${"<b>".repeat(20_000)}x`],
    ["balanced <span> × 20,000", `<p>${"<span>".repeat(20_000)}x${"</span>".repeat(20_000)}</p>`],
  ])("%s is stored flattened to 64 levels, never a 5xx", async (_, html) => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const { articleId } = (await (await runNow(token, plan.items[0]!.id)).json()) as { articleId: string };
    const res = await patch(token, articleId, { html });
    expect(res.status).toBe(200);
    const stored = ((await res.json()) as { html: string }).html;
    expect(stored.match(/<(b|span)>/g)!.length).toBeLessThanOrEqual(64);
    expect(stored).toContain("x");
  });
});

describe("control characters and unpaired surrogates (item 4)", () => {
  const controls = ["a\u0000b", "a\u0007b", "a\u001bb", "a\u0085b", "a\u009fb", "a\u007fb"];

  it("are 400 in article title, seoTitle and seoDesc, naming the field", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const { articleId } = (await (await runNow(token, plan.items[0]!.id)).json()) as { articleId: string };
    for (const field of ["title", "seoTitle", "seoDesc"]) {
      for (const value of [...controls, "line\nbreak", "tab\there"]) {
        const error = await expectError(await patch(token, articleId, { [field]: value }), 400, "invalid_request");
        expect(error.message).toContain(`'${field}'`);
        expect(error.message).toContain("control characters");
      }
      const lone = await expectError(
        await rawPatch(token, `/api/autopilot/articles/${articleId}`, `{"${field}":"broken \\ud800 text"}`),
        400,
        "invalid_request",
      );
      expect(lone.message).toContain(`'${field}'`);
      expect(lone.message).toContain("unpaired surrogates");
    }
    // A pair is one character, and fine.
    expect((await patch(token, articleId, { title: "Bread 🍞 and more" })).status).toBe(200);
  });

  it("are 400 in plan item titles and keywords, brief fields and token names; newlines are fine in multi-line brief fields", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const itemPath = `/api/autopilot/items/${plan.items[0]!.id}`;
    for (const field of ["title", "targetKeyword"]) {
      const error = await expectError(
        await call(itemPath, { method: "PATCH", token, json: { [field]: "bad\u0001value" } }),
        400,
        "invalid_request",
      );
      expect(error.message).toContain(`'${field}'`);
      await expectError(await rawPatch(token, itemPath, `{"${field}":"half \\udc00 pair"}`), 400, "invalid_request");
    }
    const briefPath = `/api/sites/${site.id}/brief`;
    for (const [field, value] of [
      ["business", "a\u0000b"],
      ["audience", "a\u0008b"],
      ["tone", "a\u009bb"],
      ["notes", "a\u000bb"],
    ] as const) {
      const error = await expectError(await call(briefPath, { method: "PUT", token, json: { [field]: value } }), 400, "invalid_request");
      expect(error.message).toContain(`'${field}'`);
    }
    await expectError(await call(briefPath, { method: "PUT", token, json: { topicsToAvoid: ["two\nlines"] } }), 400, "invalid_request");
    expect(
      (await call(briefPath, { method: "PUT", token, json: { business: "Line one\nLine two\twith a tab", notes: "a\r\nb" } })).status,
    ).toBe(200);

    const tokenError = await expectError(
      await call("/api/tokens", { method: "POST", token, json: { name: "ci\u0000token" } }),
      400,
      "invalid_request",
    );
    expect(tokenError.message).toContain("'name'");
    await expectError(await rawPatch(token, "/api/tokens", '{"name":"x\\ud83d"}', "POST"), 400, "invalid_request");
  });
});
