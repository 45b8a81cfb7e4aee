import type { RateLimiter } from "./durable-objects/rate-limiter";
import { parseTryToKurus } from "./core/money";

/** Every binding, var and secret the Worker uses (wrangler.toml declares the bindings). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  IMAGES: ImagesBinding;
  GENERATION_QUEUE: Queue<unknown>;
  WEBHOOK_QUEUE: Queue<unknown>;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  ENVIRONMENT: string;
  ALLOW_PRIVATE_URLS: string;
  SIGNUP_CREDIT_TRY: string;
  PUBLIC_BASE_URL?: string;
  ADMIN_TOKEN?: string;
  ENCRYPTION_KEY?: string;
}

/** The typed view of the string vars; parsed per request, never at module load. */
export interface Config {
  environment: string;
  allowPrivateUrls: boolean;
  signupCreditKurus: number;
  publicBaseUrl: string | null;
}

export function parseConfig(env: Env): Config {
  const signupCreditKurus = parseTryToKurus(env.SIGNUP_CREDIT_TRY ?? "0");
  if (signupCreditKurus === null) throw new Error(`SIGNUP_CREDIT_TRY is not an amount: ${env.SIGNUP_CREDIT_TRY}`);
  return {
    environment: env.ENVIRONMENT ?? "production",
    allowPrivateUrls: env.ALLOW_PRIVATE_URLS === "true",
    signupCreditKurus,
    publicBaseUrl: env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, "") : null,
  };
}
