import { describe, expect, it } from "vitest";
import {
  decodeSignature,
  encodeSignature,
  highestEstimatedSimilarity,
  SIGNATURE_SLOTS,
  signatureOf,
  storedJaccard,
  storedSignatureOf,
} from "../../../src/content/quality/minhash";
import { jaccard, shinglesOf } from "../../../src/content/quality/shingles";

// Distinct words, so every 5-word shingle is distinct and the Jaccard is easy to work out.
const words = (from: number, count: number) => Array.from({ length: count }, (_, i) => `w${from + i}`).join(" ");

describe("MinHash signatures", () => {
  it("round-trip through their stored form (768 characters)", () => {
    const signature = signatureOf(words(0, 300))!;
    const stored = encodeSignature(signature);
    expect(stored).toHaveLength(SIGNATURE_SLOTS * 6);
    expect(decodeSignature(stored)).toEqual(signature);
    expect(decodeSignature("not a signature")).toBeNull();
    expect(storedSignatureOf("four words only here")).toBeNull();
  });

  it("estimate the Jaccard of the shingle sets within a few hundredths", () => {
    // a: words 0–999 (996 shingles); b: words 500–1499. Shared: words 500–999, 496 shingles;
    // union 996 + 996 − 496 = 1496: Jaccard 496 / 1496 = 0.3316.
    const a = words(0, 1000);
    const b = words(500, 1000);
    const exact = jaccard(shinglesOf(a), shinglesOf(b));
    expect(exact).toBeCloseTo(496 / 1496, 4);
    const estimate = storedJaccard(storedSignatureOf(a)!, storedSignatureOf(b)!);
    // One standard error at 0.33 with 128 slots is about 0.042; three of them bound the estimate.
    expect(Math.abs(estimate - exact)).toBeLessThan(0.13);
    expect(storedJaccard(storedSignatureOf(a)!, storedSignatureOf(a)!)).toBe(1);
    expect(storedJaccard(storedSignatureOf(a)!, storedSignatureOf(words(5000, 1000))!)).toBeLessThan(0.05);
  });

  it("give a text's highest resemblance among stored pages, skipping pages without one", () => {
    const article = words(0, 400);
    const stored = [null, storedSignatureOf(words(10_000, 400)), storedSignatureOf(article), "garbage"];
    expect(highestEstimatedSimilarity(article, stored)).toBe(1);
    expect(highestEstimatedSimilarity(article, [storedSignatureOf(words(10_000, 400))])).toBeLessThan(0.05);
    expect(highestEstimatedSimilarity("too short", stored)).toBe(0);
  });
});
