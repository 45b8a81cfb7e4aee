import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getAccount } from "../accounts/service";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { getPayment, handlePaymentCallback, startLicencePurchase, startTopup, type PaymentStart } from "./payments";
import { notifyPaymentReceived } from "../email/events";
import { recordAudit } from "../audit/audit";
import {
  CheckoutSchema,
  LicenceBodySchema,
  liraNumberToKurus,
  MerchantOidParamSchema,
  PaymentSchema,
  PaytrCallbackFormSchema,
  toPayment,
  TopupBodySchema,
} from "./schemas";

/** Top-ups and licence purchases through the payment provider, and the provider's callback. */
export const billingPaymentRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

async function paymentStart(c: Context<AppEnv>): Promise<PaymentStart> {
  const account = await getAccount(c.get("db"), c.get("caller").accountId);
  return {
    account,
    // Cloudflare sets the client's address; without it (local runs) PayTR would refuse the token anyway.
    userIp: c.req.header("CF-Connecting-IP") ?? "127.0.0.1",
    returnUrl: `${c.get("config").publicBaseUrl ?? new URL(c.req.url).origin}/`,
    now: new Date(),
  };
}

const checkoutResponses = {
  201: jsonContent(CheckoutSchema, "The pending payment and its payment page"),
  ...errorResponses(400, 401, 403, 502, 504),
};

billingPaymentRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "startTopup",
    path: "/billing/topup",
    tags: ["Billing"],
    summary: "Start a credit top-up; the balance grows when the provider confirms the payment",
    request: { body: jsonBody(TopupBodySchema) },
    responses: checkoutResponses,
  }),
  async (c) => {
    const amountKurus = liraNumberToKurus(c.req.valid("json").amountTry)!;
    const config = c.get("config");
    const started = await startTopup(c.get("db"), c.get("services").paymentProvider(), config.billing, {
      ...(await paymentStart(c)),
      amountKurus,
    });
    return c.json(started, 201);
  },
);

billingPaymentRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "buyByokLicence",
    path: "/billing/license",
    tags: ["Billing"],
    summary: "Start buying a BYOK licence; it starts (or extends) when the provider confirms the payment",
    request: { body: jsonBody(LicenceBodySchema) },
    responses: checkoutResponses,
  }),
  async (c) => {
    const config = c.get("config");
    const started = await startLicencePurchase(c.get("db"), c.get("services").paymentProvider(), config.billing, {
      ...(await paymentStart(c)),
      kind: c.req.valid("json").kind,
    });
    return c.json(started, 201);
  },
);

billingPaymentRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getPayment",
    path: "/billing/payments/{merchantOid}",
    tags: ["Billing"],
    summary: "The state of a top-up or licence payment",
    request: { params: MerchantOidParamSchema },
    responses: { 200: jsonContent(PaymentSchema, "The payment"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(toPayment(await getPayment(c.get("db"), c.get("caller").accountId, c.req.valid("param").merchantOid)), 200),
);

billingPaymentRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "receivePaytrCallback",
    path: "/billing/callback/paytr",
    tags: ["Billing"],
    summary: "PayTR's payment notification (no bearer token: authenticated by PayTR's hash)",
    security: [],
    request: { body: { required: true, content: { "application/x-www-form-urlencoded": { schema: PaytrCallbackFormSchema } } } },
    responses: {
      200: {
        description: "Accepted (also for a repeat); PayTR expects exactly `OK`",
        content: { "text/plain": { schema: z.string().openapi({ example: "OK" }) } },
      },
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => {
    const config = c.get("config");
    const fields = Object.fromEntries(Object.entries(c.req.valid("form")).map(([name, value]) => [name, String(value)]));
    const { payment, applied } = await handlePaymentCallback(
      c.get("db"),
      c.get("services").paymentProvider(),
      config.billing,
      fields,
      new Date(),
    );
    // Once per payment: a repeated callback applies nothing and records nothing.
    if (applied && payment?.status === "succeeded")
      await recordAudit(
        c.get("db"),
        payment.accountId,
        { memberId: null, via: "system" },
        {
          action: "billing.payment_received",
          targetType: "payment",
          targetId: payment.merchantOid,
          detail: { purpose: payment.purpose, amountKurus: payment.amountKurus },
        },
      );
    await notifyPaymentReceived(c.get("services"), payment);
    return c.text("OK", 200);
  },
);
