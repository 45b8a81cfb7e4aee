import { describe, expect, it } from "vitest";
import { paytrCallbackHash } from "../../src/adapters/paytr/hash";
import { OFFLINE_CREDENTIALS } from "../../src/adapters/paytr/offline";
import { keyChecker as keyCheckerFor, paymentProvider as paymentProviderFor } from "../../src/services/providers";
import { parseConfig } from "../../src/config";
import type { Env } from "../../src/env";
import { fakeNetwork } from "../fakes/network";
import { testEnv } from "../harness";

const configWith = (vars: Partial<Env>) => parseConfig({ ...testEnv, ...vars });

describe("billing configuration", () => {
  it("has the documented defaults when no billing var is set", () => {
    const billing = parseConfig({
      ...testEnv,
      PAYMENT_PROVIDER: undefined,
      PAYTR_MERCHANT_ID: undefined,
      PAYTR_TEST_MODE: undefined,
      TOPUP_MIN_TRY: undefined,
      TOPUP_MAX_TRY: undefined,
      BYOK_MONTHLY_PRICE_TRY: undefined,
      ARTICLE_PRICES_TRY: undefined,
      BYOK_KEY_CHECK: undefined,
    }).billing;
    expect(billing).toMatchObject({
      paymentProvider: "paytr",
      paytr: null,
      paytrTestMode: false,
      topupMinKurus: 5_000,
      topupMaxKurus: 5_000_000,
      byokKeyCheck: "provider",
    });
    expect(billing.licences.BYOK_MONTHLY).toEqual({ priceKurus: 49_900, months: 1, monthlyQuota: 100 });
    expect(billing.articlePricesKurus["gpt-4o-mini"]).toBe(1_500);
  });

  it.each([
    [{ PAYMENT_PROVIDER: "stripe" }, /PAYMENT_PROVIDER/],
    [{ PAYTR_TEST_MODE: "yes" }, /PAYTR_TEST_MODE/],
    [{ TOPUP_MIN_TRY: "10.005" }, /TOPUP_MIN_TRY/],
    [{ TOPUP_MIN_TRY: "500.00", TOPUP_MAX_TRY: "100.00" }, /TOPUP_MAX_TRY/],
    [{ BYOK_MONTHLY_QUOTA: "-1" }, /BYOK_MONTHLY_QUOTA/],
    [{ ARTICLE_PRICES_TRY: "gpt=1" }, /ARTICLE_PRICES_TRY/],
    [{ ARTICLE_PRICES_TRY: "{}" }, /ARTICLE_PRICES_TRY/],
    [{ ARTICLE_PRICES_TRY: '{"gpt-4o-mini":"cheap"}' }, /ARTICLE_PRICES_TRY.gpt-4o-mini/],
  ])("refuses %j with a message naming the var", (vars, message) => {
    expect(() => parseConfig({ ...testEnv, ...vars })).toThrow(message);
  });
});

describe("provider choice", () => {
  it("uses PayTR with the store credentials, and refuses when they are incomplete", () => {
    expect(paymentProviderFor(configWith({}), fakeNetwork()).name).toBe("paytr");
    expect(() => paymentProviderFor(configWith({ PAYTR_MERCHANT_SALT: "" }), fakeNetwork())).toThrow(/PAYTR_MERCHANT_SALT/);
  });

  it("refuses the offline payment provider in production", () => {
    expect(() => paymentProviderFor(configWith({ PAYMENT_PROVIDER: "offline", ENVIRONMENT: "production" }), fakeNetwork())).toThrow(
      /cannot be used in production/,
    );
  });

  it("offline: a checkout names the order only, and a callback signed with the offline credentials is accepted", async () => {
    const provider = paymentProviderFor(configWith({ PAYMENT_PROVIDER: "offline", PAYTR_MERCHANT_ID: "" }), fakeNetwork());
    expect(provider.name).toBe("offline");
    const checkout = await provider.createCheckout({
      merchantOid: "payLocal1",
      email: "a@b.c",
      userIp: "127.0.0.1",
      amountKurus: 100,
      basket: [],
      userName: "a",
      okUrl: "/",
      failUrl: "/",
    });
    expect(checkout).toEqual({ paymentToken: "offline-payLocal1", iframeUrl: "about:blank" });

    const hash = await paytrCallbackHash(OFFLINE_CREDENTIALS, "payLocal1", "success", "15000");
    expect(await provider.verifyNotification({ merchant_oid: "payLocal1", status: "success", total_amount: "15000", hash })).toMatchObject({
      status: "success",
      totalAmountKurus: 15_000,
    });
    // The openssl recipe of docs/guides/billing.md for a local callback gives exactly this hash.
    expect(hash).toBe("u8SWTSlIuKbLtZSrLrMH4REStt03Duowr7HwYmn3EK4=");
  });

  it("offline key check: accepts a key of the provider's shape, refuses others without calling anyone", async () => {
    const checker = keyCheckerFor(configWith({ BYOK_KEY_CHECK: "offline" }), fakeNetwork());
    expect(checker.live).toBe(false);
    expect(await checker.check({ provider: "openai", apiKey: "sk-proj-abcdefghijklmnop1234", model: "gpt-4o-mini" })).toEqual({
      outcome: "valid",
    });
    expect(
      await checker.check({ provider: "anthropic", apiKey: "sk-proj-abcdefghijklmnop1234", model: "claude-sonnet-4-5" }),
    ).toMatchObject({ outcome: "rejected" });
  });
});
