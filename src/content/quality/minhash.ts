import { shinglesOf } from "./shingles";

// The similarity of an article to the site's other pages is their 5-word-shingle Jaccard. A site
// has thousands of pages, and the texts of its existing posts are not kept, so each page keeps a
// MinHash signature instead (computed when it is synced or written): the share of equal slots of
// two signatures estimates the Jaccard of their shingle sets within about ±0.045 (one standard
// error at 0.5 with 128 slots), and a signature is 768 characters whatever the text's length.

export const SIGNATURE_SLOTS = 128;

/** 32-bit FNV-1a of a shingle. */
function hashShingle(shingle: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < shingle.length; i++) {
    hash ^= shingle.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A 32-bit mix (murmur3's finaliser) of a hash and a slot's seed: one independent permutation per slot. */
function mix(hash: number, seed: number): number {
  let h = (hash ^ seed) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const SEEDS = Uint32Array.from({ length: SIGNATURE_SLOTS }, (_, slot) => mix(slot + 1, 0x9e3779b9));

/** The MinHash signature of a text's shingles; null when the text has fewer than five words. */
export function signatureOf(text: string): Uint32Array | null {
  const shingles = shinglesOf(text);
  if (shingles.size === 0) return null;
  const signature = new Uint32Array(SIGNATURE_SLOTS).fill(0xffffffff);
  for (const shingle of shingles) {
    const hash = hashShingle(shingle);
    for (let slot = 0; slot < SIGNATURE_SLOTS; slot++) {
      const value = mix(hash, SEEDS[slot]!);
      if (value < signature[slot]!) signature[slot] = value;
    }
  }
  return signature;
}

/** The estimated Jaccard of the two texts behind the signatures (0–1). */
export function estimatedJaccard(a: Uint32Array, b: Uint32Array): number {
  let equal = 0;
  for (let slot = 0; slot < SIGNATURE_SLOTS; slot++) if (a[slot] === b[slot]) equal++;
  return equal / SIGNATURE_SLOTS;
}

// Stored as text: each slot as 6 characters of a 64-letter alphabet, most significant first (768
// characters). Two stored signatures compare slot by slot on their characters, with no decoding:
// at thousands of pages per score, decoding was most of the cost.
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const SLOT_CHARS = 6;
const STORED_LENGTH = SIGNATURE_SLOTS * SLOT_CHARS;

/** A signature as stored. */
export function encodeSignature(signature: Uint32Array): string {
  let text = "";
  for (const value of signature) {
    for (let shift = 30; shift >= 0; shift -= 6) text += ALPHABET[(value >>> shift) & 63];
  }
  return text;
}

/** A stored signature read back; null when it is not one. */
export function decodeSignature(stored: string | null): Uint32Array | null {
  if (!stored || stored.length !== STORED_LENGTH) return null;
  const signature = new Uint32Array(SIGNATURE_SLOTS);
  for (let slot = 0; slot < SIGNATURE_SLOTS; slot++) {
    let value = 0;
    for (let i = 0; i < SLOT_CHARS; i++) {
      const digit = ALPHABET.indexOf(stored[slot * SLOT_CHARS + i]!);
      if (digit < 0) return null;
      value = value * 64 + digit;
    }
    signature[slot] = value >>> 0;
  }
  return signature;
}

/** The estimated Jaccard of two stored signatures, compared on their characters; 0 when either is not one. */
export function storedJaccard(a: string, b: string): number {
  if (a.length !== STORED_LENGTH || b.length !== STORED_LENGTH) return 0;
  let equal = 0;
  for (let start = 0; start < STORED_LENGTH; start += SLOT_CHARS) {
    let same = true;
    for (let i = start; i < start + SLOT_CHARS; i++) {
      if (a.charCodeAt(i) !== b.charCodeAt(i)) {
        same = false;
        break;
      }
    }
    if (same) equal++;
  }
  return equal / SIGNATURE_SLOTS;
}

/** The stored signature of a text, or null for a text too short to have one. */
export function storedSignatureOf(text: string): string | null {
  const signature = signatureOf(text);
  return signature ? encodeSignature(signature) : null;
}

/** The highest estimated Jaccard of a text against stored signatures (0–1, three decimals). */
export function highestEstimatedSimilarity(text: string, stored: readonly (string | null)[]): number {
  const own = storedSignatureOf(text);
  if (!own) return 0;
  let best = 0;
  for (const entry of stored) if (entry) best = Math.max(best, storedJaccard(own, entry));
  return Math.round(best * 1000) / 1000;
}
