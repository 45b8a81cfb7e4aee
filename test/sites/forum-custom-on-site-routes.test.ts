import { beforeEach, describe, expect, it } from "vitest";
import { fakeNetwork } from "../fakes/network";
import { createFakeXenForo, type FakeXenForo } from "../fakes/xenforo";
import { call, expectError, seedAccount, useFakeFetch } from "../harness";
import { connectForum, siteRow } from "./forum-helpers";

// Forum and custom sites as seen through the shared site routes and the WordPress-only ones.

let forum: FakeXenForo;
beforeEach(() => {
  forum = createFakeXenForo();
  forum.addKey("key-user-12");
  useFakeFetch(fakeNetwork(forum));
});

async function oneOfEach() {
  const owner = await seedAccount();
  const forumId = ((await (await connectForum(owner.token, forum)).json()) as { id: string }).id;
  const custom = (await (
    await call("/api/platforms/custom/connect", {
      method: "POST",
      token: owner.token,
      json: { url: "https://www.example.com", webhookUrl: "https://www.example.com/hook" },
    })
  ).json()) as {
    id: string;
    webhookSecret: string;
  };
  return { ...owner, forumId, customId: custom.id, webhookSecret: custom.webhookSecret };
}

describe("forum and custom sites on the site routes", () => {
  it("shows both in GET /api/sites/{siteId} without credentials", async () => {
    const { token, forumId, customId, webhookSecret } = await oneOfEach();
    const forumSite = await call(`/api/sites/${forumId}`, { token });
    expect(await forumSite.json()).toMatchObject({ id: forumId, platform: "forum", status: "CONNECTED", url: forum.baseUrl });
    const customSite = await call(`/api/sites/${customId}`, { token });
    const text = await customSite.text();
    expect(JSON.parse(text)).toMatchObject({ id: customId, platform: "custom", webhookUrl: "https://www.example.com/hook" });
    expect(text).not.toContain(webhookSecret);
  });

  it.each([
    ["POST", "sync"],
    ["GET", "posts"],
    ["GET", "blog/categories"],
    ["GET", "blog/settings"],
  ])("answers 409 to %s /api/sites/{id}/%s for forum and custom sites", async (method, tail) => {
    const { token, forumId, customId } = await oneOfEach();
    forum.state.requests.length = 0;
    for (const [id, platform] of [
      [forumId, "forum"],
      [customId, "custom"],
    ]) {
      const body = await expectError(await call(`/api/sites/${id}/${tail}`, { method, token }), 409, "wrong_platform");
      expect(body.message).toContain(`is a ${platform} site`);
    }
    expect(forum.state.requests).toHaveLength(0);
  });

  it("erases the forum key and the webhook secret on DELETE; the node route is then 404", async () => {
    const { token, forumId, customId } = await oneOfEach();
    expect((await call(`/api/sites/${forumId}`, { method: "DELETE", token })).status).toBe(200);
    expect((await call(`/api/sites/${customId}`, { method: "DELETE", token })).status).toBe(200);
    expect(await siteRow(forumId)).toMatchObject({ status: "DISCONNECTED", forumApiKeyEncrypted: null });
    expect(await siteRow(customId)).toMatchObject({ status: "DISCONNECTED", webhookSecretEncrypted: null });
    await expectError(await call(`/api/platforms/forum/${forumId}/node`, { method: "POST", token, json: { nodeId: 2 } }), 404, "not_found");
  });
});

describe("OpenAPI document", () => {
  it("describes the forum and custom routes with their schemas", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths["/api/platforms/forum/connect"]!.post!.responses)).toEqual(
      expect.arrayContaining(["201", "400", "401", "403", "422", "502", "504"]),
    );
    expect(Object.keys(doc.paths["/api/platforms/forum/{siteId}/node"]!.post!.responses)).toEqual(
      expect.arrayContaining(["200", "404", "409", "422"]),
    );
    expect(Object.keys(doc.paths["/api/platforms/custom/connect"]!.post!.responses)).toEqual(expect.arrayContaining(["201", "400"]));
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        "ConnectForumRequest",
        "ConnectedForum",
        "ForumEntry",
        "ChooseForumNodeRequest",
        "ConnectCustomRequest",
        "ConnectedCustom",
      ]),
    );
  });
});
