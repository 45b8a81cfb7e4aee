import { beforeAll, describe, expect, it } from "vitest";
import { call, seedAccount } from "../harness";
import { connectPeer, peer, peerMissing, TINY_PNG, unique, wp } from "./wordpress-peer";

type Page<T> = { items: T[]; total: number; totalPages: number };

describe.skipIf(peerMissing)(
  `every live administration route against the real WordPress at ${peer.url || "(WP_URL not set: skipped)"}`,
  () => {
    let token = "";
    let base = "";
    beforeAll(async () => {
      ({ token } = await seedAccount());
      base = `/api/sites/${(await connectPeer(token)).id}/blog`;
    });
    const get = async <T>(path: string) => {
      const res = await call(`${base}/${path}`, { token });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    const post = (path: string, json: unknown) => call(`${base}/${path}`, { method: "POST", token, json });

    it("lists and creates categories", async () => {
      const list = await get<Page<{ name: string }>>("categories");
      expect(list.total).toBe(4);
      expect(list.items.map((c) => c.name)).toEqual(expect.arrayContaining(["News", "Tutorials", "Opinion", "Uncategorized"]));
      const name = unique("E2E category");
      const res = await post("categories", { name, description: "made by the e2e test" });
      expect(res.status).toBe(201);
      const created = (await res.json()) as { id: number; name: string; description: string };
      expect(created).toMatchObject({ name, description: "made by the e2e test" });
      expect((await post("categories", { name })).status).toBe(409);
      expect((await wp(`wp/v2/categories/${created.id}?force=true`, { method: "DELETE" })).status).toBe(200);
    });

    it("lists and creates tags", async () => {
      const list = await get<Page<{ name: string }>>("tags?per_page=2");
      expect(list).toMatchObject({ total: 4, totalPages: 2 });
      const name = unique("e2e-tag");
      const res = await post("tags", { name });
      expect(res.status).toBe(201);
      const created = (await res.json()) as { id: number; name: string };
      expect(created.name).toBe(name);
      expect((await wp(`wp/v2/tags/${created.id}?force=true`, { method: "DELETE" })).status).toBe(200);
    });

    it("lists comments by status (approved maps to WordPress's approve) and moderates one", async () => {
      expect((await get<Page<unknown>>("comments?status=approved")).total).toBe(7);
      expect((await get<Page<unknown>>("comments?status=hold")).total).toBe(3);
      expect((await get<Page<unknown>>("comments?status=spam")).total).toBe(2);
      expect((await get<Page<unknown>>("comments")).total).toBe(10);

      const held = (await get<Page<{ id: number; status: string }>>("comments?status=hold")).items[0]!;
      for (const status of ["approved", "spam", "trash", "hold"]) {
        const res = await post(`comments/${held.id}`, { status });
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ id: held.id, status });
        expect((await wp(`wp/v2/comments/${held.id}?context=edit`)).body.status).toBe(status);
      }
      expect((await post("comments/999999", { status: "spam" })).status).toBe(404);
    });

    it("lists and creates pages", async () => {
      const list = await get<Page<{ title: string }>>("pages");
      expect(list.items.map((p) => p.title).sort()).toEqual(["About", "Contact"]);
      const title = unique("E2E page");
      const res = await post("pages", { title, content: "<p>Made by the e2e test.</p>", status: "draft" });
      expect(res.status).toBe(201);
      const created = (await res.json()) as { id: number; title: string; status: string };
      expect(created).toMatchObject({ title, status: "draft" });
      expect((await wp(`wp/v2/pages/${created.id}?context=edit`)).body.content.raw).toBe("<p>Made by the e2e test.</p>");
      expect((await wp(`wp/v2/pages/${created.id}?force=true`, { method: "DELETE" })).status).toBe(200);
    });

    it("lists the media library and deletes an item for good", async () => {
      const list = await get<Page<{ id: number; url: string; mimeType: string; width: number }>>("media");
      expect(list.total).toBe(2);
      expect(list.items.find((m) => m.id === 4)).toMatchObject({ mimeType: "image/jpeg", width: 1200 });

      const upload = await wp("wp/v2/media", {
        method: "POST",
        body: TINY_PNG,
        headers: { "Content-Type": "image/png", "Content-Disposition": 'attachment; filename="e2e-delete-me.png"' },
      });
      expect(upload.status).toBe(201);
      const res = await call(`${base}/media/${upload.body.id}`, { method: "DELETE", token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: upload.body.id, deleted: true });
      expect((await wp(`wp/v2/media/${upload.body.id}`)).status).toBe(404);
      expect((await call(`${base}/media/${upload.body.id}`, { method: "DELETE", token })).status).toBe(404);
    });

    it("reads and updates the settings", async () => {
      const before = await get<{ title: string; description: string; url: string }>("settings");
      expect(before).toMatchObject({ title: "WP Peer Test Site", url: peer.url });
      try {
        const res = await post("settings", { title: "E2E title", description: "E2E tagline" });
        expect(await res.json()).toMatchObject({ title: "E2E title", description: "E2E tagline" });
        expect((await wp("wp/v2/settings")).body).toMatchObject({ title: "E2E title", description: "E2E tagline" });
      } finally {
        await wp("wp/v2/settings", { method: "POST", json: { title: before.title, description: before.description } });
      }
    });
  },
);
