import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { DEAD_LETTER_QUEUE, handleQueueBatch, messageHandlers, backoffSeconds, type MessageHandler } from "../../src/jobs/queues";
import { testEnv, testServices } from "../harness";

const GENERATION_QUEUE = "content-autopilot-generation";
const registered: string[] = [];

function register(type: string, handler: MessageHandler) {
  messageHandlers[type] = handler;
  registered.push(type);
}

afterEach(() => {
  for (const type of registered.splice(0)) delete messageHandlers[type];
  vi.restoreAllMocks();
});

async function deliver(queue: string, messages: { id: string; body: unknown; attempts?: number }[]) {
  const batch = createMessageBatch(
    queue,
    messages.map((m) => ({ id: m.id, timestamp: new Date(), attempts: m.attempts ?? 1, body: m.body })),
  );
  const ctx = createExecutionContext();
  await (worker.queue as ExportedHandlerQueueHandler<typeof testEnv>)(batch, testEnv, ctx);
  return getQueueResult(batch, ctx);
}

describe("queue dispatcher", () => {
  it("acks messages of an unknown type or without a type, since a retry cannot help them", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await deliver(GENERATION_QUEUE, [
      { id: "unknown", body: { type: "no-such-kind" } },
      { id: "untyped", body: { hello: "world" } },
      { id: "null", body: null },
      { id: "text", body: "just a string" },
    ]);
    expect(result.explicitAcks.sort()).toStrictEqual(["null", "text", "unknown", "untyped"]);
    expect(result.retryMessages).toStrictEqual([]);
    expect(logged).toHaveBeenCalledTimes(4);
    for (const [text] of logged.mock.calls) expect(String(text)).not.toMatch(/world|just a string/);
  });

  it("acks and logs a known kind whose body does not fit its schema, naming fields but not values", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await deliver(GENERATION_QUEUE, [
      { id: "run-no-item", body: { type: "item.run", accountId: "acct_secret", attempt: 1 } },
      { id: "run-text-attempt", body: { type: "item.run", accountId: "acct_secret", itemId: "item_secret", attempt: "one" } },
      { id: "wake-no-attempts", body: { type: "webhook.deliver", deliveryId: "whd_secret" } },
    ]);
    expect(result.explicitAcks.sort()).toStrictEqual(["run-no-item", "run-text-attempt", "wake-no-attempts"]);
    expect(result.retryMessages).toStrictEqual([]);
    const lines = logged.mock.calls.map(([text]) => JSON.parse(String(text)) as Record<string, unknown>);
    expect(lines.map((line) => [line.event, line.id, line.type, line.fields])).toStrictEqual([
      ["message_malformed", "run-no-item", "item.run", "itemId"],
      ["message_malformed", "run-text-attempt", "item.run", "attempt"],
      ["message_malformed", "wake-no-attempts", "webhook.deliver", "attempts"],
    ]);
    for (const [text] of logged.mock.calls) expect(String(text)).not.toMatch(/secret/);
  });

  it("hands a known message to its handler with the services, then acks it", async () => {
    const seen: unknown[] = [];
    register("test.ok", async (body, services) => {
      seen.push(body);
      expect(services.db).toBeDefined();
      expect(services.config.environment).toBe("test");
    });
    const result = await deliver(GENERATION_QUEUE, [{ id: "m1", body: { type: "test.ok", itemId: "item_1" } }]);
    expect(seen).toStrictEqual([{ type: "test.ok", itemId: "item_1" }]);
    expect(result.explicitAcks).toStrictEqual(["m1"]);
    expect(result.retryMessages).toStrictEqual([]);
  });

  it("retries a message whose handler throws, with a delay growing with its attempts, and handles the rest of the batch", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    register("test.fails", async () => {
      throw new Error("upstream down");
    });
    register("test.ok", async () => {});
    const result = await deliver(GENERATION_QUEUE, [
      { id: "first-try", body: { type: "test.fails" }, attempts: 1 },
      { id: "fine", body: { type: "test.ok" } },
      { id: "third-try", body: { type: "test.fails" }, attempts: 3 },
      { id: "many-tries", body: { type: "test.fails" }, attempts: 30 },
    ]);
    expect(result.explicitAcks).toStrictEqual(["fine"]);
    expect(result.retryMessages.map((m) => m.msgId)).toStrictEqual(["first-try", "third-try", "many-tries"]);
    expect(result.retryBatch.retry).toBe(false);
    expect(result.ackAll).toBe(false);
  });

  it("asks for the backoff delay on each retry", async () => {
    // getQueueResult does not report delays, so this batch records what the dispatcher asks for.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    register("test.fails", async () => {
      throw new Error("upstream down");
    });
    const calls: [string, string, unknown][] = [];
    const message = (id: string, attempts: number) => ({
      id,
      attempts,
      timestamp: new Date(),
      body: { type: "test.fails" },
      ack: () => calls.push([id, "ack", undefined]),
      retry: (options?: QueueRetryOptions) => calls.push([id, "retry", options]),
    });
    const batch = { queue: GENERATION_QUEUE, messages: [message("a", 1), message("b", 3), message("c", 30)], ackAll() {}, retryAll() {} };
    await handleQueueBatch(batch as unknown as MessageBatch<unknown>, testServices());
    expect(calls).toStrictEqual([
      ["a", "retry", { delaySeconds: 10 }],
      ["b", "retry", { delaySeconds: 40 }],
      ["c", "retry", { delaySeconds: 900 }],
    ]);
  });

  it("acks and logs what reaches the dead-letter queue without running handlers", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = vi.fn(async () => {});
    register("test.dead", handler);
    const result = await deliver(DEAD_LETTER_QUEUE, [{ id: "dead-1", body: { type: "test.dead", siteId: "site_1" }, attempts: 6 }]);
    expect(result.explicitAcks).toStrictEqual(["dead-1"]);
    expect(handler).not.toHaveBeenCalled();
    const line = JSON.parse(String(logged.mock.calls[0]![0])) as Record<string, unknown>;
    // Ids, never bodies: a message may carry an article or a secret (hardening issue).
    expect(line).toStrictEqual({ level: "error", event: "message_dead_lettered", id: "dead-1", type: "test.dead", attempts: 6 });
  });
});

describe("backoffSeconds", () => {
  it("doubles from 10 s and stops at 15 minutes", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 100].map(backoffSeconds)).toStrictEqual([10, 10, 20, 40, 80, 160, 320, 640, 900, 900]);
  });
});
