import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EMAIL_SEND_MESSAGE } from "../../src/core/queue-messages";
import { toIsoSeconds } from "../../src/core/time";
import { emailOutbox, members } from "../../src/db/schema";
import { runEmailTick } from "../../src/email/cron";
import { notifyMembers } from "../../src/email/outbox";
import { EMAIL_MAX_ATTEMPTS, sendQueuedEmail } from "../../src/email/send";
import { db, testServices, webhookQueue } from "../harness";
import { deliverEmailMessages, outboxOf, seedMember, seedTeamAccount, takeEmailMessagesOf, useEmail } from "./helpers";

const siteData = { siteId: "site_sendtest", siteUrl: "https://blog.example.org", reason: "The password was revoked" };

/** One site_error e-mail to the account's owner, queued; its row and its queue message. */
async function queuedEmail(options: { vars?: Parameters<typeof useEmail>[0] } = {}) {
  const fake = useEmail(options.vars);
  const team = await seedTeamAccount();
  const [emailId] = await notifyMembers(testServices(), team.accountId, "site_error", `site_sendtest:${Math.random()}`, siteData);
  const [body] = await takeEmailMessagesOf(team.accountId);
  expect(body).toEqual({ type: EMAIL_SEND_MESSAGE, emailId });
  const row = async () => (await db().select().from(emailOutbox).where(eq(emailOutbox.id, emailId!)))[0]!;
  return { ...team, fake, emailId: emailId!, body: body!, row };
}

describe("sending the outbox from the queue", () => {
  it("claims before it sends: a redelivered message and ten at once send the e-mail once", async () => {
    const { fake, body, row, ownerEmail } = await queuedEmail();
    await Promise.all(Array.from({ length: 10 }, () => sendQueuedEmail(testServices(), { emailId: body.emailId as string })));
    const result = await deliverEmailMessages([body, body], 3);
    expect(result.retryMessages).toEqual([]);
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]).toMatchObject({ to: [ownerEmail], from: { email: "noreply@autopilot.example.com", name: "Content Autopilot" } });
    expect(await row()).toMatchObject({ status: "sent", attempts: 1, messageId: fake.sent[0]!.messageId, error: null });
    expect((await row()).sentAt).toMatch(/Z$/);
  });

  it("a retryable error puts the row back and the queue retries it; the next try sends it, once", async () => {
    const { fake, body, row } = await queuedEmail();
    fake.switches.rateLimited = true;
    const first = await deliverEmailMessages([body]);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.delays[0]).toBeGreaterThanOrEqual(10);
    expect(await row()).toMatchObject({ status: "pending", attempts: 1, error: "E_RATE_LIMIT_EXCEEDED" });
    expect(fake.sent).toEqual([]);

    fake.switches.rateLimited = false;
    fake.failNext("E_INTERNAL_SERVER_ERROR");
    expect((await deliverEmailMessages([body], 2)).retryMessages).toHaveLength(1);
    const third = await deliverEmailMessages([body], 3);
    expect(third.retryMessages).toEqual([]);
    expect(third.explicitAcks).toHaveLength(1);
    expect(fake.sent).toHaveLength(1);
    expect(await row()).toMatchObject({ status: "sent", attempts: 3, error: null });
  });

  it("the daily limit waits an hour before the next try", async () => {
    const { fake, body, row } = await queuedEmail();
    fake.switches.dailyLimitReached = true;
    const result = await deliverEmailMessages([body]);
    expect(result.delays[0]).toBeGreaterThanOrEqual(3600);
    expect(await row()).toMatchObject({ status: "pending", error: "E_DAILY_LIMIT_EXCEEDED" });
  });

  it(`after ${EMAIL_MAX_ATTEMPTS} retryable failures the row stays failed and the message is acked`, async () => {
    const { fake, body, row } = await queuedEmail();
    fake.failNext("E_DELIVERY_FAILED", EMAIL_MAX_ATTEMPTS);
    for (let attempt = 1; attempt < EMAIL_MAX_ATTEMPTS; attempt++)
      expect((await deliverEmailMessages([body], attempt)).retryMessages).toHaveLength(1);
    const last = await deliverEmailMessages([body], EMAIL_MAX_ATTEMPTS);
    expect(last.retryMessages).toEqual([]);
    expect(await row()).toMatchObject({ status: "failed", attempts: EMAIL_MAX_ATTEMPTS, error: "E_DELIVERY_FAILED" });
    await deliverEmailMessages([body], EMAIL_MAX_ATTEMPTS + 1);
    expect(fake.calls).toHaveLength(EMAIL_MAX_ATTEMPTS);
    expect(fake.sent).toEqual([]);
  });

  it("a permanent error (a sender on a domain not onboarded) fails the row at once with the binding's code", async () => {
    const { fake, body, row } = await queuedEmail({ vars: { EMAIL_FROM: "Autopilot <noreply@not-onboarded.example>" } });
    const result = await deliverEmailMessages([body]);
    expect(result.retryMessages).toEqual([]);
    expect(await row()).toMatchObject({ status: "failed", attempts: 1, error: "E_SENDER_NOT_VERIFIED" });
    await deliverEmailMessages([body], 2);
    expect(fake.calls).toEqual([{ code: "E_SENDER_NOT_VERIFIED" }]);
  });

  it("a suppressed recipient fails permanently (E_RECIPIENT_SUPPRESSED)", async () => {
    const { fake, body, row, ownerEmail } = await queuedEmail();
    fake.suppress(ownerEmail);
    expect((await deliverEmailMessages([body])).retryMessages).toEqual([]);
    expect(await row()).toMatchObject({ status: "failed", error: "E_RECIPIENT_SUPPRESSED" });
  });

  it("a member who turned the kind off, or left, after it was queued is skipped", async () => {
    const { fake, accountId, ownerId, body } = await queuedEmail();
    const leaving = await seedMember(accountId, { role: "admin" });
    await notifyMembers(testServices(), accountId, "site_error", "site_sendtest:leaving", siteData);
    await db()
      .update(members)
      .set({ emailOff: ["site_error"] })
      .where(eq(members.id, ownerId));
    await db().delete(members).where(eq(members.id, leaving.memberId));
    await deliverEmailMessages([...(await takeEmailMessagesOf(accountId)), body]);
    expect(fake.calls).toEqual([]);
    const rows = await outboxOf(accountId);
    expect(rows.map((r) => [r.toEmail === leaving.email ? "leaver" : "owner", r.status, r.error]).sort()).toEqual([
      ["leaver", "skipped", "member_removed"],
      ["owner", "skipped", "turned_off"],
      ["owner", "skipped", "turned_off"],
    ]);
  });

  it("in production without PUBLIC_BASE_URL a message whose links would lead nowhere fails instead of being sent", async () => {
    const { fake, body, row } = await queuedEmail();
    useEmail({ ENVIRONMENT: "production", PUBLIC_BASE_URL: "", EMAIL_FROM: "Autopilot <noreply@autopilot.example.com>" });
    await deliverEmailMessages([body]);
    expect(await row()).toMatchObject({ status: "failed", error: "E_NO_PUBLIC_BASE_URL" });
    expect(fake.calls).toEqual([]);
  });

  it("EMAIL_PROVIDER=off records the e-mails as skipped and queues nothing", async () => {
    useEmail({ EMAIL_PROVIDER: "off" });
    const { accountId } = await seedTeamAccount();
    await notifyMembers(testServices(), accountId, "site_error", "site_off", siteData);
    expect(await takeEmailMessagesOf(accountId)).toEqual([]);
    expect(await outboxOf(accountId)).toMatchObject([{ status: "skipped", error: "EMAIL_PROVIDER=off" }]);
  });

  it("the cron tick sends again the rows whose queue message was lost, and leaves rows that were tried to the queue", async () => {
    const { fake, accountId, emailId, row } = await queuedEmail();
    const [tried] = await notifyMembers(testServices(), accountId, "site_error", "site_sendtest:tried", siteData);
    const lostSince = toIsoSeconds(new Date(Date.now() - 10 * 60_000));
    await db().update(emailOutbox).set({ createdAt: lostSince }).where(eq(emailOutbox.accountId, accountId));
    await db().update(emailOutbox).set({ attempts: 1 }).where(eq(emailOutbox.id, tried!));
    webhookQueue.sent.splice(0);

    await runEmailTick(testServices(), new Date());
    const woken = await takeEmailMessagesOf(accountId);
    expect(woken).toEqual([{ type: EMAIL_SEND_MESSAGE, emailId }]);
    await deliverEmailMessages(woken);
    expect(fake.sent).toHaveLength(1);
    expect(await row()).toMatchObject({ status: "sent" });
  });
});
