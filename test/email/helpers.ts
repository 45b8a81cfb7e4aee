import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createCloudflareEmailSender } from "../../src/adapters/email/cloudflare";
import { newId } from "../../src/core/ids";
import { EMAIL_SEND_MESSAGE } from "../../src/core/queue-messages";
import { emailOutbox, members, users, type EmailKind, type Locale, type Role } from "../../src/db/schema";
import type { Env } from "../../src/env";
import { handleQueueBatch } from "../../src/jobs/queues";
import { createToken } from "../../src/tokens/service";
import { createEmailFake, type EmailFake } from "../fakes/email";
import { db, seedAccount, testServices, useServices, useVars, webhookQueue } from "../harness";

/** The panel's address in these tests: links are https, as production's are (the binding refuses others). */
export const PANEL = "https://autopilot.example.com";

/**
 * Sends this test's e-mail through the real Cloudflare adapter into the binding's fake, with the
 * sender on an onboarded domain (the default EMAIL_FROM: noreply@ PUBLIC_BASE_URL's host).
 */
export function useEmail(vars: Partial<Env> = {}): EmailFake {
  const fake = createEmailFake({ domains: ["autopilot.example.com"] });
  useVars({ PUBLIC_BASE_URL: PANEL, ...vars });
  useServices({ email: createCloudflareEmailSender(fake.binding) });
  return fake;
}

/** An account with its owner member (seedAccount makes it), and the owner's address. */
export async function seedTeamAccount(options: { creditKurus?: number } = {}) {
  const seeded = await seedAccount(options);
  const [owner] = await db().select({ id: members.id }).from(members).where(eq(members.accountId, seeded.accountId));
  return { ...seeded, ownerId: owner!.id, ownerEmail: seeded.account.email };
}

let counter = 0;

/** A person and their membership of the account, stored directly (member management is another area's). */
export async function seedMember(
  accountId: string,
  input: { role: Role; locale?: Locale; siteIds?: string[] | null; emailOff?: EmailKind[]; email?: string } = { role: "editor" },
) {
  counter += 1;
  const userId = newId("usr");
  const memberId = newId("mem");
  const email = input.email ?? `${input.role}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.net`;
  await db()
    .insert(users)
    .values({ id: userId, email, locale: input.locale ?? "en" });
  await db()
    .insert(members)
    .values({ id: memberId, accountId, userId, role: input.role, siteIds: input.siteIds ?? null, emailOff: input.emailOff ?? [] });
  return { memberId, userId, email };
}

/** A manage token of the member, as they would make it. */
export async function memberToken(accountId: string, memberId: string) {
  const { secret } = await createToken(db(), { accountId, memberId, name: "member token", scope: "manage", now: new Date() });
  return secret;
}

/** The `email.send` messages the code queued so far (taken off the recorded webhook queue). */
export function takeEmailMessages(): Record<string, unknown>[] {
  const taken: Record<string, unknown>[] = [];
  for (let i = webhookQueue.sent.length - 1; i >= 0; i--) {
    if (webhookQueue.sent[i]!.body.type === EMAIL_SEND_MESSAGE) taken.unshift(webhookQueue.sent.splice(i, 1)[0]!.body);
  }
  return taken;
}

/**
 * Those of the account's e-mails (the cron tick's sweep also queues other tests' rows still
 * pending, since the file's tests share a database).
 */
export async function takeEmailMessagesOf(accountId: string): Promise<Record<string, unknown>[]> {
  const ids = new Set((await outboxOf(accountId)).map((row) => row.id));
  return takeEmailMessages().filter((body) => ids.has(body.emailId as string));
}

/** Hands messages to the queue dispatcher as the webhook queue would (`attempts` per message), and says what it acked or retried. */
export async function deliverEmailMessages(bodies: Record<string, unknown>[], attempts = 1) {
  const batch = createMessageBatch(
    "content-autopilot-webhooks",
    bodies.map((body, i) => ({ id: `email-${i}-${Math.random()}`, timestamp: new Date(), attempts, body })),
  );
  // getQueueResult does not report the delay of a retry: each message's retry is watched instead.
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options?: QueueRetryOptions) => {
      delays.push(options?.delaySeconds);
      retry(options);
    };
  }
  await handleQueueBatch(batch, testServices());
  return { ...(await getQueueResult(batch, createExecutionContext())), delays };
}

/** Runs every queued `email.send` until none is left; returns how many messages were handled. */
export async function deliverAllEmails(): Promise<number> {
  let handled = 0;
  for (let bodies = takeEmailMessages(); bodies.length > 0; bodies = takeEmailMessages()) {
    await deliverEmailMessages(bodies);
    handled += bodies.length;
  }
  return handled;
}

export async function outboxOf(accountId: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.accountId, accountId)).orderBy(emailOutbox.createdAt, emailOutbox.id);
}

/** The accepted messages to `email`. */
export const sentTo = (fake: EmailFake, email: string) => fake.sent.filter((message) => message.to.includes(email));
