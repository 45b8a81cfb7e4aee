import { describe, expect, it } from "vitest";
import { extendedExpiry } from "../../src/billing/licence";
import { addMonths, toIsoSeconds } from "../../src/core/time";
import { call, expectError, seedAccount, seedToken } from "../harness";
import { balanceOf, giveLicence, paymentRow, postCallback, transactionsOf, useBillingFakes } from "./helpers";

const { paytr } = useBillingFakes();

async function buyLicence(token: string, kind: string) {
  const res = await call("/api/billing/license", { method: "POST", token, json: { kind } });
  expect(res.status).toBe(201);
  return (await res.json()) as { paymentToken: string; merchantOid: string; iframeUrl: string };
}

/** Expiry strings are second-precise; a licence paid "now" ends within a few seconds of this. */
function monthsFromNow(months: number): number {
  return addMonths(new Date(), months).getTime();
}

describe("POST /api/billing/license", () => {
  it("charges the configured price through PayTR and changes nothing until the payment is confirmed", async () => {
    const { token } = await seedAccount({ creditKurus: 10_000 });
    const { merchantOid, paymentToken } = await buyLicence(token, "BYOK_MONTHLY");

    expect(paytr.issuedTokens).toContain(paymentToken);
    const sent = paytr.tokenRequests.find((request) => request.merchant_oid === merchantOid)!;
    expect(sent.payment_amount).toBe("49900");
    expect(paytr.basketOf(sent)).toEqual([["BYOK licence, 1 month", "499.00", 1]]);
    expect(await paymentRow(merchantOid)).toMatchObject({ purpose: "licence", licenceKind: "BYOK_MONTHLY", status: "pending" });
    expect(await balanceOf(token)).toEqual({
      billingMode: "CREDITS",
      creditBalance: "100.00",
      byok: { kind: null, expiresAt: null, quota: null, used: 0 },
      reserved: { amount: "0.00", count: 0, oldestAt: null },
    });
  });

  it("switches the account to BYOK_MONTHLY for one month when paid, once however often the callback repeats", async () => {
    const { token } = await seedAccount({ creditKurus: 10_000 });
    const { merchantOid } = await buyLicence(token, "BYOK_MONTHLY");
    const form = await paytr.callback({ merchantOid, status: "success", totalAmount: 49_900 });
    for (let i = 0; i < 5; i++) expect(await (await postCallback(form)).text()).toBe("OK");

    const balance = await balanceOf(token);
    expect(balance).toMatchObject({
      billingMode: "BYOK_MONTHLY",
      creditBalance: "100.00",
      byok: { kind: "BYOK_MONTHLY", quota: 100, used: 0 },
    });
    expect(Math.abs(Date.parse(balance.byok.expiresAt!) - monthsFromNow(1))).toBeLessThan(60_000);

    const licenceRows = (await transactionsOf(token)).filter((row) => row.kind === "licence");
    expect(licenceRows).toHaveLength(1);
    expect(licenceRows[0]).toMatchObject({ amount: "0.00", balanceAfter: "100.00", reference: `payment:${merchantOid}` });
    expect(licenceRows[0]!.note).toMatch(/^BYOK_MONTHLY licence paid with PayTR \(test mode\) \(499\.00 TRY\), valid until \d{4}-/);
  });

  it("extends a running licence from its end, and a yearly purchase adds 12 months and switches the kind", async () => {
    const { token, accountId } = await seedAccount();
    const runningUntil = toIsoSeconds(addMonths(new Date(), 2));
    await giveLicence(accountId, "BYOK_MONTHLY", runningUntil);

    const { merchantOid } = await buyLicence(token, "BYOK_YEARLY");
    await postCallback(await paytr.callback({ merchantOid, status: "success", totalAmount: 499_000 }));

    const balance = await balanceOf(token);
    expect(balance.billingMode).toBe("BYOK_YEARLY");
    expect(balance.byok).toMatchObject({ kind: "BYOK_YEARLY", expiresAt: toIsoSeconds(addMonths(new Date(runningUntil), 12)) });
  });

  it("starts a lapsed licence again from now", async () => {
    const { token, accountId } = await seedAccount();
    await giveLicence(accountId, "BYOK_MONTHLY", "2025-01-31T00:00:00Z");
    const { merchantOid } = await buyLicence(token, "BYOK_MONTHLY");
    await postCallback(await paytr.callback({ merchantOid, status: "success", totalAmount: 49_900 }));
    expect(Math.abs(Date.parse((await balanceOf(token)).byok.expiresAt!) - monthsFromNow(1))).toBeLessThan(60_000);
  });

  it("adds both months when two licence payments are confirmed at the same moment", async () => {
    const { token } = await seedAccount();
    const first = await buyLicence(token, "BYOK_MONTHLY");
    const second = await buyLicence(token, "BYOK_MONTHLY");
    const forms = await Promise.all(
      [first, second].map(({ merchantOid }) => paytr.callback({ merchantOid, status: "success", totalAmount: 49_900 })),
    );
    const answers = await Promise.all([...forms, ...forms].map((form) => postCallback(form).then((res) => res.text())));

    expect(answers).toEqual(["OK", "OK", "OK", "OK"]);
    expect(Math.abs(Date.parse((await balanceOf(token)).byok.expiresAt!) - monthsFromNow(2))).toBeLessThan(60_000);
    expect((await transactionsOf(token)).filter((row) => row.kind === "licence")).toHaveLength(2);
  });

  it("leaves the account as it was when the licence payment fails or the callback is tampered with", async () => {
    const { token } = await seedAccount();
    const { merchantOid } = await buyLicence(token, "BYOK_YEARLY");
    const form = await paytr.callback({ merchantOid, status: "success", totalAmount: 499_000 });
    await expectError(await postCallback({ ...form, total_amount: "1" }), 401);
    expect(await (await postCallback(await paytr.callback({ merchantOid, status: "failed", totalAmount: 499_000 }))).text()).toBe("OK");

    expect(await balanceOf(token)).toMatchObject({ billingMode: "CREDITS", byok: { kind: null, expiresAt: null } });
    expect(await paymentRow(merchantOid)).toMatchObject({ status: "failed" });
  });

  it.each([[{ kind: "BYOK_WEEKLY" }], [{ kind: "byok_monthly" }], [{}], [{ kind: "BYOK_MONTHLY", months: 3 }], [{ kind: 1 }]])(
    "is 400 for %j",
    async (json) => {
      const { token } = await seedAccount();
      await expectError(await call("/api/billing/license", { method: "POST", token, json }), 400, "invalid_request");
    },
  );

  it("is 401 without a token and 403 with a public:read token", async () => {
    const { accountId } = await seedAccount();
    const { token: readOnly } = await seedToken(accountId, "public:read");
    await expectError(await call("/api/billing/license", { method: "POST", json: { kind: "BYOK_MONTHLY" } }), 401);
    await expectError(await call("/api/billing/license", { method: "POST", token: readOnly, json: { kind: "BYOK_MONTHLY" } }), 403);
  });
});

describe("extendedExpiry", () => {
  const now = new Date("2026-01-31T10:00:00Z");
  it("clamps to the end of a shorter month", () => {
    expect(extendedExpiry(null, now, 1)).toBe("2026-02-28T10:00:00Z");
  });
  it("extends from a running licence's end and from now for a lapsed one", () => {
    expect(extendedExpiry("2026-03-15T00:00:00Z", now, 12)).toBe("2027-03-15T00:00:00Z");
    expect(extendedExpiry("2026-01-01T00:00:00Z", now, 1)).toBe("2026-02-28T10:00:00Z");
  });
});
