import { describe, expect, it, vi } from "vitest";
import { paytrCallbackHash } from "../../src/adapters/paytr/hash";
import { call, expectError, seedAccount, seedToken } from "../harness";
import { balanceOf, paymentRow, postCallback, startTopup, transactionsOf, useBillingFakes } from "./helpers";

const { paytr } = useBillingFakes();

describe("POST /api/billing/topup", () => {
  it("creates a pending payment and returns PayTR's token, the order id and the iframe URL; nothing is credited yet", async () => {
    const { token, account } = await seedAccount({ creditKurus: 0 });
    const res = await call("/api/billing/topup", {
      method: "POST",
      token,
      json: { amountTry: 150.5 },
      headers: { "CF-Connecting-IP": "85.105.12.34" },
    });

    expect(res.status).toBe(201);
    const body = (await res.json()) as { paymentToken: string; merchantOid: string; iframeUrl: string };
    expect(Object.keys(body).sort()).toEqual(["iframeUrl", "merchantOid", "paymentToken"]);
    expect(body.merchantOid).toMatch(/^[A-Za-z0-9]{1,64}$/);
    expect(paytr.issuedTokens).toContain(body.paymentToken);
    expect(body.iframeUrl).toBe(`https://www.paytr.com/odeme/guvenli/${body.paymentToken}`);

    const sent = paytr.tokenRequests.find((request) => request.merchant_oid === body.merchantOid)!;
    expect(sent).toMatchObject({ payment_amount: "15050", email: account.email, user_ip: "85.105.12.34", currency: "TL", test_mode: "1" });
    expect(paytr.basketOf(sent)).toEqual([["Credit top-up 150.50 TRY", "150.50", 1]]);

    expect(await paymentRow(body.merchantOid)).toMatchObject({
      status: "pending",
      purpose: "topup",
      amountKurus: 15_050,
      accountId: account.id,
    });
    expect((await balanceOf(token)).creditBalance).toBe("0.00");
  });

  it("reads the JSON number exactly: 150.1 and 150.10 are 150.10, 99.99 is 99.99, 1e2 is 100.00", async () => {
    const { token } = await seedAccount();
    for (const [text, kurus] of [
      ["150.1", "15010"],
      ["150.10", "15010"],
      ["99.99", "9999"],
      ["1e2", "10000"],
      ["50", "5000"],
    ] as const) {
      const res = await call("/api/billing/topup", {
        method: "POST",
        token,
        body: `{"amountTry":${text}}`,
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status).toBe(201);
      const { merchantOid } = (await res.json()) as { merchantOid: string };
      expect(paytr.tokenRequests.find((request) => request.merchant_oid === merchantOid)!.payment_amount).toBe(kurus);
    }
  });

  it.each([
    ["three decimals", { amountTry: 150.123 }],
    ["a float artefact", { amountTry: 0.1 + 0.2 }],
    ["zero", { amountTry: 0 }],
    ["a negative amount", { amountTry: -50 }],
    ["below the minimum", { amountTry: 49.99 }],
    ["above the maximum", { amountTry: 50_000.01 }],
    ["a huge number", { amountTry: 1e21 }],
    ["a string", { amountTry: "150.00" }],
    ["null", { amountTry: null }],
    ["no amount", {}],
    ["an unknown field", { amountTry: 150, coupon: "FREE" }],
  ])("is 400 for %s and starts no payment", async (_, json) => {
    const { token } = await seedAccount();
    const before = paytr.tokenRequests.length;
    const body = await expectError(await call("/api/billing/topup", { method: "POST", token, json }), 400, "invalid_request");
    expect(body.message).toMatch(/amountTry|coupon|Unrecognized/);
    expect(paytr.tokenRequests.length).toBe(before);
  });

  it("names the bounds when the amount is out of range", async () => {
    const { token } = await seedAccount();
    const body = await expectError(await call("/api/billing/topup", { method: "POST", token, json: { amountTry: 10 } }), 400);
    expect(body.message).toContain("between 50.00 and 50000.00 TRY");
  });

  it("is 400 for malformed JSON and for a missing body", async () => {
    const { token } = await seedAccount();
    await expectError(
      await call("/api/billing/topup", { method: "POST", token, body: "{amountTry:", headers: { "Content-Type": "application/json" } }),
      400,
    );
    await expectError(await call("/api/billing/topup", { method: "POST", token }), 400);
  });

  it("is 401 without a token and 403 with a public:read token", async () => {
    const { accountId } = await seedAccount();
    const { token: readOnly } = await seedToken(accountId, "public:read");
    await expectError(await call("/api/billing/topup", { method: "POST", json: { amountTry: 150 } }), 401);
    await expectError(await call("/api/billing/topup", { method: "POST", token: readOnly, json: { amountTry: 150 } }), 403);
  });

  it("is 502 when PayTR refuses, and the payment is recorded as failed", async () => {
    const { token } = await seedAccount();
    paytr.script({ kind: "failed", reason: "user_ip gecersiz" });
    const body = await expectError(
      await call("/api/billing/topup", { method: "POST", token, json: { amountTry: 150 } }),
      502,
      "payment_provider_error",
    );
    expect(body.message).not.toContain("user_ip");
    const oid = paytr.tokenRequests.at(-1)!.merchant_oid!;
    expect(await paymentRow(oid)).toMatchObject({ status: "failed" });
  });
});

describe("POST /api/billing/callback/paytr", () => {
  it("credits a paid top-up once however often PayTR repeats the callback, answering exactly OK each time", async () => {
    const { token } = await seedAccount({ creditKurus: 10_000 });
    const { merchantOid } = await startTopup(token, 150);
    const form = await paytr.callback({ merchantOid, status: "success", totalAmount: 15_000 });

    for (let i = 0; i < 5; i++) {
      const res = await postCallback(form);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
      expect(await res.text()).toBe("OK");
    }

    expect((await balanceOf(token)).creditBalance).toBe("250.00");
    const topups = (await transactionsOf(token)).filter((row) => row.kind === "topup");
    expect(topups).toEqual([
      expect.objectContaining({
        amount: "150.00",
        balanceAfter: "250.00",
        reference: `payment:${merchantOid}`,
        note: "Top-up paid with PayTR (test mode)",
      }),
    ]);
    expect(await paymentRow(merchantOid)).toMatchObject({ status: "succeeded", paidAmountKurus: 15_000 });
  });

  it("credits once when the same callback arrives 5 times at once", async () => {
    const { token } = await seedAccount({ creditKurus: 0 });
    const { merchantOid } = await startTopup(token, 200);
    const form = await paytr.callback({ merchantOid, status: "success", totalAmount: 20_000 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postCallback(form).then((res) => res.text())));
    expect(answers).toEqual(["OK", "OK", "OK", "OK", "OK"]);
    expect((await balanceOf(token)).creditBalance).toBe("200.00");
  });

  it("credits the ordered amount when the customer paid more (instalment fees)", async () => {
    const { token } = await seedAccount({ creditKurus: 0 });
    const { merchantOid } = await startTopup(token, 100);
    expect(await (await postCallback(await paytr.callback({ merchantOid, status: "success", totalAmount: 10_450 }))).text()).toBe("OK");
    expect((await balanceOf(token)).creditBalance).toBe("100.00");
  });

  it("rejects a tampered amount (hash no longer matches) with 401 and changes nothing", async () => {
    const { token } = await seedAccount({ creditKurus: 0 });
    const { merchantOid } = await startTopup(token, 150);
    const form = await paytr.callback({ merchantOid, status: "success", totalAmount: 15_000 });

    await expectError(await postCallback({ ...form, total_amount: "1500000" }), 401, "unauthorized");
    expect((await balanceOf(token)).creditBalance).toBe("0.00");
    expect(await paymentRow(merchantOid)).toMatchObject({ status: "pending" });
  });

  it("rejects a correctly signed success that paid less than the order, and changes nothing", async () => {
    const { token } = await seedAccount({ creditKurus: 0 });
    const { merchantOid } = await startTopup(token, 150);
    await expectError(await postCallback(await paytr.callback({ merchantOid, status: "success", totalAmount: 100 })), 400);
    expect((await balanceOf(token)).creditBalance).toBe("0.00");
    expect(await paymentRow(merchantOid)).toMatchObject({ status: "pending" });
  });

  it.each([
    ["weird", "15000", "status 'weird' is neither success nor failed"],
    ["success", "abc", "total_amount 'abc' is not a whole number of kuruş"],
    ["success", "-15000", "total_amount '-15000' is not a whole number of kuruş"],
    ["success", "150.00", "total_amount '150.00' is not a whole number of kuruş"],
  ])(
    "answers PayTR's OK to a correctly signed callback with status %s and total_amount %s, credits nothing, and logs which field is wrong",
    async (status, totalAmount, reason) => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const { token } = await seedAccount({ creditKurus: 0 });
      const { merchantOid } = await startTopup(token, 150);
      const credentials = { merchantId: "100001", merchantKey: "test-merchant-key", merchantSalt: "test-merchant-salt" };
      const hash = await paytrCallbackHash(credentials, merchantOid, status, totalAmount);
      const res = await postCallback({ merchant_oid: merchantOid, status, total_amount: totalAmount, hash });
      expect([res.status, await res.text()]).toEqual([200, "OK"]);
      expect((await balanceOf(token)).creditBalance).toBe("0.00");
      expect(await paymentRow(merchantOid)).toMatchObject({ status: "pending" });
      const lines = logged.mock.calls.map(([text]) => JSON.parse(String(text)) as Record<string, unknown>);
      logged.mockRestore();
      expect(lines).toContainEqual(expect.objectContaining({ event: "payment_callback_invalid_value", merchantOid, reason }));
    },
  );

  it("rejects a bad hash, a missing hash and a hash from another store, and changes nothing", async () => {
    const { token } = await seedAccount({ creditKurus: 0 });
    const { merchantOid } = await startTopup(token, 150);
    const form = await paytr.callback({ merchantOid, status: "success", totalAmount: 15_000 });

    await expectError(await postCallback({ ...form, hash: `${form.hash!.slice(1)}A` }), 401);
    await expectError(await postCallback({ ...form, hash: "" }), 401);
    const { hash: _, ...unsigned } = form;
    await expectError(await postCallback(unsigned), 400);
    expect((await balanceOf(token)).creditBalance).toBe("0.00");
    expect((await transactionsOf(token)).filter((row) => row.kind === "topup")).toEqual([]);
  });

  it("marks a failed payment failed with PayTR's reason, credits nothing, and still credits a later signed success", async () => {
    const { token } = await seedAccount({ creditKurus: 0 });
    const { merchantOid } = await startTopup(token, 150);

    expect(await (await postCallback(await paytr.callback({ merchantOid, status: "failed", totalAmount: 15_000 }))).text()).toBe("OK");
    expect(await paymentRow(merchantOid)).toMatchObject({
      status: "failed",
      failedReason: "0: Kart limiti yetersiz",
      failedCode: "declined",
    });
    // The panel words the failure by its code, in the owner's language.
    const shown = await call(`/api/billing/payments/${merchantOid}`, { token });
    expect(await shown.json()).toMatchObject({ status: "failed", failedCode: "declined" });
    expect((await balanceOf(token)).creditBalance).toBe("0.00");

    expect(await (await postCallback(await paytr.callback({ merchantOid, status: "success", totalAmount: 15_000 }))).text()).toBe("OK");
    expect((await balanceOf(token)).creditBalance).toBe("150.00");
  });

  it("ignores a failure notice after the payment succeeded", async () => {
    const { token } = await seedAccount({ creditKurus: 0 });
    const { merchantOid } = await startTopup(token, 150);
    await postCallback(await paytr.callback({ merchantOid, status: "success", totalAmount: 15_000 }));
    expect(await (await postCallback(await paytr.callback({ merchantOid, status: "failed", totalAmount: 15_000 }))).text()).toBe("OK");
    expect(await paymentRow(merchantOid)).toMatchObject({ status: "succeeded" });
    expect((await balanceOf(token)).creditBalance).toBe("150.00");
  });

  it("is 404 for a correctly signed callback of an order we never created", async () => {
    await expectError(
      await postCallback(await paytr.callback({ merchantOid: "payUnknown1", status: "success", totalAmount: 15_000 })),
      404,
    );
  });

  it("is 400 for a callback that is not a form", async () => {
    await expectError(await call("/api/billing/callback/paytr", { method: "POST", json: { merchant_oid: "x" } }), 400);
  });
});

describe("GET /api/billing/payments/{merchantOid}", () => {
  it("shows the payment to its account and 404 to another account", async () => {
    const { token } = await seedAccount();
    const other = await seedAccount();
    const { merchantOid } = await startTopup(token, 75.25);

    const res = await call(`/api/billing/payments/${merchantOid}`, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      merchantOid,
      purpose: "topup",
      licenceKind: null,
      amount: "75.25",
      status: "pending",
      testMode: true,
      completedAt: null,
    });
    await expectError(await call(`/api/billing/payments/${merchantOid}`, { token: other.token }), 404, "not_found");
    await expectError(await call(`/api/billing/payments/payNope`, { token }), 404);
    await expectError(await call(`/api/billing/payments/${merchantOid}`), 401);
    const { token: readOnly } = await seedToken((await paymentRow(merchantOid))!.accountId, "public:read");
    await expectError(await call(`/api/billing/payments/${merchantOid}`, { token: readOnly }), 403);
  });
});
