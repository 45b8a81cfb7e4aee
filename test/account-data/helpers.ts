import { eq } from "drizzle-orm";
import { runExportStep } from "../../src/account-data/export-build";
import { decryptSecret } from "../../src/core/crypto";
import { EXPORT_STEP_MESSAGE, ExportStep } from "../../src/core/queue-messages";
import { emailOutbox, users } from "../../src/db/schema";
import { hashPassword } from "../../src/sessions/passwords";
import { db, searchQueue, testServices } from "../harness";

export const PASSWORD = "correct horse battery staple";

/** Gives a user the sign-in password PASSWORD (seeded users have none). */
export async function setPassword(userId: string): Promise<void> {
  await db()
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, userId));
}

/** Up to `count` of the export steps queued so far (and not yet run), taken off the recorded search queue. */
function takeSteps(count: number): ExportStep[] {
  const taken: ExportStep[] = [];
  for (let i = 0; i < searchQueue.sent.length && taken.length < count; ) {
    if (searchQueue.sent[i]!.body.type === EXPORT_STEP_MESSAGE) taken.push(ExportStep.parse(searchQueue.sent.splice(i, 1)[0]!.body));
    else i += 1;
  }
  return taken;
}

/** Runs queued export steps as the queue consumer would, `limit` at most (each queues the next); returns how many ran. */
export async function runExportSteps(limit = 1000, now = new Date()): Promise<number> {
  let ran = 0;
  while (ran < limit) {
    const [step] = takeSteps(1);
    if (!step) break;
    await runExportStep(testServices(), step, now);
    ran += 1;
  }
  return ran;
}

/** The link an export_ready e-mail of the account carries (decrypted as the sender does). */
export async function exportLinkOf(accountId: string): Promise<string> {
  const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.accountId, accountId));
  if (row?.kind !== "export_ready") throw new Error("no export_ready e-mail");
  return decryptSecret(testServices().encryptionKey!, (row.data as { urlEncrypted: string }).urlEncrypted);
}
