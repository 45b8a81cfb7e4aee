import { describe, expect, it } from "vitest";
import { call } from "../harness";

describe("media routes in the OpenAPI document", () => {
  it("documents POST/GET /api/uploads and the public GET /api/media/{path}", async () => {
    const res = await call("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, any>> };
    const post = doc.paths["/api/uploads"]?.post;
    expect(post?.requestBody?.content?.["multipart/form-data"]?.schema).toBeDefined();
    expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(["201", "400", "401", "403", "413", "415", "422"]));
    expect(doc.paths["/api/uploads"]?.get?.parameters?.map((p: { name: string }) => p.name)).toEqual(["page", "per_page"]);
    const media = doc.paths["/api/media/{path}"]?.get;
    expect(media?.security).toEqual([]);
    expect(Object.keys(media?.responses ?? {})).toEqual(expect.arrayContaining(["200", "206", "304", "404", "416"]));
  });
});
