import { createScheduledController } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { apiTokens } from "../../src/db/schema";
import { toIsoSeconds } from "../../src/core/time";
import { createToken } from "../../src/tokens/service";
import { call, db, seedAccount, testEnv } from "../harness";

const DAY_MS = 24 * 60 * 60 * 1000;

async function tick(at: Date) {
  const controller = createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" });
  await worker.scheduled(controller, testEnv);
}

describe("cron tick: token housekeeping", () => {
  it("removes tokens expired or revoked more than 90 days ago and keeps the others", async () => {
    const { accountId, token } = await seedAccount();
    const now = new Date();
    const make = async (name: string, createdAt: Date, revokedAt?: Date) => {
      const { row } = await createToken(db(), { accountId, name, scope: "public:read", now: createdAt });
      if (revokedAt)
        await db()
          .update(apiTokens)
          .set({ revokedAt: toIsoSeconds(revokedAt) })
          .where(eq(apiTokens.id, row.id));
      return row.id;
    };
    // Expiry is 6 months (about 182 days) after creation.
    const expiredLongAgo = await make("expired long ago", new Date(now.getTime() - 300 * DAY_MS));
    const expiredRecently = await make("expired recently", new Date(now.getTime() - 250 * DAY_MS));
    const revokedLongAgo = await make("revoked long ago", new Date(now.getTime() - 120 * DAY_MS), new Date(now.getTime() - 91 * DAY_MS));
    const revokedRecently = await make("revoked recently", new Date(now.getTime() - 120 * DAY_MS), new Date(now.getTime() - 89 * DAY_MS));
    const active = await make("active", new Date(now.getTime() - 10 * DAY_MS));
    const all = [expiredLongAgo, expiredRecently, revokedLongAgo, revokedRecently, active];

    await tick(now);

    const left = (await db().select({ id: apiTokens.id }).from(apiTokens).where(inArray(apiTokens.id, all))).map((row) => row.id);
    expect(left.sort()).toStrictEqual([expiredRecently, revokedRecently, active].sort());
    // The account's own working token is untouched and still works.
    expect((await call("/api/auth/me", { token })).status).toBe(200);
  });

  it("is harmless when there is nothing to remove, and when it runs twice", async () => {
    const { token } = await seedAccount();
    await tick(new Date());
    await tick(new Date());
    expect((await call("/api/tokens", { token })).status).toBe(200);
  });
});
