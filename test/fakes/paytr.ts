import { Hono } from "hono";
import { abortablePeer } from "./abortable-peer";

// A PayTR iFrame API fake that follows PayTR's iFrame API documentation.
// Its HMAC code is written here on purpose, apart from src/adapters/paytr, so the two check each other.

export interface PaytrStore {
  merchantId: string;
  merchantKey: string;
  merchantSalt: string;
}

/** The test store of vitest.config.ts. */
export const TEST_STORE: PaytrStore = { merchantId: "100001", merchantKey: "test-merchant-key", merchantSalt: "test-merchant-salt" };

type ScriptedReply = { kind: "failed"; reason: string } | { kind: "http"; status: number; body: string } | { kind: "hang" };

const SIGNED_ORDER = [
  "merchant_id",
  "user_ip",
  "merchant_oid",
  "email",
  "payment_amount",
  "user_basket",
  "no_installment",
  "max_installment",
  "currency",
  "test_mode",
];
const REQUIRED = [...SIGNED_ORDER, "paytr_token", "user_name", "user_address", "user_phone", "merchant_ok_url", "merchant_fail_url"];

async function hmacBase64(key: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)));
  return btoa(Array.from(signature, (byte) => String.fromCharCode(byte)).join(""));
}

export function createPaytrFake(store: PaytrStore = TEST_STORE) {
  const tokenRequests: Record<string, string>[] = [];
  const issuedTokens: string[] = [];
  let scripted: ScriptedReply | null = null;
  const app = new Hono();

  app.post("/odeme/api/get-token", async (c) => {
    const form = Object.fromEntries([...(await c.req.formData()).entries()].map(([name, value]) => [name, String(value)]));
    tokenRequests.push(form);
    if (scripted?.kind === "hang") return new Promise<Response>(() => {});
    if (scripted?.kind === "http") return c.body(scripted.body, scripted.status as 500);
    if (scripted?.kind === "failed") return c.json({ status: "failed", reason: scripted.reason });

    const missing = REQUIRED.filter((name) => !(name in form));
    if (missing.length) return c.json({ status: "failed", reason: `eksik alan: ${missing.join(", ")}` });
    if (form.merchant_id !== store.merchantId) return c.json({ status: "failed", reason: "merchant_id gecersiz" });
    if (!/^[A-Za-z0-9]{1,64}$/.test(form.merchant_oid!))
      return c.json({ status: "failed", reason: "merchant_oid sadece alfanumerik olmali" });
    if (!/^\d+$/.test(form.payment_amount!)) return c.json({ status: "failed", reason: "payment_amount tam sayi olmali" });
    const expected = await hmacBase64(store.merchantKey, SIGNED_ORDER.map((name) => form[name]).join("") + store.merchantSalt);
    if (form.paytr_token !== expected) return c.json({ status: "failed", reason: "paytr_token gecersiz" });
    const token = `tok${crypto.randomUUID().replaceAll("-", "")}`;
    issuedTokens.push(token);
    return c.json({ status: "success", token });
  });

  return {
    app,
    /** For fakeNetwork(...): answers at www.paytr.com. */
    peer: abortablePeer("www.paytr.com", app),
    tokenRequests,
    issuedTokens,
    /** The next get-token calls answer like this until `script(null)`. */
    script(reply: ScriptedReply | null) {
      scripted = reply;
    },
    /** The basket of a recorded get-token request, decoded. */
    basketOf(request: Record<string, string>): [string, string, number][] {
      return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(request.user_basket!), (ch) => ch.charCodeAt(0))));
    },
    /** The form PayTR would post to the callback URL, signed with the store's key and salt. */
    async callback(fields: {
      merchantOid: string;
      status: "success" | "failed";
      totalAmount: string | number;
      extra?: Record<string, string>;
    }) {
      const totalAmount = String(fields.totalAmount);
      const hash = await hmacBase64(store.merchantKey, fields.merchantOid + store.merchantSalt + fields.status + totalAmount);
      const form: Record<string, string> = {
        merchant_oid: fields.merchantOid,
        status: fields.status,
        total_amount: totalAmount,
        hash,
        test_mode: "1",
        payment_type: "card",
        ...fields.extra,
      };
      if (fields.status === "success") Object.assign(form, { currency: "TL", payment_amount: totalAmount });
      else Object.assign(form, { failed_reason_code: "0", failed_reason_msg: "Kart limiti yetersiz" });
      return form;
    },
  };
}

export type PaytrFake = ReturnType<typeof createPaytrFake>;
