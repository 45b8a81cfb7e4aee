import { describe, expect, it } from "vitest";
import {
  encodeBasket,
  InvalidPaymentNotification,
  paytrCallbackHash,
  paytrFailureCode,
  paytrToken,
  verifyPaytrCallback,
} from "../../src/adapters/paytr/hash";
import { TEST_STORE } from "../fakes/paytr";

// Worked example computed outside this codebase (Python's hmac + base64) from these inputs:
// merchant_id 100001, user_ip 85.105.12.34, merchant_oid payTest123, email buyer@example.com,
// payment_amount 15000 (150.00 TL), basket [["Credit top-up 150.00 TRY","150.00",1]],
// no_installment 1, max_installment 0, currency TL, test_mode 1,
// key "test-merchant-key", salt "test-merchant-salt".
const BASKET = "W1siQ3JlZGl0IHRvcC11cCAxNTAuMDAgVFJZIiwiMTUwLjAwIiwxXV0=";
const TOKEN = "8U9KtA1OVB/aREBnhm2CaLQBSlV7r2u/zjp39EYtOCY=";
const CALLBACK_HASH = "XcZkac2uobH0VViiiyGxPERpXc5fpGAe+axFNKhMs/o=";

describe("PayTR hashes", () => {
  it("encodes the basket as base64 of the JSON array [name, unit price, quantity]", () => {
    expect(encodeBasket([{ name: "Credit top-up 150.00 TRY", unitPriceKurus: 15_000, quantity: 1 }])).toBe(BASKET);
  });

  it("builds paytr_token as in the worked example", async () => {
    const token = await paytrToken(TEST_STORE, {
      merchant_id: "100001",
      user_ip: "85.105.12.34",
      merchant_oid: "payTest123",
      email: "buyer@example.com",
      payment_amount: "15000",
      user_basket: BASKET,
      no_installment: "1",
      max_installment: "0",
      currency: "TL",
      test_mode: "1",
    });
    expect(token).toBe(TOKEN);
  });

  it("builds the callback hash as in the worked example", async () => {
    expect(await paytrCallbackHash(TEST_STORE, "payTest123", "success", "15000")).toBe(CALLBACK_HASH);
  });

  it("accepts a callback with the right hash and reads it", async () => {
    const result = await verifyPaytrCallback(TEST_STORE, {
      merchant_oid: "payTest123",
      status: "success",
      total_amount: "15000",
      hash: CALLBACK_HASH,
      test_mode: "1",
    });
    expect(result).toEqual({
      merchantOid: "payTest123",
      status: "success",
      totalAmountKurus: 15_000,
      failedReason: null,
      failedCode: null,
      testMode: true,
    });
  });

  it("rejects a callback whose amount, status, order id or hash was changed, and one signed with another key", async () => {
    const good = { merchant_oid: "payTest123", status: "success", total_amount: "15000", hash: CALLBACK_HASH };
    expect(await verifyPaytrCallback(TEST_STORE, { ...good, total_amount: "150000" })).toBeNull();
    expect(await verifyPaytrCallback(TEST_STORE, { ...good, status: "failed" })).toBeNull();
    expect(await verifyPaytrCallback(TEST_STORE, { ...good, merchant_oid: "payTest124" })).toBeNull();
    expect(await verifyPaytrCallback(TEST_STORE, { ...good, hash: CALLBACK_HASH.replace("X", "Y") })).toBeNull();
    expect(await verifyPaytrCallback(TEST_STORE, { ...good, hash: "" })).toBeNull();
    expect(await verifyPaytrCallback({ ...TEST_STORE, merchantSalt: "another-salt" }, good)).toBeNull();
  });

  it("reads the failure reason of a failed payment", async () => {
    const hash = await paytrCallbackHash(TEST_STORE, "payTest123", "failed", "15000");
    const result = await verifyPaytrCallback(TEST_STORE, {
      merchant_oid: "payTest123",
      status: "failed",
      total_amount: "15000",
      hash,
      failed_reason_code: "0",
      failed_reason_msg: "Kart limiti yetersiz",
    });
    expect(result).toMatchObject({ status: "failed", failedReason: "0: Kart limiti yetersiz", failedCode: "declined" });
  });

  it("refuses a correctly signed callback whose status or amount is not one PayTR sends, naming the field (not the hash)", async () => {
    const oddStatus = await paytrCallbackHash(TEST_STORE, "payTest123", "pending", "15000");
    await expect(
      verifyPaytrCallback(TEST_STORE, { merchant_oid: "payTest123", status: "pending", total_amount: "15000", hash: oddStatus }),
    ).rejects.toThrow(new InvalidPaymentNotification("status 'pending' is neither success nor failed"));
    const decimalAmount = await paytrCallbackHash(TEST_STORE, "payTest123", "success", "150.00");
    await expect(
      verifyPaytrCallback(TEST_STORE, { merchant_oid: "payTest123", status: "success", total_amount: "150.00", hash: decimalAmount }),
    ).rejects.toThrow(/total_amount '150.00'/);
  });
});

describe("PayTR's failed_reason_code, in words the panel can translate", () => {
  it.each([
    ["0", "declined"],
    ["1", "authentication_failed"],
    ["2", "authentication_failed"],
    ["3", "security_check_failed"],
    ["11", "security_check_failed"],
    ["6", "abandoned"],
    ["8", "instalment_not_supported"],
    ["9", "card_not_allowed"],
    ["10", "three_d_secure_required"],
    ["99", "integration_error"],
    ["42", "other"],
    [undefined, "other"],
  ])("code %s is %s", (code, expected) => {
    expect(paytrFailureCode(code)).toBe(expected);
  });
});
