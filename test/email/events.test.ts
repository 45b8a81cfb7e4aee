import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "../../src/core/ids";
import { notifyLowFunds, notifySiteError, sendInvitationEmail } from "../../src/email/events";
import { accounts, byokLicences, charges, planItems, plans, type EmailKind } from "../../src/db/schema";
import { runCronTick } from "../../src/jobs/cron";
import { failRun } from "../../src/pipeline/steps/finish";
import type { EmailFake } from "../fakes/email";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, db, expectError, seedArticle, seedSite, testServices } from "../harness";
import { approvedPlan, deliverRuns, itemRow, runNow, useRecordingQueue, watchRun } from "../pipeline/helpers";
import { deliverEmailMessages, outboxOf, seedMember, seedTeamAccount, sentTo, takeEmailMessagesOf, useEmail } from "./helpers";

/**
 * The account's people: the owner (English), an admin who turned `off` off, an editor who reads
 * Turkish, an editor limited to `otherSiteId`, a writer and a viewer.
 */
async function seedTeam(accountId: string, off: EmailKind, otherSiteId: string) {
  return {
    admin: await seedMember(accountId, { role: "admin", emailOff: [off] }),
    editorTr: await seedMember(accountId, { role: "editor", locale: "tr" }),
    editorElsewhere: await seedMember(accountId, { role: "editor", siteIds: [otherSiteId] }),
    writer: await seedMember(accountId, { role: "writer" }),
    viewer: await seedMember(accountId, { role: "viewer" }),
  };
}

/**
 * Sends what was queued, then the same messages again (a redelivery), and checks that each of
 * `expected` got exactly one message and nobody else got any. Returns the messages by address.
 */
async function expectOneEach(fake: EmailFake, accountId: string, expected: string[]) {
  // The cron tick's sweep may have queued a row twice (its clock is the test's, its rows' the real one).
  const bodies = await takeEmailMessagesOf(accountId);
  expect(new Set(bodies.map((body) => body.emailId)).size).toBe(expected.length);
  await deliverEmailMessages(bodies);
  await deliverEmailMessages(bodies, 2);
  expect(fake.sent.map((message) => message.to[0]).sort()).toEqual([...expected].sort());
  return Object.fromEntries(expected.map((email) => [email, sentTo(fake, email)[0]!]));
}

describe("an e-mail for each event, once, to the members who asked for it", () => {
  it("a plan item FAILED for good: owner and editors of its site, each in their language; a replayed failure sends nothing more", async () => {
    const fake = useEmail();
    const { sent } = useRecordingQueue();
    const { accountId, token, ownerEmail } = await seedTeamAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const other = await seedSite(accountId, { platform: "custom" });
    const team = await seedTeam(accountId, "item_failed", other.id);
    const plan = await approvedPlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    await db().update(planItems).set({ autoRetries: 3 }).where(eq(planItems.id, item.id));
    await runCronTick(testServices(), new Date(Date.now() + 60_000));
    await using run = await watchRun(item.id, 1);
    await run.modify(async (m) => m.mockStepError({ name: "write article" }, new Error("The text model is down")));
    await deliverRuns(sent);
    await run.waitForStatus("errored");
    expect(await itemRow(item.id)).toMatchObject({ status: "FAILED" });

    const byAddress = await expectOneEach(fake, accountId, [ownerEmail, team.editorTr.email]);
    expect(byAddress[ownerEmail]!.subject).toBe(`An article could not be written: ${item.title}`);
    expect(byAddress[ownerEmail]!.text).toContain("The text model is down");
    expect(byAddress[ownerEmail]!.html).toContain(`href="https://autopilot.example.com/plans/${plan.id}/items/${item.id}"`);
    expect(byAddress[team.editorTr.email]!.subject).toBe(`Bir makale yazılamadı: ${item.title}`);
    expect(byAddress[team.editorTr.email]!.html).toContain('<html lang="tr"');

    // The failure step run again (a replay), and the same event told again: nothing new.
    await failRun(testServices(), { accountId, itemId: item.id, attempt: 1 }, { code: "upstream_error", status: 502, message: "again" });
    expect(await takeEmailMessagesOf(accountId)).toEqual([]);
    expect(await outboxOf(accountId)).toHaveLength(2);
    expect(fake.sent).toHaveLength(2);
  });

  it("an item that will be retried automatically sends nothing", async () => {
    const fake = useEmail();
    const { sent } = useRecordingQueue();
    const { accountId, token } = await seedTeamAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await approvedPlan(token, site.id, { articleCount: 1 });
    await runCronTick(testServices(), new Date(Date.now() + 60_000));
    await using run = await watchRun(plan.items[0]!.id, 1);
    await run.modify(async (m) => m.mockStepError({ name: "write article" }, new Error("The text model is down")));
    await deliverRuns(sent);
    await run.waitForStatus("errored");
    expect(await itemRow(plan.items[0]!.id)).toMatchObject({ status: "SCHEDULED" });
    expect(await takeEmailMessagesOf(accountId)).toEqual([]);
    expect(await outboxOf(accountId)).toEqual([]);
    expect(fake.sent).toEqual([]);
  });

  it("a site gone to ERROR (WordPress rejected its password): one e-mail each; the next rejected calls send none", async () => {
    const fake = useEmail();
    const wp = installFakeWordPress();
    const { accountId, token, ownerEmail } = await seedTeamAccount();
    const site = await connectFakeSite(token, wp);
    const other = await seedSite(accountId);
    const team = await seedTeam(accountId, "site_error", other.id);
    wp.revokeAppPassword();
    await expectError(await call(`/api/sites/${site.id}/blog/settings`, { token }), 422, "site_credentials_rejected");
    await expectError(await call(`/api/sites/${site.id}/blog/settings`, { token }), 422, "site_credentials_rejected");

    const byAddress = await expectOneEach(fake, accountId, [ownerEmail, team.editorTr.email]);
    // The site by its name (here WordPress's Site Title; test/email/names.test.ts has the others).
    const { name } = (await (await call(`/api/sites/${site.id}`, { token })).json()) as { name: string };
    expect(name).toBeTruthy();
    expect(byAddress[ownerEmail]!.subject).toBe(`${name} needs to be reconnected`);
    expect(byAddress[ownerEmail]!.text).toContain("WordPress rejected the stored user name or application password");
    expect(byAddress[team.editorTr.email]!.subject).toBe(`${name} yeniden bağlanmalı`);
    expect(await outboxOf(accountId)).toHaveLength(2);

    // A site that recovered and fell again is a new event; the same fall told twice is not.
    const again = { id: site.id, accountId, url: site.url, status: "CONNECTED" as const, updatedAt: "2030-01-01T00:00:00Z" };
    await notifySiteError(testServices(), again, "revoked again");
    await notifySiteError(testServices(), again, "revoked again");
    const fellAgain = await takeEmailMessagesOf(accountId);
    expect(fellAgain).toHaveLength(2);
    await deliverEmailMessages(fellAgain);
    expect(sentTo(fake, ownerEmail)).toHaveLength(2);
    expect(sentTo(fake, team.editorTr.email)).toHaveLength(2);
  });

  it("the daily review digest: from 07:00 UTC, one a day per member, listing only the articles of their sites", async () => {
    const fake = useEmail();
    const { accountId, ownerEmail } = await seedTeamAccount();
    const site = await seedSite(accountId);
    const other = await seedSite(accountId);
    const team = await seedTeam(accountId, "review_digest", other.id);
    await waitingForReview(accountId, site.id, ["Rye bread at home", "Sourdough starters"]);
    await waitingForReview(accountId, other.id, ["A third article"]);

    await runCronTick(testServices(), new Date("2026-12-01T06:55:00Z"));
    expect(await outboxOf(accountId)).toEqual([]);
    await runCronTick(testServices(), new Date("2026-12-01T07:00:00Z"));
    await runCronTick(testServices(), new Date("2026-12-01T07:05:00Z"));
    await runCronTick(testServices(), new Date("2026-12-01T23:55:00Z"));
    const byAddress = await expectOneEach(fake, accountId, [ownerEmail, team.editorTr.email, team.editorElsewhere.email]);
    expect(byAddress[ownerEmail]!.subject).toBe("3 articles are waiting for review");
    expect(byAddress[ownerEmail]!.text).toContain("- Rye bread at home");
    expect(byAddress[ownerEmail]!.text).toContain("- A third article");
    expect(byAddress[team.editorTr.email]!.subject).toBe("İncelemeyi bekleyen 3 makale var");
    expect(byAddress[team.editorElsewhere.email]!.subject).toBe("1 article is waiting for review");
    expect(byAddress[team.editorElsewhere.email]!.text).toContain("- A third article");
    expect(byAddress[team.editorElsewhere.email]!.text).not.toContain("Rye bread");

    // The next day is another digest; a day with nothing waiting has none.
    await runCronTick(testServices(), new Date("2026-12-02T07:00:00Z"));
    expect(new Set((await takeEmailMessagesOf(accountId)).map((body) => body.emailId)).size).toBe(3);
    await db().update(planItems).set({ status: "PUBLISHED" }).where(eq(planItems.accountId, accountId));
    await runCronTick(testServices(), new Date("2026-12-03T07:00:00Z"));
    expect((await outboxOf(accountId)).filter((row) => row.dedupeKey.includes(":2026-12-03:"))).toEqual([]);
  });

  it("a credits balance that falls below LOW_BALANCE_TRY: once per crossing, to owners only", async () => {
    const fake = useEmail();
    const { accountId, token, ownerEmail } = await seedTeamAccount({ creditKurus: 5_200 });
    const site = await seedSite(accountId, { platform: "custom" });
    const team = await seedTeam(accountId, "balance_low", site.id);
    const secondOwner = await seedMember(accountId, { role: "owner", locale: "tr" });
    const plan = await approvedPlan(token, site.id, { articleCount: 2 });

    expect((await runNow(token, plan.items[0]!.id)).status).toBe(200); // 52.00 → 47.00: below 50.00
    const byAddress = await expectOneEach(fake, accountId, [ownerEmail, secondOwner.email]);
    expect(byAddress[ownerEmail]!.subject).toBe("Your balance is low: 47.00 TRY");
    expect(byAddress[secondOwner.email]!.subject).toBe("Bakiyeniz azaldı: 47,00 TL");
    expect(byAddress[ownerEmail]!.html).toContain('href="https://autopilot.example.com/billing"');
    expect(sentTo(fake, team.admin.email)).toEqual([]);

    // Further below, and the check run again: the same crossing, nothing new.
    expect((await runNow(token, plan.items[1]!.id)).status).toBe(200); // 47.00 → 42.00
    await notifyLowFunds(testServices(), accountId);
    expect(await takeEmailMessagesOf(accountId)).toEqual([]);

    // A top-up above the line and a new fall below it: a new crossing.
    await db().update(accounts).set({ creditBalanceKurus: 5_100 }).where(eq(accounts.id, accountId));
    const more = await approvedPlan(token, site.id, { articleCount: 1 });
    expect((await runNow(token, more.items[0]!.id)).status).toBe(200);
    expect(await takeEmailMessagesOf(accountId)).toHaveLength(2);
  });

  it("a BYOK quota near its end: once a month, when a tenth or less is left", async () => {
    const fake = useEmail({ BYOK_MONTHLY_QUOTA: "10" });
    const { accountId, ownerEmail } = await seedTeamAccount();
    await db().update(accounts).set({ billingMode: "BYOK_MONTHLY" }).where(eq(accounts.id, accountId));
    await db().insert(byokLicences).values({ accountId, kind: "BYOK_MONTHLY", expiresAt: "2099-01-01T00:00:00Z" });
    const now = new Date("2026-12-10T10:00:00Z");
    const use = async (count: number) => {
      for (let i = 0; i < count; i++)
        await db()
          .insert(charges)
          .values({
            accountId,
            reference: newId("item"),
            mode: "byok",
            kind: "generation",
            amountKurus: 0,
            quotaMonth: "2026-12",
            status: "settled",
          });
    };
    await use(8);
    await notifyLowFunds(testServices(), accountId, now);
    expect(await takeEmailMessagesOf(accountId)).toEqual([]);
    await use(1);
    await notifyLowFunds(testServices(), accountId, now);
    await use(1);
    await notifyLowFunds(testServices(), accountId, now);
    const byAddress = await expectOneEach(fake, accountId, [ownerEmail]);
    expect(byAddress[ownerEmail]!.subject).toBe("Your monthly quota is nearly used: 9 of 10");
    expect(byAddress[ownerEmail]!.text).toContain("The quota starts again on 1 January 2027.");
  });

  it("an invitation goes to the invited address, once per recipient, account and day, names the account by its name, and cannot be turned off", async () => {
    const fake = useEmail();
    const { accountId, ownerEmail } = await seedTeamAccount();
    const input = {
      accountId,
      invitationId: newId("inv"),
      email: "client@example.org",
      role: "editor" as const,
      url: "https://autopilot.example.com/invite#the-secret",
      locale: "tr" as const,
      inviterEmail: ownerEmail,
      day: "2026-11-28",
    };
    await db().update(accounts).set({ name: "Kadıköy Ajans" }).where(eq(accounts.id, accountId));
    const first = await sendInvitationEmail(testServices(), input);
    const again = await sendInvitationEmail(testServices(), input);
    // A second invitation of the same address that day (withdrawn and made again) is not mailed.
    const another = await sendInvitationEmail(testServices(), { ...input, invitationId: newId("inv") });
    expect(first.emailId).toMatch(/^eml_/);
    expect(again.emailId).toBeNull();
    expect(another.emailId).toBeNull();
    const byAddress = await expectOneEach(fake, accountId, ["client@example.org"]);
    const invitation = byAddress["client@example.org"]!;
    expect(invitation.subject).toBe("Content Autopilot'ta “Kadıköy Ajans” hesabına davet edildiniz");
    expect(invitation.subject).not.toContain(ownerEmail);
    expect(invitation.text).toContain("editör olarak");
    expect(invitation.text).toContain("Daveti kabul et: https://autopilot.example.com/invite#the-secret");
    expect(invitation.headers["List-Unsubscribe"]).toBeUndefined();
    const [row] = await outboxOf(accountId);
    expect(row).toMatchObject({ kind: "invitation", memberId: null, status: "sent" });
    // The link's secret is never stored readable (only the invitation's hash is, elsewhere).
    expect(JSON.stringify(row!.data)).not.toContain("the-secret");
  });
});

/** Articles waiting in REVIEW as plan items of the site, as the pipeline leaves them in review mode. */
async function waitingForReview(accountId: string, siteId: string, titles: string[]) {
  const planId = newId("plan");
  await db()
    .insert(plans)
    .values({ id: planId, accountId, siteId, status: "ACTIVE", articleCount: titles.length, cadencePerWeek: 3, research: {} as never });
  for (const [position, title] of titles.entries()) {
    const article = await seedArticle(accountId, { title, siteId, status: "pending" });
    await db()
      .insert(planItems)
      .values({
        id: newId("item"),
        planId,
        accountId,
        siteId,
        position,
        title,
        targetKeyword: title.toLowerCase(),
        keywordKey: title.toLowerCase(),
        monthlyVolume: 100,
        competition: "LOW",
        status: "REVIEW",
        articleId: article.id,
      });
  }
}
