import { fakeNetwork, type FakePeer } from "./network";

/** What the receiver does with one request: answer with that status, never answer, or be unreachable. */
export type ReceiverAnswer = number | "hang" | "unreachable";

export interface ReceivedWebhook {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The raw body, as the bytes arrived. */
  body: string;
}

export const WEBHOOK_HOST = "127.0.0.1:8999";
export const WEBHOOK_URL = `http://${WEBHOOK_HOST}/hooks/autopilot`;

/**
 * A custom site's webhook endpoint: it records every request and answers `answers` in turn (the
 * last one repeats). "hang" never answers (the caller's timeout ends it), "unreachable" fails
 * like a refused connection. Hand `fetch` to the Worker with useFakeFetch.
 */
export function fakeWebhookReceiver(answers: ReceiverAnswer[] = [200]) {
  const received: ReceivedWebhook[] = [];
  let count = 0;
  const peer: FakePeer = {
    host: WEBHOOK_HOST,
    async handle(request) {
      const answer = answers[Math.min(count, answers.length - 1)]!;
      count += 1;
      // What workerd's fetch throws when nothing listens at the address.
      if (answer === "unreachable") throw new Error("internal error; reference = 6q2tlnh2kvbcpakbfmd5f6ht");
      received.push({ url: request.url, method: request.method, headers: Object.fromEntries(request.headers), body: await request.text() });
      if (answer === "hang") {
        return new Promise<Response>((_, reject) => {
          if (request.signal.aborted) reject(request.signal.reason);
          request.signal.addEventListener("abort", () => reject(request.signal.reason));
        });
      }
      const redirect = answer >= 300 && answer < 400 ? { Location: "http://127.0.0.1:8999/elsewhere" } : undefined;
      return new Response(answer === 204 || (answer >= 300 && answer < 400) ? null : answer < 300 ? "ok" : `receiver says ${answer}`, {
        status: answer,
        headers: redirect,
      });
    },
  };
  return { url: WEBHOOK_URL, received, fetch: fakeNetwork(peer) };
}
