/** The ENCRYPTION_KEY secret that seals stored credentials; its absence is a deployment fault (a 500). */
export function requireEncryptionKey(key: string | undefined): string {
  if (!key) throw new Error("ENCRYPTION_KEY is not set; credentials cannot be stored or read");
  return key;
}
