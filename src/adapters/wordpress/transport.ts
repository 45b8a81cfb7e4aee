import { errorFields, log } from "../../core/logger";
import { WordPressError } from "./errors";

/** How the WordPress client reaches the network; everything injectable so tests hand in a fake. */
export interface Transport {
  fetch: typeof fetch;
  timeoutMs: number;
  /** The outbound URL rule (src/core/outbound-url.ts); throws to refuse a URL. */
  checkUrl: (url: string) => void;
}

export interface Exchange {
  response: Response;
  /** The body, read within the same time limit as the request. */
  text: string;
  /** The URL that finally answered (after redirects). */
  url: string;
}

const MAX_REDIRECTS = 3;

/**
 * One HTTP exchange with a user's site. Every URL, redirect targets included, passes the outbound
 * URL check (so a redirect cannot lead us into a private network); redirects are followed for
 * reads only; the whole exchange, body included, ends after `timeoutMs` with a 504.
 */
export async function exchange(transport: Transport, url: string, init: RequestInit): Promise<Exchange> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new WordPressError("timeout", `The site ${new URL(url).host} did not answer within ${transport.timeoutMs / 1000} s`));
    }, transport.timeoutMs);
  });
  try {
    return await Promise.race([followRedirects(transport, url, { ...init, signal: controller.signal, redirect: "manual" }), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function followRedirects(transport: Transport, firstUrl: string, init: RequestInit): Promise<Exchange> {
  let url = firstUrl;
  for (let hop = 0; ; hop += 1) {
    checkOutbound(transport, url);
    let response: Response;
    try {
      response = await transport.fetch(url, init);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      log("warn", "wordpress_unreachable", { host: new URL(url).host, ...errorFields(error) });
      throw new WordPressError("unreachable", `Could not reach the site ${new URL(url).host}`);
    }
    const location = response.headers.get("Location");
    if (response.status < 300 || response.status > 399 || !location) {
      return { response, text: await response.text(), url };
    }
    await response.body?.cancel();
    const method = (init.method ?? "GET").toUpperCase();
    const target = new URL(location, url).toString();
    if (method !== "GET" && method !== "HEAD") {
      throw new WordPressError(
        "refused",
        `The site redirected a ${method} request to ${new URL(target).origin}; connect the site again with that address`,
      );
    }
    if (hop >= MAX_REDIRECTS) throw new WordPressError("not_wordpress", `The site redirected more than ${MAX_REDIRECTS} times`);
    url = target;
  }
}

function checkOutbound(transport: Transport, url: string): void {
  try {
    transport.checkUrl(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "not allowed";
    throw new WordPressError("refused", `Refusing to call ${new URL(url).origin}: ${reason}`);
  }
}
