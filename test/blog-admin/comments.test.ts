import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount } from "../harness";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";

interface CommentPage {
  items: {
    id: number;
    status: string;
    postId: number | null;
    parentId: number | null;
    authorName: string;
    content: string;
    date: string | null;
    url: string | null;
    authorUrl: string | null;
  }[];
  total: number;
}

async function blogSite() {
  const fake = installFakeWordPress();
  const { token } = await seedAccount();
  const site = await connectFakeSite(token, fake);
  return { fake, token, base: `/api/sites/${site.id}/blog/comments` };
}

describe("GET /api/sites/{siteId}/blog/comments", () => {
  it("filters by status, asking WordPress for `approve` when we are asked for `approved`", async () => {
    const { fake, token, base } = await blogSite();
    const approved = (await (await call(`${base}?status=approved`, { token })).json()) as CommentPage;
    expect(approved.items.map((c) => c.id)).toEqual([2, 1, 3]);
    expect(approved.items.every((c) => c.status === "approved")).toBe(true);
    expect(fake.calls("wp/v2/comments").at(-1)!.query.status).toBe("approve");

    const held = (await (await call(`${base}?status=hold`, { token })).json()) as CommentPage;
    expect(held).toMatchObject({
      total: 2,
      items: [
        { id: 4, status: "hold" },
        { id: 5, status: "hold" },
      ],
    });
    const spam = (await (await call(`${base}?status=spam`, { token })).json()) as CommentPage;
    expect(spam.items).toEqual([
      {
        id: 6,
        postId: 102,
        parentId: null,
        authorName: "Spammer",
        authorUrl: null,
        content: "<p>Buy now</p>",
        status: "spam",
        date: "2026-11-17T00:00:00Z",
        url: "https://blog.example.com/?p=102#comment-6",
      },
    ]);
  });

  it("lists approved and held comments without a filter", async () => {
    const { token, base } = await blogSite();
    const all = (await (await call(base, { token })).json()) as CommentPage;
    expect(all.total).toBe(5);
    expect(all.items.find((c) => c.id === 2)).toMatchObject({ parentId: 1, postId: 100 });
  });

  it("answers an unknown status filter with 400", async () => {
    const { fake, token, base } = await blogSite();
    for (const status of ["trash", "approve", "all", ""])
      await expectError(await call(`${base}?status=${status}`, { token }), 400, "invalid_request");
    expect(fake.calls("wp/v2/comments")).toHaveLength(0);
  });
});

describe("POST /api/sites/{siteId}/blog/comments/{commentId}", () => {
  it("moves a comment to each status: approved, hold, spam, trash", async () => {
    const { fake, token, base } = await blogSite();
    for (const status of ["approved", "spam", "hold", "trash"] as const) {
      const res = await call(`${base}/4`, { method: "POST", token, json: { status } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: 4, status });
      expect(fake.content.comments.find((c) => c.id === 4)!.status).toBe(status);
    }
    expect(fake.calls("wp/v2/comments/4", "POST").map((r) => JSON.parse(r.body))).toEqual([
      { status: "approved" },
      { status: "spam" },
      { status: "hold" },
      { status: "trash" },
    ]);
  });

  it("is 404 for a comment the site does not have", async () => {
    const { token, base } = await blogSite();
    const error = await expectError(await call(`${base}/999`, { method: "POST", token, json: { status: "spam" } }), 404, "not_found");
    expect(error.message).toMatch(/^Comment 999 was not found on the WordPress site/);
  });

  it("answers bad input with 400 without calling WordPress", async () => {
    const { fake, token, base } = await blogSite();
    await expectError(await call(`${base}/4`, { method: "POST", token, json: { status: "approve" } }), 400, "invalid_request");
    await expectError(await call(`${base}/4`, { method: "POST", token, json: {} }), 400, "invalid_request");
    await expectError(await call(`${base}/abc`, { method: "POST", token, json: { status: "spam" } }), 400, "invalid_request");
    await expectError(await call(`${base}/-1`, { method: "POST", token, json: { status: "spam" } }), 400, "invalid_request");
    await expectError(
      await call(`${base}/4`, {
        method: "POST",
        token,
        body: "status=spam",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      400,
      "invalid_request",
    );
    expect(fake.calls("wp/v2/comments/4")).toHaveLength(0);
  });
});
