import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createAccountWithToken } from "../src/accounts/service";
import { createApp } from "../src/app";
import { withOAuth } from "../src/oauth/provider";
import { articlesChanged } from "../src/articles/content-version";
import { parseConfig } from "../src/config";
import { AppError } from "../src/core/errors";
import { newId } from "../src/core/ids";
import { createDb } from "../src/db/client";
import { existingPosts, sites, type TokenScope } from "../src/db/schema";
import type { Env } from "../src/env";
import { buildServices, type ServiceOverrides, type Services } from "../src/services/container";
import { createToken } from "../src/tokens/service";
import { createArticle, type NewArticle } from "./factories";
import { fakeNetwork } from "./fakes/network";

export const BASE = "https://api.test";
export const testEnv = env as unknown as Env;
export const db = () => createDb(testEnv.DB);

/** A message a test's code sent to a queue, with its delay. */
export interface SentMessage {
  body: Record<string, unknown>;
  delaySeconds: number;
}

/** A queue that keeps what is sent instead of running a consumer, so a test drives the consumer itself. */
export function recordingQueue(): { queue: Queue<unknown>; sent: SentMessage[] } {
  const sent: SentMessage[] = [];
  const queue = {
    send: async (body: unknown, options?: QueueSendOptions) =>
      void sent.push({ body: body as Record<string, unknown>, delaySeconds: options?.delaySeconds ?? 0 }),
    sendBatch: async (messages: Iterable<MessageSendRequest<unknown>>) => {
      for (const message of messages) sent.push({ body: message.body as Record<string, unknown>, delaySeconds: message.delaySeconds ?? 0 });
    },
  } as unknown as Queue<unknown>;
  return { queue, sent };
}

/**
 * The webhook queue of every test: wake-ups are recorded here, never consumed in the
 * background (tests call deliverFromQueue with them), so no delivery races a test's assertions.
 */
export let webhookQueue = recordingQueue();

/**
 * The search queue of every test (sync steps, IndexNow, refreshes): recorded, never consumed in
 * the background; a test hands what it wants run to the dispatcher or the handler itself.
 */
export let searchQueue = recordingQueue();

// Until a test hands in its fakes, no host answers: an outbound call fails like an unreachable
// host and never reaches the network (STYLE: a fetch that fails on any host no fake answers).
// The end-to-end tests' real WordPress on loopback (WP_URL) is the one exception.
const wordPressPeer = (env as { WP_URL?: string }).WP_URL ? new URL((env as { WP_URL: string }).WP_URL).origin : null;
const noNetwork: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  if (wordPressPeer && new URL(request.url).origin === wordPressPeer) return fetch(request);
  return fakeNetwork()(request);
};
const defaultOverrides = (): ServiceOverrides => ({
  fetch: noNetwork,
  queues: { generation: testEnv.GENERATION_QUEUE, webhooks: webhookQueue.queue, search: searchQueue.queue },
});
let overrides: ServiceOverrides = defaultOverrides();

// Each test calls from an address of its own (198.18.0.0/15, the benchmarking range), so the
// failure windows counted per address start empty for it, as for a new client: the files of a
// Vitest worker share one Durable Object store. A test that sets CF-Connecting-IP keeps its own.
let addressCounter = 0;
let clientAddress = nextClientAddress();
function nextClientAddress(): string {
  addressCounter += 1;
  return `198.${18 + ((addressCounter >> 16) & 1)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** test/setup.ts calls this after every test, so no fake outlives its test. */
export function resetServices(): void {
  webhookQueue = recordingQueue();
  searchQueue = recordingQueue();
  overrides = defaultOverrides();
  clientAddress = nextClientAddress();
}

/**
 * Hands the Worker's services these fakes (the outside world: `fetch`, Workers AI, the retry
 * clock) until the end of the current test.
 */
export function useServices(next: ServiceOverrides): void {
  overrides = withOverrides(overrides, next);
}

/** Every outbound call of the Worker (user sites, providers, PayTR) goes to `fetch` until the end of the test. */
export function useFakeFetch(fetch: typeof globalThis.fetch): void {
  useServices({ fetch });
}

/** The Worker sees these vars (over the test bindings) until the end of the test. */
export function useVars(vars: Partial<Env>): void {
  useServices({ config: parseConfig({ ...testEnv, ...vars }) });
}

/** The services a request of this test sees; for calling area functions, the queue consumer or the cron tick directly. */
export function testServices(extra: ServiceOverrides = {}): Services {
  return buildServices(testEnv, withOverrides(overrides, extra));
}

/** Later overrides win; a queue handed in replaces only that queue. */
function withOverrides(base: ServiceOverrides, next: ServiceOverrides): ServiceOverrides {
  return { ...base, ...next, queues: { ...base.queues, ...next.queues } };
}

const app = createApp({ services: (env) => buildServices(env, overrides) });
// As the Worker serves it: the OAuth provider in front of the app (src/oauth/provider.ts).
const worker = { fetch: withOAuth(app) };

let counter = 0;

/** A fresh account with its first `manage` token; every test seeds its own. */
export async function seedAccount(options: { creditKurus?: number } = {}) {
  counter += 1;
  const email = `owner-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { account, secret, memberId, userId } = await createAccountWithToken(db(), {
    email,
    signupCreditKurus: options.creditKurus ?? 10_000,
    now: new Date(),
  });
  return { account, accountId: account.id, token: secret, memberId, userId, email };
}

export async function seedToken(accountId: string, scope: TokenScope = "manage", now = new Date()) {
  const { secret, row } = await createToken(db(), { accountId, name: `token ${scope}`, scope, now });
  return { token: secret, row };
}

/** Stores an article like the service's writers do: the row, then the account's public content version moves on. */
export async function seedArticle(accountId: string, input: Partial<NewArticle> = {}, now?: Date) {
  const article = await createArticle(db(), accountId, { title: "An article", html: "<p>Some text.</p>", ...input }, now);
  await articlesChanged({ accountState: testEnv.ACCOUNT_STATE, d1: testEnv.DB }, accountId);
  return article;
}

/** A site row of the account, inserted directly (no platform is called); `url` defaults to a name that is never fetched. */
export async function seedSite(accountId: string, fields: Partial<typeof sites.$inferInsert> = {}) {
  const [site] = await db()
    .insert(sites)
    .values({
      id: newId("site"),
      accountId,
      platform: "custom",
      url: `https://site-${newId("site").slice(5, 13).toLowerCase()}.invalid`,
      ...fields,
    })
    .returning();
  return site!;
}

/** A site's existing posts, as a sync would have stored them. */
export async function seedExistingPosts(accountId: string, siteId: string, posts: { title: string; url: string }[]) {
  if (posts.length === 0) return;
  await db()
    .insert(existingPosts)
    .values(
      posts.map((post, i) => ({
        id: newId("post"),
        accountId,
        siteId,
        remoteId: i + 1,
        title: post.title,
        url: post.url,
        wordCount: 500,
        syncId: "seeded",
      })),
    );
}

/** Calls the Worker's HTTP surface like a client would, and waits for its after-response work. */
export function call(path: string, init: RequestInit & { token?: string; json?: unknown; vars?: Partial<Env> } = {}): Promise<Response> {
  return callAt(BASE, path, init);
}

/** `call`, on another origin than BASE: a plain-http host, a second custom domain. */
export async function callAt(
  origin: string,
  path: string,
  init: RequestInit & { token?: string; json?: unknown; vars?: Partial<Env> } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", clientAddress);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  const ctx = createExecutionContext();
  // `vars` reach what runs in front of the app (the OAuth paths read their configuration from env).
  const env = init.vars ? { ...testEnv, ...init.vars } : testEnv;
  const response = await worker.fetch(new Request(origin + path, { ...init, headers, body }), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export async function expectError(response: Response, status: number, code?: string) {
  const body = (await response.json()) as { success: boolean; statusCode: number; message: string; code: string };
  if (
    response.status !== status ||
    body.statusCode !== status ||
    body.success !== false ||
    typeof body.message !== "string" ||
    (code && body.code !== code)
  ) {
    throw new Error(`expected error ${status}${code ? ` ${code}` : ""}, got ${response.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

/** The AppError a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}
