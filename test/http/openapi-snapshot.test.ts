import { describe, expect, it } from "vitest";
import committed from "../../web/src/api/openapi.json";
import { call } from "../harness";

// The account panel is typed from web/src/api/openapi.json (and schema.d.ts generated from it).
// A route or schema change without `npm run api:types` fails here, before the panel drifts.
describe("the panel's copy of the OpenAPI document", () => {
  it("is the document the Worker serves (else run `npm run api:types`)", async () => {
    const served = (await (await call("/api/openapi.json")).json()) as Record<string, unknown>;
    delete served.servers;
    expect(served, "web/src/api/openapi.json is stale: run `npm run api:types`").toEqual(committed);
  });
});
