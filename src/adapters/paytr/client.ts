import { z } from "zod";
import { AppError } from "../../core/errors";
import { log } from "../../core/logger";
import { encodeBasket, paytrToken, verifyPaytrCallback, type TokenFields } from "./hash";
import type { Checkout, CheckoutRequest, PaymentProvider, PaytrCredentials } from "./port";

export const PAYTR_BASE_URL = "https://www.paytr.com";

export interface PaytrClientOptions {
  credentials: PaytrCredentials;
  testMode: boolean;
  fetch: typeof fetch;
  timeoutMs: number;
}

// Parsed loosely: PayTR adds fields over time; only `status` decides.
const GetTokenReplySchema = z.object({ status: z.string(), token: z.string().min(1).optional(), reason: z.string().optional() });

// We ask for neither address nor phone; PayTR's sample always sends these fields.
const UNKNOWN_ADDRESS = "Not provided";
const UNKNOWN_PHONE = "0000000000";

/** PayTR's iFrame API: get-token on checkout, hash check on callback. */
export function createPaytrClient(options: PaytrClientOptions): PaymentProvider {
  return {
    name: "paytr",
    testMode: options.testMode,

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const signed: TokenFields = {
        merchant_id: options.credentials.merchantId,
        user_ip: request.userIp,
        merchant_oid: request.merchantOid,
        email: request.email,
        payment_amount: String(request.amountKurus),
        user_basket: encodeBasket(request.basket),
        no_installment: "1",
        max_installment: "0",
        currency: "TL",
        test_mode: options.testMode ? "1" : "0",
      };
      const form = new URLSearchParams({
        ...signed,
        paytr_token: await paytrToken(options.credentials, signed),
        user_name: request.userName,
        user_address: UNKNOWN_ADDRESS,
        user_phone: UNKNOWN_PHONE,
        merchant_ok_url: request.okUrl,
        merchant_fail_url: request.failUrl,
        timeout_limit: "30",
        debug_on: options.testMode ? "1" : "0",
      });
      const reply = GetTokenReplySchema.safeParse(await postForm(options, "/odeme/api/get-token", form));
      if (!reply.success || reply.data.status !== "success" || !reply.data.token) {
        const reason = reply.success ? reply.data.reason : "unexpected reply";
        log("error", "paytr_get_token_failed", { merchantOid: request.merchantOid, reason });
        throw new AppError("payment_provider_error", "PayTR refused to create the payment page; the reason is in the server log");
      }
      return { paymentToken: reply.data.token, iframeUrl: `${PAYTR_BASE_URL}/odeme/guvenli/${reply.data.token}` };
    },

    verifyNotification: (fields) => verifyPaytrCallback(options.credentials, fields),
  };
}

async function postForm(options: PaytrClientOptions, path: string, form: URLSearchParams): Promise<unknown> {
  let response: Response;
  try {
    response = await options.fetch(PAYTR_BASE_URL + path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: form,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new AppError("payment_provider_timeout", `PayTR did not answer within ${Math.round(options.timeoutMs / 1000)} s; please retry`);
    }
    log("error", "paytr_unreachable", { path, error: String(error) });
    throw new AppError("payment_provider_error", "PayTR could not be reached; please retry");
  }
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    log("error", "paytr_unexpected_reply", { path, status: response.status, body: text.slice(0, 500) });
    throw new AppError("payment_provider_error", `PayTR answered with HTTP ${response.status} and no JSON; please retry`);
  }
}
