import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reserveCredits } from "../../src/billing/charges";
import { toIsoSeconds } from "../../src/core/time";
import { charges, chatMessages, planItems, sites } from "../../src/db/schema";
import { endStaleReservations } from "../../src/jobs/stale-reservations";
import { findStuckRuns, restartRuns } from "../../src/pipeline/start";
import { claimRun } from "../../src/pipeline/steps/claim";
import { setSiteStatus } from "../../src/sites/service";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, db, expectError, seedAccount, seedSite, testServices } from "../harness";
import { chargesOf, itemRow, offlinePlan, runNow } from "./helpers";

const HOUR_MS = 60 * 60 * 1000;

describe("reservations never stay reserved (item 8)", () => {
  it("a run that never starts (its plan was paused before the claim) gives a run-now's reservation back", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    await reserveCredits(db(), { accountId, reference: `${item.id}:a1`, kind: "generation", amountKurus: 500, now: new Date() });
    // What pause does to a QUEUED item: back to waiting, with the run number it had.
    await db().update(planItems).set({ status: "PLANNED", attempts: 1 }).where(eq(planItems.id, item.id));

    const claim = await claimRun(testServices(), { accountId, itemId: item.id, attempt: 1 });
    expect(claim.claimed).toBe(false);
    expect((await chargesOf(accountId)).map((c) => [c.reference, c.status])).toEqual([[`${item.id}:a1`, "refunded"]]);
  });

  it("the sweep settles or refunds reservations older than an hour by what their work stored, and leaves running work alone", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 2 });
    const [published, running] = plan.items;
    expect((await runNow(token, published!.id)).status).toBe(200);
    const longAgo = new Date(Date.now() - 2 * HOUR_MS);
    const reserve = (reference: string, kind: "generation" | "improvement" | "chat") =>
      reserveCredits(db(), { accountId, reference, kind, amountKurus: 100, now: longAgo });

    // A run whose settle step gave up after its article was stored.
    await db()
      .update(charges)
      .set({ status: "reserved", createdAt: toIsoSeconds(longAgo) })
      .where(eq(charges.reference, `${published!.id}:a1`));
    // A run in progress (the stuck-run restart owns it), a run that no longer exists.
    await db()
      .update(planItems)
      .set({ status: "GENERATING", attempts: 1, progressAt: toIsoSeconds(new Date()) })
      .where(eq(planItems.id, running!.id));
    await reserve(`${running!.id}:a1`, "generation");
    await reserve(`${running!.id}:a0`, "generation");
    // An improvement whose client went away before anything was stored; a chat whose reply was stored.
    await reserve("improve:post_gone:1", "improvement");
    const [asked] = await db()
      .insert(chatMessages)
      .values({ accountId, siteId: site.id, role: "user", content: "Hi", createdAt: toIsoSeconds(longAgo) })
      .returning();
    await db()
      .insert(chatMessages)
      .values({ accountId, siteId: site.id, role: "assistant", content: "Hello", createdAt: toIsoSeconds(longAgo) });
    await reserve(`chat:${site.id}:${asked!.id}`, "chat");
    // A recent reservation is not touched.
    await reserveCredits(db(), { accountId, reference: "improve:post_recent:1", kind: "improvement", amountKurus: 100, now: new Date() });

    expect(await endStaleReservations(testServices(), new Date())).toBe(4);
    const status = Object.fromEntries((await chargesOf(accountId)).map((c) => [c.reference, c.status]));
    expect(status).toEqual({
      [`${published!.id}:a1`]: "settled",
      [`${running!.id}:a1`]: "reserved",
      [`${running!.id}:a0`]: "refunded",
      "improve:post_gone:1": "refunded",
      [`chat:${site.id}:${asked!.id}`]: "settled",
      "improve:post_recent:1": "reserved",
    });
  });
});

describe("run-now on a site that cannot take articles (item 15)", () => {
  it("is 409 before any work or charge when the site is in ERROR", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    await db()
      .update(sites)
      .set({ status: "ERROR", statusMessage: "WordPress rejected the stored user name or application password" })
      .where(eq(sites.id, site.id));
    const error = await expectError(await runNow(token, plan.items[0]!.id), 409, "site_in_error");
    expect(error.message).toContain("is in status ERROR");
    expect(await chargesOf(accountId)).toEqual([]);
    expect(await itemRow(plan.items[0]!.id)).toMatchObject({ status: "PLANNED", attempts: 0 });
  });
});

describe("a revoked WordPress password mid-run (item 14)", () => {
  it("reads as rejected credentials: the site turns ERROR, the item's reason says so, the run is refunded", async () => {
    const wp = installFakeWordPress();
    const { accountId, token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    wp.revokeAppPassword();

    const error = await expectError(await runNow(token, plan.items[0]!.id), 422, "site_credentials_rejected");
    expect(error.message).toContain("rejected the stored user name or application password");
    expect(error.message).not.toContain("rest_invalid_param");
    expect(await itemRow(plan.items[0]!.id)).toMatchObject({ status: "FAILED" });
    expect((await itemRow(plan.items[0]!.id)).failureReason).toContain("rejected the stored user name or application password");
    const siteBody = (await (await call(`/api/sites/${site.id}`, { token })).json()) as { status: string; statusMessage: string };
    expect(siteBody).toMatchObject({ status: "ERROR", statusMessage: "WordPress rejected the stored user name or application password" });
    expect((await chargesOf(accountId)).map((c) => c.status)).toEqual(["refunded"]);
  });
});

describe("the stuck-run restart (item 11)", () => {
  it("leaves a run that moved between the read and the restart alone", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    const longAgo = toIsoSeconds(new Date(Date.now() - 2 * HOUR_MS));
    await db()
      .update(planItems)
      .set({ status: "GENERATING", attempts: 1, stage: "write article", progressAt: longAgo })
      .where(eq(planItems.id, item.id));
    const cutoff = toIsoSeconds(new Date(Date.now() - HOUR_MS));
    const stuck = await findStuckRuns(db(), cutoff);
    expect(stuck.map((run) => run.itemId)).toContain(item.id);

    // The run moves on before the restart's UPDATE.
    await db()
      .update(planItems)
      .set({ stage: "check article", progressAt: toIsoSeconds(new Date()) })
      .where(eq(planItems.id, item.id));
    expect(
      await restartRuns(
        testServices(),
        stuck.filter((run) => run.itemId === item.id),
        cutoff,
        new Date(),
      ),
    ).toBe(0);
    expect(await itemRow(item.id)).toMatchObject({ status: "GENERATING", attempts: 1, stage: "check article" });
  });
});

describe("site status (item 11)", () => {
  it("a late status change never brings a DISCONNECTED site back", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    expect((await call(`/api/sites/${site.id}`, { method: "DELETE", token })).status).toBe(200);
    await setSiteStatus(db(), site, "CONNECTED", null);
    await setSiteStatus(db(), site, "ERROR", "late");
    const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
    expect(row!.status).toBe("DISCONNECTED");
    // Nor does it touch a site of another account with that id.
    const other = await seedAccount();
    await setSiteStatus(db(), { id: site.id, accountId: other.accountId }, "ERROR", "x");
    expect((await db().select().from(sites).where(eq(sites.id, site.id)))[0]!.statusMessage).toBeNull();
  });
});
