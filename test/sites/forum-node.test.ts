import { beforeEach, describe, expect, it } from "vitest";
import { encryptSecret } from "../../src/core/crypto";
import { newId } from "../../src/core/ids";
import { sites } from "../../src/db/schema";
import { fakeNetwork } from "../fakes/network";
import { createFakeXenForo, type FakeXenForo } from "../fakes/xenforo";
import { call, db, expectError, seedAccount, seedToken, testEnv, useFakeFetch } from "../harness";
import { connectForum, siteRow } from "./forum-helpers";

let forum: FakeXenForo;
beforeEach(() => {
  forum = createFakeXenForo();
  forum.addKey("key-user-12");
  useFakeFetch(fakeNetwork(forum));
});

async function connectedForum() {
  const owner = await seedAccount();
  const res = await connectForum(owner.token, forum);
  const { id } = (await res.json()) as { id: string };
  forum.state.requests.length = 0;
  return { ...owner, siteId: id };
}

const chooseNode = (token: string, siteId: string, json: unknown) =>
  call(`/api/platforms/forum/${siteId}/node`, { method: "POST", token, json });

describe("POST /api/platforms/forum/{siteId}/node", () => {
  it("saves an offered forum and answers the Site record", async () => {
    const { token, siteId } = await connectedForum();
    const res = await chooseNode(token, siteId, { nodeId: 3 });
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: siteId,
      url: forum.baseUrl,
      platform: "forum",
      status: "CONNECTED",
      statusMessage: null,
      language: "en",
      businessContext: "Home bakers in Istanbul",
      forumNodeId: 3,
      webhookUrl: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(Object.keys(body).filter((field) => /key|secret|password|encrypted|forumUserId/i.test(field))).toEqual([]);
    expect(text).not.toContain("key-user-12");
    expect((await siteRow(siteId)).forumNodeId).toBe(3);
    // The list was asked again, with the stored key.
    expect(forum.requestsTo("GET", "/nodes/").map((r) => r.apiKey)).toEqual(["key-user-12"]);
  });

  it("lets the target forum be changed", async () => {
    const { token, siteId } = await connectedForum();
    await chooseNode(token, siteId, { nodeId: 3 });
    expect(((await (await chooseNode(token, siteId, { nodeId: 2 })).json()) as { forumNodeId: number }).forumNodeId).toBe(2);
  });

  it.each([
    ["a category", 1],
    ["a forum closed to posting", 4],
    ["a forum that demands tags", 5],
    ["a page", 6],
    ["a node that does not exist", 99],
  ])("refuses %s with 422 naming the choices, and saves nothing", async (_, nodeId) => {
    const { token, siteId } = await connectedForum();
    const body = await expectError(await chooseNode(token, siteId, { nodeId }), 422, "forum_node_not_allowed");
    expect(body.message).toBe(`Node ${nodeId} is not a forum user 12 can start threads in; choose one of: 2 (Duyurular), 3 (Makaleler)`);
    expect((await siteRow(siteId)).forumNodeId).toBeNull();
  });

  it("refuses a forum that was offered at connection but is closed now", async () => {
    const { token, siteId } = await connectedForum();
    forum.state.nodes.find((node) => node.node_id === 3)!.allow_posting = false;
    await expectError(await chooseNode(token, siteId, { nodeId: 3 }), 422, "forum_node_not_allowed");
    expect((await siteRow(siteId)).forumNodeId).toBeNull();
  });

  it("turns the site to ERROR when the forum rejects the stored key, and back to CONNECTED when it works again", async () => {
    const { token, siteId } = await connectedForum();
    forum.state.keys.get("key-user-12")!.active = false;
    const body = await expectError(await chooseNode(token, siteId, { nodeId: 2 }), 422, "site_credentials_rejected");
    expect(body.message).toMatch(/^The forum rejected the API key: the key is deactivated; site site_\w+ is now in status ERROR/);
    expect(await siteRow(siteId)).toMatchObject({
      status: "ERROR",
      statusMessage: "The forum rejected the API key: the key is deactivated",
      forumNodeId: null,
    });

    forum.state.keys.get("key-user-12")!.active = true;
    const res = await chooseNode(token, siteId, { nodeId: 2 });
    expect(await res.json()).toMatchObject({ status: "CONNECTED", statusMessage: null, forumNodeId: 2 });
  });

  it("turns the site to ERROR when the key lost a scope it needs", async () => {
    const { token, siteId } = await connectedForum();
    forum.state.keys.get("key-user-12")!.scopes = ["node:read"];
    await expectError(await chooseNode(token, siteId, { nodeId: 2 }), 422, "site_credentials_rejected");
    expect((await siteRow(siteId)).status).toBe("ERROR");
  });

  it("answers 502 and 504 for a failing or silent forum, keeping the site CONNECTED", async () => {
    const { token, siteId } = await connectedForum();
    forum.failWith("server_error");
    await expectError(await chooseNode(token, siteId, { nodeId: 2 }), 502, "site_unavailable");
    forum.failWith("hang");
    await expectError(await chooseNode(token, siteId, { nodeId: 2 }), 504, "site_timeout");
    expect(await siteRow(siteId)).toMatchObject({ status: "CONNECTED", forumNodeId: null });
  });

  it.each([
    ["nodeId as a string", { nodeId: "2" }],
    ["nodeId missing", {}],
    ["nodeId negative", { nodeId: -2 }],
    ["an unknown field", { nodeId: 2, title: "x" }],
  ])("refuses %s with 400 without calling the forum", async (_, json) => {
    const { token, siteId } = await connectedForum();
    await expectError(await chooseNode(token, siteId, json), 400, "invalid_request");
    expect(forum.state.requests).toHaveLength(0);
  });

  it("refuses malformed JSON with 400", async () => {
    const { token, siteId } = await connectedForum();
    const res = await call(`/api/platforms/forum/${siteId}/node`, {
      method: "POST",
      token,
      headers: { "Content-Type": "application/json" },
      body: "{nodeId: 2}",
    });
    await expectError(res, 400, "invalid_request");
  });

  it("answers 404 for another account's site and for a missing one", async () => {
    const { siteId } = await connectedForum();
    const stranger = await seedAccount();
    const foreign = await expectError(await chooseNode(stranger.token, siteId, { nodeId: 2 }), 404, "not_found");
    const missing = await expectError(await chooseNode(stranger.token, "site_doesnotexist0000", { nodeId: 2 }), 404, "not_found");
    expect(foreign.message).toBe(missing.message);
    expect(forum.state.requests).toHaveLength(0);
  });

  it("answers 409 for a blog or custom site", async () => {
    const { token, accountId } = await seedAccount();
    for (const platform of ["blog", "custom"] as const) {
      const id = newId("site");
      await db()
        .insert(sites)
        .values({
          id,
          accountId,
          platform,
          url: "https://blog.test",
          blogUsername: "u",
          blogAppPasswordEncrypted: await encryptSecret(testEnv.ENCRYPTION_KEY!, "p"),
        });
      const body = await expectError(await chooseNode(token, id, { nodeId: 2 }), 409, "wrong_platform");
      expect(body.message).toBe(`Site ${id} is a ${platform} site; this route works only with forum sites`);
    }
  });

  it("needs a token (401) with the manage scope (403)", async () => {
    const { accountId, siteId } = await connectedForum();
    await expectError(await call(`/api/platforms/forum/${siteId}/node`, { method: "POST", json: { nodeId: 2 } }), 401, "unauthorized");
    const { token } = await seedToken(accountId, "public:read");
    await expectError(await chooseNode(token, siteId, { nodeId: 2 }), 403, "insufficient_scope");
    expect((await siteRow(siteId)).forumNodeId).toBeNull();
  });
});
