import { base64ToBytes } from "../../core/crypto";
import { ProviderError } from "../provider-error";

/** The picture a provider sent as base64; an empty or undecodable string is `invalid_output`. */
export function imageBytesFromBase64(base64: string, provider: string): Uint8Array {
  let bytes: Uint8Array;
  try {
    // Some encoders wrap lines; atob rejects whitespace.
    bytes = base64ToBytes(base64.replace(/\s+/g, ""));
  } catch {
    throw new ProviderError("invalid_output", provider, `${provider} answered with an image that is not valid base64`);
  }
  if (bytes.length === 0) throw new ProviderError("invalid_output", provider, `${provider} answered with an empty image`);
  return bytes;
}
