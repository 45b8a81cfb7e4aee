import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount } from "../harness";

describe("the public article id parameter", () => {
  it("is declared an integer in the OpenAPI document (clients pass article.id as is)", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: Record<string, unknown> }[] }>>;
    };
    for (const path of ["/api/v1/public/articles/{id}", "/api/v1/public/articles/{id}/images"]) {
      const id = doc.paths[path]!.get!.parameters!.find((p) => p.name === "id" && p.in === "path")!;
      expect(id.schema, path).toMatchObject({ type: "integer", minimum: 1 });
    }
  });

  it("keeps a non-numeric id a 404", async () => {
    const { token } = await seedAccount();
    for (const id of ["abc", "0x10", "1e3", "0", "-1"])
      await expectError(await call(`/api/v1/public/articles/${id}`, { token }), 404, "not_found");
  });
});
