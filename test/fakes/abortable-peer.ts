import type { FakePeer } from "./network";

/**
 * A fake peer served by a Hono app whose answer loses the race to the request's abort signal,
 * as a real fetch does, so a fake that never answers exercises the caller's timeout.
 */
export function abortablePeer(host: string, app: { fetch: (request: Request) => Response | Promise<Response> }): FakePeer {
  return {
    host,
    handle(request) {
      const aborted = new Promise<never>((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener("abort", () => reject(request.signal.reason));
      });
      return Promise.race([Promise.resolve(app.fetch(request)), aborted]);
    },
  };
}
