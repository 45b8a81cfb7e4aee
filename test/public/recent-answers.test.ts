import { describe, expect, it } from "vitest";
import { RecentAnswers } from "../../src/public/recent-answers";

const answer = (chars: number) => ({ body: "x".repeat(chars), contentType: "" });

describe("RecentAnswers (issue 18, item 11): bounded by bytes, least recently used evicted first", () => {
  it("evicts the least recently used answers once the bodies pass the byte budget", () => {
    const recent = new RecentAnswers(1000, 1000);
    recent.set("a", answer(200)); // 400 bytes
    recent.set("b", answer(200));
    expect(recent.get("a")).toBeDefined(); // a is now the most recent
    recent.set("c", answer(200)); // 1200 bytes: b, the least recently used, goes
    expect(recent.get("b")).toBeUndefined();
    expect(recent.get("a")).toBeDefined();
    expect(recent.get("c")).toBeDefined();
    expect(recent.usedBytes).toBe(800);
  });

  it("never keeps an answer larger than its limit, and replacing a key frees the old body", () => {
    const recent = new RecentAnswers(10_000, 1000);
    recent.set("big", answer(501));
    expect(recent.size).toBe(0);
    recent.set("k", answer(400));
    recent.set("k", answer(100));
    expect(recent.usedBytes).toBe(200);
    // Many small answers: the count is not the bound, the bytes are.
    for (let i = 0; i < 1000; i++) recent.set(`n${i}`, answer(10));
    expect(recent.usedBytes).toBeLessThanOrEqual(10_000);
    expect(recent.size).toBe(500);
  });
});
