import { describe, expect, it } from "vitest";
import { call } from "../harness";
import { postCallback, startTopup, useBillingFakes } from "../billing/helpers";
import { deliverEmailMessages, outboxOf, seedMember, seedTeamAccount, sentTo, takeEmailMessagesOf, useEmail } from "./helpers";

const { paytr } = useBillingFakes();

describe("e-mail of a payment received", () => {
  it("a top-up's paid callback tells the owners once, however often PayTR repeats it; other roles and a failed payment get nothing", async () => {
    const fake = useEmail();
    const { accountId, token, ownerEmail } = await seedTeamAccount({ creditKurus: 0 });
    const secondOwner = await seedMember(accountId, { role: "owner", locale: "tr" });
    const admin = await seedMember(accountId, { role: "admin" });
    const turnedOff = await seedMember(accountId, { role: "owner", emailOff: ["payment_received"] });

    const failed = await startTopup(token, 75);
    expect(
      await (await postCallback(await paytr.callback({ merchantOid: failed.merchantOid, status: "failed", totalAmount: 7_500 }))).text(),
    ).toBe("OK");
    expect(await outboxOf(accountId)).toEqual([]);

    const { merchantOid } = await startTopup(token, 150);
    const form = await paytr.callback({ merchantOid, status: "success", totalAmount: 15_000 });
    for (let i = 0; i < 3; i++) expect(await (await postCallback(form)).text()).toBe("OK");
    const bodies = await takeEmailMessagesOf(accountId);
    expect(bodies).toHaveLength(2);
    await deliverEmailMessages(bodies);
    await deliverEmailMessages(bodies, 2);

    expect(fake.sent.map((message) => message.to[0]).sort()).toEqual([ownerEmail, secondOwner.email].sort());
    expect(sentTo(fake, ownerEmail)[0]).toMatchObject({ subject: "Payment received: 150.00 TRY" });
    expect(sentTo(fake, ownerEmail)[0]!.text).toContain(`Order: ${merchantOid}`);
    expect(sentTo(fake, secondOwner.email)[0]).toMatchObject({ subject: "Ödeme alındı: 150,00 TL" });
    expect(sentTo(fake, admin.email)).toEqual([]);
    expect(sentTo(fake, turnedOff.email)).toEqual([]);
    expect((await (await call("/api/billing/balance", { token })).json()) as { creditBalance: string }).toMatchObject({
      creditBalance: "150.00",
    });
    // The audit log has the payment once, by the service, however often PayTR called.
    const audit = (await (await call("/api/audit?action=billing.payment_received", { token })).json()) as {
      items: { actor: string; via: string; targetId: string }[];
    };
    expect(audit.items).toEqual([expect.objectContaining({ actor: "system", via: "system", targetId: merchantOid })]);
  });
});
