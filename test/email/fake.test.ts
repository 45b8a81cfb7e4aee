import { describe, expect, it } from "vitest";
import { createCloudflareEmailSender } from "../../src/adapters/email/cloudflare";
import { emailErrorCode, RETRYABLE_EMAIL_CODES } from "../../src/adapters/email/port";
import { createEmailFake } from "../fakes/email";

// The binding's fake keeps the contract (EXTERNAL_APIS-2 §7.5), and the Cloudflare adapter hands
// the binding's codes through unchanged: the outbox decides on them.

const ok = {
  from: { email: "noreply@mail.example.com", name: "Content Autopilot" },
  to: "a@example.org",
  subject: "Hi",
  text: "Hello",
  html: "<p>Hello</p>",
};

async function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => "ok",
    (error: unknown) => {
      expect(error).toBeInstanceOf(Error);
      return emailErrorCode(error);
    },
  );
}

describe("the send_email binding's fake, through the Cloudflare adapter", () => {
  it("records accepted messages with unique messageIds", async () => {
    const fake = createEmailFake({ domains: ["mail.example.com"] });
    const sender = createCloudflareEmailSender(fake.binding);
    const first = await sender.send(ok);
    const second = await sender.send({ ...ok, html: "<p>Hello</p>", headers: { "X-Entity-Ref-ID": "1" } });
    expect(first.messageId).not.toBe(second.messageId);
    expect(first.messageId).toMatch(/^<.+@mail\.example\.com>$/);
    expect(fake.sent.map((m) => [m.messageId, m.to, m.subject])).toEqual([
      [first.messageId, ["a@example.org"], "Hi"],
      [second.messageId, ["a@example.org"], "Hi"],
    ]);
    expect(fake.sent[1]!.headers).toEqual({ "X-Entity-Ref-ID": "1" });
  });

  it("throws each failure with its code, as the binding does", async () => {
    const fake = createEmailFake({ domains: ["mail.example.com"], allowedDestinations: ["a@example.org", "b@example.org"] });
    const sender = createCloudflareEmailSender(fake.binding);
    const raw = fake.binding as unknown as { send(m: unknown): Promise<unknown> };
    expect(await codeOf(raw.send({ ...ok, from: undefined }))).toBe("E_FIELD_MISSING");
    expect(await codeOf(raw.send({ ...ok, to: undefined }))).toBe("E_FIELD_MISSING");
    expect(await codeOf(sender.send({ ...ok, subject: "" }))).toBe("E_FIELD_MISSING");
    expect(await codeOf(raw.send({ from: ok.from, to: ok.to, subject: "x" }))).toBe("E_FIELD_MISSING");
    expect(await codeOf(raw.send({ ...ok, to: Array.from({ length: 51 }, () => "a@example.org") }))).toBe("E_TOO_MANY_RECIPIENTS");
    expect(await codeOf(sender.send({ ...ok, subject: "s".repeat(999) }))).toBe("E_VALIDATION_ERROR");
    expect(await codeOf(sender.send({ ...ok, subject: "s".repeat(998) }))).toBe("ok");
    expect(await codeOf(sender.send({ ...ok, html: "x".repeat(5 * 1024 * 1024) }))).toBe("E_CONTENT_TOO_LARGE");
    expect(await codeOf(sender.send({ ...ok, from: { email: "noreply@other.example", name: "" } }))).toBe("E_SENDER_NOT_VERIFIED");
    expect(await codeOf(sender.send({ ...ok, to: "c@example.org" }))).toBe("E_RECIPIENT_NOT_ALLOWED");
    fake.suppress("B@example.org");
    expect(await codeOf(sender.send({ ...ok, to: "b@example.org" }))).toBe("E_RECIPIENT_SUPPRESSED");
    expect(await codeOf(sender.send({ ...ok, headers: { "Message-ID": "<x@y>" } }))).toBe("E_HEADER_NOT_ALLOWED");
    expect(await codeOf(sender.send({ ...ok, headers: { Subject: "x" } }))).toBe("E_HEADER_USE_API_FIELD");
    expect(await codeOf(sender.send({ ...ok, headers: { "X-Custom": "y".repeat(2049) } }))).toBe("E_HEADER_VALUE_TOO_LONG");
    expect(await codeOf(sender.send({ ...ok, headers: { "List-Unsubscribe": "<http://x.example/u>" } }))).toBe("E_HEADER_VALUE_INVALID");
    expect(await codeOf(sender.send({ ...ok, headers: { "List-Unsubscribe-Post": "one-click" } }))).toBe("E_HEADER_VALUE_INVALID");
    expect(
      await codeOf(
        sender.send({
          ...ok,
          headers: {
            "List-Unsubscribe": "<https://x.example/u>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
          },
        }),
      ),
    ).toBe("ok");

    fake.switches.rateLimited = true;
    expect(await codeOf(sender.send(ok))).toBe("E_RATE_LIMIT_EXCEEDED");
    fake.switches.rateLimited = false;
    fake.switches.dailyLimitReached = true;
    expect(await codeOf(sender.send(ok))).toBe("E_DAILY_LIMIT_EXCEEDED");
    fake.switches.dailyLimitReached = false;
    fake.failNext("E_INTERNAL_SERVER_ERROR", 2);
    expect(await codeOf(sender.send(ok))).toBe("E_INTERNAL_SERVER_ERROR");
    expect(await codeOf(sender.send(ok))).toBe("E_INTERNAL_SERVER_ERROR");
    expect(await codeOf(sender.send(ok))).toBe("ok");
    expect(fake.sent).toHaveLength(3);
  });

  it("retries only rate limits, the daily limit, Cloudflare's own failure and a failed delivery", () => {
    expect([...RETRYABLE_EMAIL_CODES].sort()).toEqual([
      "E_DAILY_LIMIT_EXCEEDED",
      "E_DELIVERY_FAILED",
      "E_INTERNAL_SERVER_ERROR",
      "E_RATE_LIMIT_EXCEEDED",
    ]);
    expect(emailErrorCode(new Error("email to x not allowed"))).toBe("E_UNKNOWN"); // the local simulator's
  });

  it("without the binding every send fails permanently with E_BINDING_MISSING", async () => {
    expect(await codeOf(createCloudflareEmailSender(undefined).send(ok))).toBe("E_BINDING_MISSING");
  });
});
