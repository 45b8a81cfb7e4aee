import { beforeEach, describe, expect, it, vi } from "vitest";
import { createXenForoClient, xenForoApiBase } from "../../src/adapters/xenforo/client";
import { XenForoError } from "../../src/adapters/xenforo/errors";
import { postableForums, verifyPostingKey } from "../../src/adapters/xenforo/verify";
import { fakeNetwork } from "../fakes/network";
import { createFakeXenForo, type FakeXenForo } from "../fakes/xenforo";

let forum: FakeXenForo;
beforeEach(() => {
  forum = createFakeXenForo();
  forum.addKey("user-key");
});

const clientFor = (apiKey = "user-key", userId = 12, timeoutMs = 2000) =>
  createXenForoClient({ baseUrl: forum.baseUrl, apiKey, userId, fetch: fakeNetwork(forum), timeoutMs });

async function failureOf(promise: Promise<unknown>): Promise<XenForoError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof XenForoError)) throw new Error(`expected a XenForoError, got ${String(error)}`);
  return error;
}

describe("XenForo client: requests", () => {
  it("finds the API under the forum URL, with or without /api at the end", () => {
    expect(xenForoApiBase("https://example.com/community/")).toBe("https://example.com/community/api/");
    expect(xenForoApiBase("https://example.com/community/api")).toBe("https://example.com/community/api/");
    expect(xenForoApiBase("https://example.com")).toBe("https://example.com/api/");
  });

  it("sends the key and the acting user on every call, to paths ending in /", async () => {
    const client = clientFor();
    await client.getIndex();
    await client.getMe();
    await client.listNodes();
    expect(forum.state.requests.map((r) => [r.method, r.path, r.apiKey, r.apiUser])).toEqual([
      ["GET", "/index/", "user-key", "12"],
      ["GET", "/me/", "user-key", "12"],
      ["GET", "/nodes/", "user-key", "12"],
    ]);
  });

  it("creates a thread with a form-encoded body", async () => {
    const thread = await clientFor().createThread({ nodeId: 2, title: "Ekmek & su", message: "[B]hi[/B]" });
    const [sent] = forum.requestsTo("POST", "/threads/");
    expect(sent!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent!.form).toEqual({ node_id: "2", title: "Ekmek & su", message: "[B]hi[/B]" });
    expect(thread).toMatchObject({ node_id: 2, title: "Ekmek & su", discussion_state: "visible" });
    expect(thread.view_url).toBe(`${forum.baseUrl}/threads/${thread.thread_id}/`);
  });

  it("uploads an attachment as multipart with its context", async () => {
    const bytes = new Uint8Array([82, 73, 70, 70, 1, 2, 3]);
    const { key, attachment } = await clientFor().uploadAttachment(
      { nodeId: 2 },
      { fileName: "hero.webp", contentType: "image/webp", bytes },
    );
    const [sent] = forum.requestsTo("POST", "/attachments/new-key");
    expect(sent!.contentType).toMatch(/^multipart\/form-data/);
    expect(sent!.form.type).toBe("post");
    expect(sent!.form["context[node_id]"]).toBe("2");
    expect(forum.state.attachmentKeys.get(key)!.context).toEqual({ node_id: 2 });
    expect([...forum.state.attachments.get(attachment!.attachment_id)!.bytes]).toEqual([...bytes]);
  });
});

describe("XenForo client: failures", () => {
  it.each([
    ["an unknown key", "nope", 12, "The forum rejected the API key: no such key exists on this forum"],
    [
      "a user key sent for another user",
      "user-key",
      13,
      "The API key cannot act as forumUserId 13: it is a guest key or a user key of another forum user",
    ],
  ])("reports %s as key_rejected (422)", async (_, apiKey, userId, message) => {
    const error = await failureOf(clientFor(apiKey, userId).getIndex());
    expect([error.failure, error.status, error.message]).toEqual(["key_rejected", 422, message]);
  });

  it("reports a deactivated key and a missing scope as key_rejected, naming the scope", async () => {
    forum.addKey("off", { active: false });
    expect((await failureOf(clientFor("off").getMe())).message).toMatch(/deactivated/);
    forum.addKey("narrow", { scopes: ["thread:read"] });
    const error = await failureOf(clientFor("narrow").listNodes());
    expect([error.failure, error.message]).toEqual(["key_rejected", "The forum's API key lacks the scope 'node:read' this needs"]);
  });

  it("reports a super key naming a user the forum does not have as key_rejected", async () => {
    forum.addKey("super", { type: "super", userId: null, scopes: "all" });
    expect((await failureOf(clientFor("super", 999).getMe())).message).toBe("The forum has no user with id 999 (forumUserId)");
  });

  it("reports a missing thread as not_found and a forbidden post as permission (422s)", async () => {
    const missing = await failureOf(clientFor().getThread(4242));
    expect([missing.failure, missing.status]).toEqual(["not_found", 422]);
    const denied = await failureOf(clientFor().createThread({ nodeId: 4, title: "t", message: "m" }));
    expect([denied.failure, denied.status]).toEqual(["permission", 422]);
  });

  it("logs host, path and XenForo's error codes, never the query string or the body (hardening issue)", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    await failureOf(clientFor().getThread(4242));
    forum.failWith("server_error");
    await failureOf(clientFor().getIndex());
    forum.failWith("unreachable");
    await failureOf(clientFor().getIndex());
    const lines = warned.mock.calls.map(([text]) => JSON.parse(String(text)) as Record<string, unknown>);
    warned.mockRestore();
    expect(lines[0]).toMatchObject({
      event: "xenforo_error_reply",
      host: forum.host,
      path: "/community/api/threads/4242/",
      status: 404,
      errorCodes: ["requested_page_not_found"],
    });
    expect(lines[1]).toMatchObject({ event: "xenforo_error_reply", status: 500, errorCodes: [] });
    expect(lines[2]).toMatchObject({ event: "xenforo_unreachable", host: forum.host, path: "/community/api/index/" });
    for (const line of lines) {
      expect(line).not.toHaveProperty("url");
      expect(line).not.toHaveProperty("body");
      expect(JSON.stringify(line)).not.toMatch(/with_first_post|secret stack trace|user-key/);
    }
  });

  it("turns a 5xx into a 502 without the upstream body in the message", async () => {
    forum.failWith("server_error");
    const error = await failureOf(clientFor().getIndex());
    expect([error.failure, error.status, error.message]).toEqual(["server_error", 502, "The forum failed with HTTP 500"]);
  });

  it("reports a HTML page as not_xenforo and an unknown JSON on /index/ likewise", async () => {
    forum.failWith("not_xenforo");
    expect((await failureOf(clientFor().getIndex())).failure).toBe("not_xenforo");
    forum.failWith("garbage_json");
    expect((await failureOf(clientFor().getIndex())).failure).toBe("not_xenforo");
  });

  it("reports an unexpected JSON reply elsewhere as a 502", async () => {
    forum.failWith("garbage_json", /\/nodes\//);
    const error = await failureOf(clientFor().listNodes());
    expect([error.failure, error.status]).toEqual(["unexpected_reply", 502]);
  });

  it("does not follow redirects", async () => {
    forum.failWith("redirect");
    const error = await failureOf(clientFor().getIndex());
    expect(error.failure).toBe("redirected");
    expect(error.message).toContain(`https://www.${forum.host}/community/api/index/`);
  });

  it("reports a switched-off API, an unreachable host and a silent one", async () => {
    forum.failWith("api_disabled");
    expect((await failureOf(clientFor().getIndex())).failure).toBe("api_disabled");
    forum.failWith("unreachable");
    const unreachable = await failureOf(clientFor().getIndex());
    expect([unreachable.failure, unreachable.status]).toEqual(["unreachable", 502]);
    forum.failWith("hang");
    const timeout = await failureOf(clientFor("user-key", 12, 50).getIndex());
    expect([timeout.failure, timeout.status]).toEqual(["timeout", 504]);
  });
});

describe("verifyPostingKey", () => {
  it("answers the postable forums for a user key of the user", async () => {
    expect(await verifyPostingKey(clientFor(), 12)).toEqual([
      { id: 2, title: "Duyurular" },
      { id: 3, title: "Makaleler" },
    ]);
  });

  it("accepts a super key acting as the user", async () => {
    forum.addKey("super", { type: "super", userId: null, scopes: "all" });
    expect(await verifyPostingKey(clientFor("super", 13), 13)).toHaveLength(2);
    expect(forum.state.requests.every((r) => r.apiUser === "13")).toBe(true);
  });

  it("refuses a guest key and a key without the needed scopes, naming what is missing", async () => {
    forum.addKey("guest", { type: "guest", userId: null, scopes: "all" });
    expect(
      (
        await failureOf(
          verifyPostingKey(
            createXenForoClient({ baseUrl: forum.baseUrl, apiKey: "guest", userId: 0, fetch: fakeNetwork(forum), timeoutMs: 2000 }),
            12,
          ),
        )
      ).message,
    ).toMatch(/guest key/);
    forum.addKey("read-only", { scopes: ["node:read", "thread:read"] });
    const error = await failureOf(verifyPostingKey(clientFor("read-only"), 12));
    expect(error.message).toBe(
      "The API key lacks the scopes thread:write, attachment:write; give it node:read, thread:read, thread:write, attachment:write",
    );
  });

  it("keeps only forums that take a plain new thread, in display order", () => {
    const forums = postableForums([
      { node_id: 9, title: "Late", node_type_id: "Forum", display_order: 9, type_data: {} },
      { node_id: 1, title: "Cat", node_type_id: "Category", display_order: 1 },
      { node_id: 2, title: "Prefix", node_type_id: "Forum", display_order: 2, type_data: { require_prefix: true } },
      { node_id: 3, title: "Link", node_type_id: "LinkForum", display_order: 3 },
      { node_id: 4, title: "Open", node_type_id: "Forum", display_order: 4, type_data: { allow_posting: true, min_tags: 0 } },
    ]);
    expect(forums).toEqual([
      { id: 4, title: "Open" },
      { id: 9, title: "Late" },
    ]);
  });
});
