import { base64ToBytes, bytesToBase64, timingSafeEqualText } from "../core/crypto";

/** PBKDF2-SHA256 iterations: the most the Workers runtime's WebCrypto allows. */
export const PBKDF2_ITERATIONS = 100_000;
export const MIN_PASSWORD_LENGTH = 10;

/**
 * Passwords are hashed in Unicode NFC, so "é" typed as one code point or as e + accent (one
 * keyboard or another) is the same password.
 */
const normalized = (password: string) => password.normalize("NFC");

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256));
}

/** `pbkdf2-sha256$100000$<salt>$<hash>` (base64), with a fresh 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${bytesToBase64(salt)}$${bytesToBase64(await derive(normalized(password), salt, PBKDF2_ITERATIONS))}`;
}

/**
 * Whether `password` is the one `stored` was made from; compared in constant time. A hash made
 * before passwords were normalised was made from the password as typed: a password that NFC
 * changes is also tried as typed, so those keep working.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || !iterations || !salt || !hash) return false;
  const matches = async (candidate: string) =>
    timingSafeEqualText(bytesToBase64(await derive(candidate, base64ToBytes(salt), Number(iterations))), hash);
  if (await matches(normalized(password))) return true;
  return normalized(password) !== password && (await matches(password));
}

/**
 * Spends the time a verification takes when there is no account to verify against, so an
 * unknown email answers as slowly as a wrong password.
 */
export async function verifyNothing(password: string): Promise<false> {
  await derive(password, new Uint8Array(16), PBKDF2_ITERATIONS);
  return false;
}
