import { describe, expect, it } from "vitest";
import { createPaytrClient } from "../../src/adapters/paytr/client";
import type { CheckoutRequest } from "../../src/adapters/paytr/port";
import { fakeNetwork } from "../fakes/network";
import { createPaytrFake, TEST_STORE } from "../fakes/paytr";
import { errorOf } from "../harness";

const order: CheckoutRequest = {
  merchantOid: "payAbc123",
  email: "buyer@example.com",
  userIp: "85.105.12.34",
  amountKurus: 15_050,
  basket: [{ name: "Credit top-up 150.50 TRY", unitPriceKurus: 15_050, quantity: 1 }],
  userName: "buyer@example.com",
  okUrl: "https://app.example.com/",
  failUrl: "https://app.example.com/",
};

function clientFor(fake = createPaytrFake(), store = TEST_STORE) {
  return { fake, client: createPaytrClient({ credentials: store, testMode: true, fetch: fakeNetwork(fake.peer), timeoutMs: 200 }) };
}

describe("PayTR client: get-token", () => {
  it("posts the documented fields, signed so the fake's own hash check passes, and returns the iframe URL", async () => {
    const { fake, client } = clientFor();
    const checkout = await client.createCheckout(order);

    expect(checkout.paymentToken).toBe(fake.issuedTokens[0]);
    expect(checkout.iframeUrl).toBe(`https://www.paytr.com/odeme/guvenli/${checkout.paymentToken}`);
    const [sent] = fake.tokenRequests;
    expect(sent).toMatchObject({
      merchant_id: "100001",
      user_ip: "85.105.12.34",
      merchant_oid: "payAbc123",
      email: "buyer@example.com",
      payment_amount: "15050",
      currency: "TL",
      test_mode: "1",
      no_installment: "1",
      max_installment: "0",
      merchant_ok_url: "https://app.example.com/",
      merchant_fail_url: "https://app.example.com/",
    });
    expect(fake.basketOf(sent!)).toEqual([["Credit top-up 150.50 TRY", "150.50", 1]]);
  });

  it("is a 502 that does not echo PayTR's reason when the token is refused (wrong key)", async () => {
    const { client } = clientFor(createPaytrFake(), { ...TEST_STORE, merchantKey: "wrong-key" });
    const error = await errorOf(client.createCheckout(order));
    expect(error.status).toBe(502);
    expect(error.message).not.toContain("paytr_token");
  });

  it("is a 502 when PayTR answers with an HTML error page", async () => {
    const { fake, client } = clientFor();
    fake.script({ kind: "http", status: 503, body: "<html>Service Unavailable</html>" });
    const error = await errorOf(client.createCheckout(order));
    expect(error.status).toBe(502);
    expect(error.message).toContain("HTTP 503");
  });

  it("is a 504 when PayTR does not answer in time", async () => {
    const { fake, client } = clientFor();
    fake.script({ kind: "hang" });
    expect((await errorOf(client.createCheckout(order))).status).toBe(504);
  });

  it("is a 502 when PayTR cannot be reached", async () => {
    const client = createPaytrClient({ credentials: TEST_STORE, testMode: false, fetch: fakeNetwork(), timeoutMs: 200 });
    expect((await errorOf(client.createCheckout(order))).status).toBe(502);
  });
});
