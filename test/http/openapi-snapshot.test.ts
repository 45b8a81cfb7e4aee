import { describe, expect, it } from "vitest";
import committed from "../../web/src/api/openapi.json";
import { call, callAt } from "../harness";

// The account panel is typed from web/src/api/openapi.json (and schema.d.ts generated from it).
// A route or schema change without `npm run api:types` fails here, before the panel drifts.
describe("the panel's copy of the OpenAPI document", () => {
  it("is the document the Worker serves (else run `npm run api:types`)", async () => {
    const served = (await (await call("/api/openapi.json")).json()) as Record<string, unknown>;
    delete served.servers;
    expect(served, "web/src/api/openapi.json is stale: run `npm run api:types`").toEqual(committed);
  });

  it("names the origin it was reached at as its server, for each origin (the document is made once per origin)", async () => {
    const servers = async (origin: string) =>
      ((await (await callAt(origin, "/api/openapi.json")).json()) as { servers: { url: string }[] }).servers;
    expect(await servers("https://api.test")).toEqual([{ url: "https://api.test" }]);
    expect(await servers("https://blog-api.example.invalid")).toEqual([{ url: "https://blog-api.example.invalid" }]);
    expect(await servers("https://api.test")).toEqual([{ url: "https://api.test" }]);
    expect((await callAt("https://api.test", "/api/openapi.json")).headers.get("Content-Type")).toMatch(/^application\/json/);
  });
});
