import { describe, expect, it } from "vitest";
import { sites } from "../../src/db/schema";
import { eq } from "drizzle-orm";
import { call, db, expectError, seedAccount, useFakeFetch } from "../harness";

// Credentials go into headers: a value that could never be sent is the client's mistake (400
// naming the field), not the platform's (the hardening issue found a 422 blaming the forum's URL).
describe("credentials must be valid header values", () => {
  it.each(["abc\r\nX-Injected: 1", "abc\ndef", "abc\u0000def", "two words", "ключ"])(
    "a forum apiKey %j is 400 naming apiKey, and nothing is fetched or stored",
    async (apiKey) => {
      let fetched = 0;
      useFakeFetch(async () => {
        fetched += 1;
        return new Response("{}");
      });
      const { accountId, token } = await seedAccount();
      const body = await expectError(
        await call("/api/platforms/forum/connect", {
          method: "POST",
          token,
          json: { url: "https://forum.example.invalid", apiKey, forumUserId: 1 },
        }),
        400,
        "invalid_request",
      );
      expect(body.message).toContain("'apiKey'");
      expect(fetched).toBe(0);
      expect(await db().select().from(sites).where(eq(sites.accountId, accountId))).toEqual([]);
    },
  );

  it.each([
    ["blogUsername", { blogUsername: "admin\r\nX: 1", blogAppPassword: "abcd efgh" }],
    ["blogUsername", { blogUsername: "ad:min", blogAppPassword: "abcd efgh" }],
    ["blogAppPassword", { blogUsername: "admin", blogAppPassword: "abcd\u0000efgh" }],
    ["blogAppPassword", { blogUsername: "admin", blogAppPassword: "abcd\nefgh" }],
  ])("WordPress %s with a control character or ':' is 400 naming it", async (field, credentials) => {
    const { token } = await seedAccount();
    const body = await expectError(
      await call("/api/sites", { method: "POST", token, json: { url: "https://blog.example.invalid", ...credentials } }),
      400,
      "invalid_request",
    );
    expect(body.message).toContain(`'${field}'`);
  });
});
