import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module without types (scripts/api-types-lib.mjs)
import { apiTypes } from "../../scripts/api-types-lib.mjs";

// The Worker's suite checks openapi.json against the served document; this checks the types
// generated from it, so a hand edit or a forgotten regeneration fails `npm test`.
describe("web/src/api/schema.d.ts", () => {
  it("is what openapi-typescript makes of web/src/api/openapi.json (else run `npm run api:types`)", async () => {
    const document = JSON.parse(readFileSync(join(__dirname, "../src/api/openapi.json"), "utf8"));
    const generated: string = await apiTypes(document);
    expect(
      readFileSync(join(__dirname, "../src/api/schema.d.ts"), "utf8") === generated,
      "schema.d.ts is stale: run `npm run api:types`",
    ).toBe(true);
  });
});
