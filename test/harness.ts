import { env, exports } from "cloudflare:workers";
import { AppError } from "../src/core/errors";
import { createAccount } from "../src/accounts/service";
import { createArticle, type NewArticle } from "../src/articles/service";
import { createDb } from "../src/db/client";
import type { TokenScope } from "../src/db/schema";
import { createToken } from "../src/tokens/service";

export const BASE = "https://api.test";
export const testEnv = env as unknown as import("../src/env").Env;
export const db = () => createDb(testEnv.DB);

let counter = 0;

/** A fresh account with its first `manage` token; every test seeds its own. */
export async function seedAccount(options: { creditKurus?: number } = {}) {
  counter += 1;
  const email = `owner-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { account, secret } = await createAccount(db(), { email, signupCreditKurus: options.creditKurus ?? 10_000, now: new Date() });
  return { account, accountId: account.id, token: secret };
}

export async function seedToken(accountId: string, scope: TokenScope = "manage", now = new Date()) {
  const { secret, row } = await createToken(db(), { accountId, name: `token ${scope}`, scope, now });
  return { token: secret, row };
}

export async function seedArticle(accountId: string, input: Partial<NewArticle> = {}, now?: Date) {
  return createArticle(db(), accountId, { title: "An article", html: "<p>Some text.</p>", ...input }, now);
}

/** Calls the Worker like a client would. */
export function call(path: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return (exports as any).default.fetch(new Request(BASE + path, { ...init, headers, body }));
}

export async function expectError(response: Response, status: number, code?: string) {
  const body = (await response.json()) as { success: boolean; statusCode: number; message: string; code: string };
  if (response.status !== status || body.statusCode !== status || body.success !== false || typeof body.message !== "string" || (code && body.code !== code)) {
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
