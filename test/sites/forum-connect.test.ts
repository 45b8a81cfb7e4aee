import { beforeEach, describe, expect, it } from "vitest";
import { fakeNetwork } from "../fakes/network";
import { createFakeXenForo, type FakeXenForo } from "../fakes/xenforo";
import { call, expectError, seedAccount, seedToken, useFakeFetch } from "../harness";
import { connectForum, decrypt, siteRow, sitesOf, withPrivateUrlsRefused } from "./forum-helpers";

let forum: FakeXenForo;
beforeEach(() => {
  forum = createFakeXenForo();
  forum.addKey("key-user-12");
  useFakeFetch(fakeNetwork(forum));
});

describe("POST /api/platforms/forum/connect: success", () => {
  it("verifies the key, answers 201 with the site id and the postable forums", async () => {
    const { token, accountId } = await seedAccount();
    const res = await connectForum(token, forum);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; forums: unknown[] };
    expect(body).toEqual({
      id: expect.stringMatching(/^site_[0-9A-Za-z]{16}$/),
      forums: [
        { id: 2, title: "Duyurular" },
        { id: 3, title: "Makaleler" },
      ],
    });
    expect(forum.state.requests.map((r) => `${r.method} ${r.path} ${r.apiKey} ${r.apiUser}`)).toEqual([
      "GET /index/ key-user-12 12",
      "GET /me/ key-user-12 12",
      "GET /nodes/ key-user-12 12",
    ]);
    const [stored] = await sitesOf(accountId);
    expect(stored).toMatchObject({
      id: body.id,
      platform: "forum",
      url: forum.baseUrl,
      status: "CONNECTED",
      businessContext: "Home bakers in Istanbul",
      forumUserId: 12,
      forumNodeId: null,
      webhookUrl: null,
    });
  });

  it("stores the key encrypted: the column is not the key and decrypts to it", async () => {
    const { token } = await seedAccount();
    const key = forum.addKey("Xf9-very-secret-key-value-000001");
    const res = await connectForum(token, forum, { apiKey: key });
    const { id } = (await res.json()) as { id: string };
    const row = await siteRow(id);
    expect(row.forumApiKeyEncrypted).not.toContain(key);
    expect(row.forumApiKeyEncrypted).toMatch(/^v1\./);
    expect(await decrypt(row.forumApiKeyEncrypted!)).toBe(key);
  });

  it("accepts a super user key acting as forumUserId", async () => {
    const { token } = await seedAccount();
    forum.addKey("super-key", { type: "super", userId: null, scopes: "all" });
    const res = await connectForum(token, forum, { apiKey: "super-key", forumUserId: 13 });
    expect(res.status).toBe(201);
    expect(forum.state.requests.every((r) => r.apiUser === "13")).toBe(true);
  });

  it("takes businessContext as optional (empty by default)", async () => {
    const { token, accountId } = await seedAccount();
    expect((await connectForum(token, forum, { businessContext: undefined })).status).toBe(201);
    expect((await sitesOf(accountId))[0]!.businessContext).toBe("");
  });

  it("takes language like POST /sites: stored lower-cased, en by default, 400 when not a language code", async () => {
    const { token, accountId } = await seedAccount();
    expect((await connectForum(token, forum, { language: "TR" })).status).toBe(201);
    expect((await connectForum(token, forum, {})).status).toBe(201);
    expect((await sitesOf(accountId)).map((site) => site.language).sort()).toEqual(["en", "tr"]);
    await expectError(await connectForum(token, forum, { language: "Turkish" }), 400, "invalid_request");
    expect(await sitesOf(accountId)).toHaveLength(2);
  });

  it.each(["/api/", "/index.php", "/?page=2", "/"])("takes the forum URL ending in %s and stores the forum's base", async (tail) => {
    const { token, accountId } = await seedAccount();
    expect((await connectForum(token, forum, { url: `${forum.baseUrl}${tail}` })).status).toBe(201);
    const [stored] = await sitesOf(accountId);
    expect(stored!.url).toBe(forum.baseUrl);
    expect(forum.state.requests[0]!.path).toBe("/index/");
  });

  it("never shows the key: not in the answer, not in the site list", async () => {
    const { token } = await seedAccount();
    const key = forum.addKey("visible-nowhere-key-123456789012");
    const res = await connectForum(token, forum, { apiKey: key });
    expect(await res.text()).not.toContain(key);
    const list = await call("/api/sites", { token });
    expect(list.status).toBe(200);
    const sitesListed = (await list.json()) as Record<string, unknown>[];
    expect(sitesListed).toHaveLength(1);
    expect(sitesListed[0]).toMatchObject({ platform: "forum", url: forum.baseUrl, status: "CONNECTED", forumNodeId: null });
    expect(JSON.stringify(sitesListed)).not.toMatch(new RegExp(`${key}|encrypted|apiKey`, "i"));
  });
});

describe("POST /api/platforms/forum/connect: refused by the forum (422, nothing stored)", () => {
  const cases: [string, (f: FakeXenForo) => Record<string, unknown>, RegExp][] = [
    ["an unknown key", () => ({ apiKey: "not-a-key" }), /^The forum refused the API key: .*no such key/],
    ["a deactivated key", (f) => ({ apiKey: f.addKey("off", { active: false }) }), /^The forum refused the API key: .*deactivated/],
    ["a user key of another user", () => ({ forumUserId: 13 }), /^The forum refused the API key: .*cannot act as forumUserId 13/],
    ["a guest key", (f) => ({ apiKey: f.addKey("guest", { type: "guest", userId: null, scopes: "all" }) }), /guest key/],
    [
      "a key without the posting scopes",
      (f) => ({ apiKey: f.addKey("narrow", { scopes: ["node:read"] }) }),
      /lacks the scopes thread:read, thread:write, attachment:write/,
    ],
    [
      "a super key for a user that does not exist",
      (f) => ({ apiKey: f.addKey("super", { type: "super", userId: null, scopes: "all" }), forumUserId: 777 }),
      /no user with id 777/,
    ],
  ];
  it.each(cases)("refuses %s with a message about the key", async (_, fields, message) => {
    const { token, accountId } = await seedAccount();
    const body = await expectError(await connectForum(token, forum, fields(forum)), 422, "forum_key_rejected");
    expect(body.message).toMatch(message);
    expect(await sitesOf(accountId)).toHaveLength(0);
  });

  it("refuses a user who can post in no forum", async () => {
    const { token, accountId } = await seedAccount();
    forum.state.nodes = forum.state.nodes.filter((node) => node.node_type_id !== "Forum" || node.allow_posting === false);
    const body = await expectError(await connectForum(token, forum), 422, "forum_no_writable_node");
    expect(body.message).toBe("Forum user 12 can see no forum that accepts new threads; check the user's permissions");
    expect(await sitesOf(accountId)).toHaveLength(0);
  });
});

describe("POST /api/platforms/forum/connect: not a usable XenForo (422, another message)", () => {
  it.each([
    ["a HTML site", "not_xenforo" as const],
    ["a JSON API that is not XenForo", "garbage_json" as const],
    ["a forum whose API is switched off", "api_disabled" as const],
    ["an address that redirects", "redirect" as const],
    ["an unreachable host", "unreachable" as const],
  ])("refuses %s", async (_, mode) => {
    const { token, accountId } = await seedAccount();
    forum.failWith(mode);
    const body = await expectError(await connectForum(token, forum), 422, "forum_unavailable");
    expect(body.message).toMatch(/^No usable XenForo REST API at https:\/\/forum\.test\/community\/api\//);
    expect(body.message).not.toMatch(/refused the API key/);
    expect(await sitesOf(accountId)).toHaveLength(0);
  });

  it("refuses a host nothing answers at", async () => {
    const { token } = await seedAccount();
    const body = await expectError(await connectForum(token, forum, { url: "https://nowhere.test/forum" }), 422, "forum_unavailable");
    expect(body.message).toMatch(/^No usable XenForo REST API at https:\/\/nowhere\.test\/forum\/api\//);
  });
});

describe("POST /api/platforms/forum/connect: forum failures", () => {
  it("answers 502 for a forum error page, without its content", async () => {
    const { token, accountId } = await seedAccount();
    forum.failWith("server_error");
    const res = await connectForum(token, forum);
    const text = await res.clone().text();
    await expectError(res, 502, "site_unavailable");
    expect(text).not.toContain("secret stack trace");
    expect(await sitesOf(accountId)).toHaveLength(0);
  });

  it("answers 504 when the forum does not answer in time", async () => {
    const { token, accountId } = await seedAccount();
    forum.failWith("hang");
    await expectError(await connectForum(token, forum), 504, "site_timeout");
    expect(await sitesOf(accountId)).toHaveLength(0);
  });
});

describe("POST /api/platforms/forum/connect: bad input (400, nothing called or stored)", () => {
  const invalid: [string, Record<string, unknown>][] = [
    ["forumUserId as a string", { forumUserId: "12" }],
    ["forumUserId zero", { forumUserId: 0 }],
    ["forumUserId not whole", { forumUserId: 1.5 }],
    ["apiKey missing", { apiKey: undefined }],
    ["apiKey empty", { apiKey: "  " }],
    ["businessContext not a string", { businessContext: 5 }],
    ["businessContext over 5000 characters", { businessContext: "x".repeat(5001) }],
    ["url not a URL", { url: "forum dot com" }],
    ["url with another scheme", { url: "ftp://forum.test/community" }],
    ["url with credentials", { url: "https://user:pass@forum.test/community" }],
    ["an unknown field", { nodeId: 2 }],
  ];
  // The body's shape is checked first (invalid_request); a well-formed address the outbound check refuses is invalid_address.
  const addressChecked = new Set(["url not a URL", "url with another scheme", "url with credentials"]);
  it.each(invalid)("refuses %s", async (name, fields) => {
    const { token, accountId } = await seedAccount();
    await expectError(await connectForum(token, forum, fields), 400, addressChecked.has(name) ? "invalid_address" : "invalid_request");
    expect(forum.state.requests).toHaveLength(0);
    expect(await sitesOf(accountId)).toHaveLength(0);
  });

  it("refuses malformed JSON and a missing body", async () => {
    const { token } = await seedAccount();
    const headers = { "Content-Type": "application/json" };
    await expectError(
      await call("/api/platforms/forum/connect", { method: "POST", token, headers, body: '{"url": "https://forum.test",' }),
      400,
      "invalid_request",
    );
    await expectError(await call("/api/platforms/forum/connect", { method: "POST", token }), 400, "invalid_request");
    expect(forum.state.requests).toHaveLength(0);
  });

  it("refuses private and loopback addresses when ALLOW_PRIVATE_URLS is false", async () => {
    const { token, accountId } = await seedAccount();
    await withPrivateUrlsRefused(async () => {
      for (const url of [
        "http://127.0.0.1/forum",
        "http://10.1.2.3",
        "http://localhost:8080",
        "http://[::1]/",
        "http://192.168.0.10/community",
      ]) {
        const body = await expectError(await connectForum(token, forum, { url }), 400, "invalid_address");
        expect(body.message).toMatch(/private, loopback or internal/);
      }
    });
    expect(forum.state.requests).toHaveLength(0);
    expect(await sitesOf(accountId)).toHaveLength(0);
  });
});

describe("POST /api/platforms/forum/connect: authentication", () => {
  it("needs a token (401) with the manage scope (403)", async () => {
    await expectError(await call("/api/platforms/forum/connect", { method: "POST", json: {} }), 401, "unauthorized");
    const { accountId } = await seedAccount();
    const { token } = await seedToken(accountId, "public:read");
    await expectError(await connectForum(token, forum), 403, "insufficient_scope");
    expect(forum.state.requests).toHaveLength(0);
    expect(await sitesOf(accountId)).toHaveLength(0);
  });
});
