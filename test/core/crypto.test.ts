import { describe, expect, it } from "vitest";
import {
  decryptSecret,
  encryptSecret,
  hmacSha256,
  bytesToHex,
  randomBase62,
  randomHex,
  sha256Hex,
  timingSafeEqualText,
  base64ToBytes,
  bytesToBase64,
} from "../../src/core/crypto";

const KEY = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
const OTHER_KEY = bytesToBase64(new Uint8Array(32).fill(7));

/** Flips one bit of the base64 part `index` (1 = iv, 2 = ciphertext) of a sealed secret. */
function tamper(sealed: string, index: 1 | 2): string {
  const parts = sealed.split(".");
  const bytes = base64ToBytes(parts[index]!);
  bytes[0]! ^= 1;
  parts[index] = bytesToBase64(bytes);
  return parts.join(".");
}

describe("encryptSecret / decryptSecret", () => {
  it("round-trips text, including empty and non-ASCII text", async () => {
    for (const plain of ["wp-app-password abcd efgh", "", "şifre: İstanbul'da ğüç 🔐", "x".repeat(10_000)]) {
      expect(await decryptSecret(KEY, await encryptSecret(KEY, plain))).toBe(plain);
    }
  });

  it("seals as v1.<iv>.<ciphertext> with a fresh IV each time, never containing the plaintext", async () => {
    const one = await encryptSecret(KEY, "same secret");
    const two = await encryptSecret(KEY, "same secret");
    expect(one).toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(base64ToBytes(one.split(".")[1]!)).toHaveLength(12);
    expect(one).not.toBe(two);
    expect(one).not.toContain("same secret");
  });

  it("detects tampering with the ciphertext or the IV, and a wrong key", async () => {
    const sealed = await encryptSecret(KEY, "the secret");
    await expect(decryptSecret(KEY, tamper(sealed, 2))).rejects.toThrow();
    await expect(decryptSecret(KEY, tamper(sealed, 1))).rejects.toThrow();
    await expect(decryptSecret(OTHER_KEY, sealed)).rejects.toThrow();
    const [version, iv, data] = sealed.split(".");
    await expect(decryptSecret(KEY, `${version}.${iv}.${data!.slice(0, -8)}`)).rejects.toThrow();
  });

  it("refuses unknown formats and keys that are not 32 bytes", async () => {
    await expect(decryptSecret(KEY, "plaintext")).rejects.toThrow(/format/);
    await expect(decryptSecret(KEY, "v2.AAAA.AAAA")).rejects.toThrow(/format/);
    await expect(decryptSecret(KEY, "v1..")).rejects.toThrow(/format/);
    await expect(encryptSecret(bytesToBase64(new Uint8Array(16)), "x")).rejects.toThrow(/32 bytes/);
  });
});

describe("hashes, HMAC, random text and comparison", () => {
  it("computes SHA-256 and HMAC-SHA256 as the standard vectors say", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(bytesToHex(await hmacSha256("Jefe", "what do ya want for nothing?"))).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("draws base62 and hex text of the asked length, using the whole alphabet", () => {
    const sample = Array.from({ length: 200 }, () => randomBase62(40));
    for (const text of sample) expect(text).toMatch(/^[0-9A-Za-z]{40}$/);
    expect(new Set(sample.join("")).size).toBe(62);
    expect(new Set(sample).size).toBe(200);
    expect(randomHex(32)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("compares text in constant time, equal only when identical", () => {
    expect(timingSafeEqualText("sap_abc", "sap_abc")).toBe(true);
    expect(timingSafeEqualText("sap_abc", "sap_abd")).toBe(false);
    expect(timingSafeEqualText("sap_abc", "sap_ab")).toBe(false);
    expect(timingSafeEqualText("", "x")).toBe(false);
    expect(timingSafeEqualText("", "")).toBe(true);
  });
});
