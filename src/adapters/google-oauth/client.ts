import type { GoogleConfig } from "../../config";
import type { GoogleOAuth } from "./port";

// STUB: replaced by the real client.
export function createGoogleOAuthClient(_deps: { google: GoogleConfig; fetch: typeof fetch; timeoutMs: number }): GoogleOAuth {
  throw new Error("not built yet");
}
