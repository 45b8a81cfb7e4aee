import { eq } from "drizzle-orm";
import { afterEach, beforeEach } from "vitest";
import { accounts, byokKeys, byokLicences, payments, type LicenceKind } from "../../src/db/schema";
import { createModelProviderFake } from "../fakes/llm-key-check";
import { fakeNetwork } from "../fakes/network";
import { createPaytrFake } from "../fakes/paytr";
import { call, db, useFakeFetch } from "../harness";

export const VALID_OPENAI_KEY = "sk-test-openai-0123456789abcdef";
export const VALID_ANTHROPIC_KEY = "sk-ant-test-0123456789abcdef";

/** PayTR and the model providers answered by fakes for this test file's requests. */
export function useBillingFakes() {
  const paytr = createPaytrFake();
  const models = createModelProviderFake({
    validKeys: [VALID_OPENAI_KEY, VALID_ANTHROPIC_KEY],
    brokeKeys: ["sk-broke-0123456789abcdef"],
    models: ["gpt-4o-mini", "gpt-4o", "claude-sonnet-4-5"],
  });
  const network = fakeNetwork(paytr.peer, ...models.peers);
  beforeEach(() => useFakeFetch(network));
  afterEach(() => {
    paytr.script(null);
    models.scriptStatus(null);
  });
  return { paytr, models };
}

/** Posts a PayTR callback form to the Worker, as PayTR does (no bearer token). */
export function postCallback(form: Record<string, string>) {
  return call("/api/billing/callback/paytr", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

export async function startTopup(token: string, amountTry: number) {
  const res = await call("/api/billing/topup", { method: "POST", token, json: { amountTry } });
  if (res.status !== 201) throw new Error(`top-up failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { paymentToken: string; merchantOid: string; iframeUrl: string };
}

export async function balanceOf(token: string) {
  const res = await call("/api/billing/balance", { token });
  return (await res.json()) as {
    billingMode: string;
    creditBalance: string;
    byok: { kind: string | null; expiresAt: string | null; quota: number | null; used: number };
  };
}

export async function transactionsOf(token: string) {
  const res = await call("/api/billing/transactions", { token });
  return (await res.json()) as {
    id: string;
    kind: string;
    amount: string;
    balanceAfter: string;
    reference: string;
    note: string | null;
    createdAt: string;
  }[];
}

export async function paymentRow(merchantOid: string) {
  const [row] = await db().select().from(payments).where(eq(payments.merchantOid, merchantOid));
  return row;
}

/** Puts an account into BYOK mode directly (as a paid licence would), with an optional stored key. */
export async function giveLicence(accountId: string, kind: LicenceKind, expiresAt: string, withKey = true) {
  await db().update(accounts).set({ billingMode: kind }).where(eq(accounts.id, accountId));
  await db()
    .insert(byokLicences)
    .values({ accountId, kind, expiresAt })
    .onConflictDoUpdate({ target: byokLicences.accountId, set: { kind, expiresAt } });
  if (withKey) {
    await db()
      .insert(byokKeys)
      .values({ accountId, provider: "openai", model: "gpt-4o-mini", apiKeyEncrypted: "v1.x.y", keyLastFour: "abcd" })
      .onConflictDoNothing();
  }
}
