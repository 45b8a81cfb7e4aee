import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { decryptSecret } from "../../src/core/crypto";
import { emailOutbox } from "../../src/db/schema";
import { BASE, call, db, testEnv, useVars } from "../harness";

/** The secret of the newest link of `kind` e-mailed to `email` (it is stored encrypted, as the sender reads it). */
export async function linkMailedTo(email: string, kind: "sign_up_confirm" | "sign_up_existing" | "sign_in_link"): Promise<string> {
  const [row] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, email), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt));
  if (!row) throw new Error(`no ${kind} e-mail to ${email}`);
  return decryptSecret(testEnv.ENCRYPTION_KEY!, (row.data as { urlEncrypted: string }).urlEncrypted);
}

/** Signs up (SIGNUP_OPEN) and confirms the address with the e-mailed link: the new account, signed in. */
export async function signUpConfirmed(email: string, password: string, ip = "198.51.100.201") {
  useVars({ SIGNUP_OPEN: "true", SIGNUP_CREDIT_TRY: "100.00" });
  const headers = { Origin: BASE, "CF-Connecting-IP": ip };
  const asked = await call("/api/session/signup", { method: "POST", headers, json: { email, password } });
  expect(asked.status, await asked.clone().text()).toBe(202);
  const url = await linkMailedTo(email.trim().toLowerCase(), "sign_up_confirm");
  const confirmed = await call("/api/session/signup/confirm", { method: "POST", headers, json: { token: url.split("#")[1] } });
  expect(confirmed.status, await confirmed.clone().text()).toBe(201);
  return confirmed;
}
