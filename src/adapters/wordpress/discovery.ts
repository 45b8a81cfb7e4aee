import { defaultApiRoot, WordPressClient, type WordPressClientOptions } from "./client";
import { isWordPressFailure, WordPressError } from "./errors";
import type { WpUser } from "./schemas";
import { exchange, type Transport } from "./transport";

export interface VerifiedWordPress {
  /** The REST root that answered (store it; later calls start from it). */
  apiRoot: string;
  user: WpUser;
}

const API_LINK_HEADER = /<([^>]+)>\s*;\s*rel="?https:\/\/api\.w\.org\/"?/i;
const API_LINK_TAG = /<link\b[^>]*\brel=["']https:\/\/api\.w\.org\/["'][^>]*>/i;
const HREF = /\bhref=["']([^"']+)["']/i;

/**
 * Finds the site's REST API and checks the credentials with `GET wp/v2/users/me`. Tries
 * `<url>/wp-json/` first; when nothing WordPress answers there, asks the home page for the
 * discovery link (a site without pretty permalinks has `?rest_route=/`). Throws WordPressError:
 * `not_wordpress` when no REST API is found, `credentials_rejected` on 401.
 */
export async function verifyWordPressSite(options: Omit<WordPressClientOptions, "apiRoot">): Promise<VerifiedWordPress> {
  try {
    return await new WordPressClient(options).verifyCredentials();
  } catch (error) {
    if (!isWordPressFailure(error, "not_wordpress")) throw error;
  }
  const discovered = await discoverApiRoot(options, options.baseUrl);
  if (!discovered || discovered === defaultApiRoot(options.baseUrl)) {
    throw new WordPressError("not_wordpress", "No WordPress REST API was found at this address");
  }
  return new WordPressClient({ ...options, apiRoot: discovered }).verifyCredentials();
}

/** The REST root announced by a page (`Link: <…>; rel="https://api.w.org/"`, or the same as an HTML link tag). */
export async function discoverApiRoot(transport: Transport, pageUrl: string): Promise<string | null> {
  let answer: Awaited<ReturnType<typeof exchange>>;
  try {
    answer = await exchange(transport, pageUrl, { method: "GET", headers: { Accept: "text/html" } });
  } catch (error) {
    if (error instanceof WordPressError && error.failure !== "timeout") return null;
    throw error;
  }
  const fromHeader = API_LINK_HEADER.exec(answer.response.headers.get("Link") ?? "")?.[1];
  const fromTag = HREF.exec(API_LINK_TAG.exec(answer.text)?.[0] ?? "")?.[1];
  const found = fromHeader ?? fromTag?.replace(/&amp;/g, "&");
  if (!found) return null;
  try {
    return new URL(found, answer.url).toString();
  } catch {
    return null;
  }
}
