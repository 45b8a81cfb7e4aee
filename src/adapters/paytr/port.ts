import type { PaymentFailureCode } from "../../db/schema";
/** The store's PayTR credentials; key and salt are secrets and never logged. */
export interface PaytrCredentials {
  merchantId: string;
  merchantKey: string;
  merchantSalt: string;
}

/** One line of the basket shown on the payment page. */
export interface BasketItem {
  name: string;
  unitPriceKurus: number;
  quantity: number;
}

export interface CheckoutRequest {
  /** Our order id: alphanumeric, at most 64 characters (PayTR's rule). */
  merchantOid: string;
  email: string;
  /** The paying customer's public IP address. */
  userIp: string;
  amountKurus: number;
  basket: BasketItem[];
  userName: string;
  /** Browser return addresses; informational only, never proof of payment. */
  okUrl: string;
  failUrl: string;
}

export interface Checkout {
  paymentToken: string;
  iframeUrl: string;
}

/** A verified payment result from the provider's callback. */
export interface PaymentNotification {
  merchantOid: string;
  status: "success" | "failed";
  /** What the customer paid, in kuruş (may exceed the order amount with instalments). */
  totalAmountKurus: number;
  failedReason: string | null;
  failedCode: PaymentFailureCode | null;
  testMode: boolean;
}

/** The fields of a callback as posted (form fields, all text). */
export type CallbackFields = Record<string, string>;

/** A payment provider: PayTR's iFrame API, or the offline stand-in for local runs. */
export interface PaymentProvider {
  readonly name: "paytr" | "offline";
  readonly testMode: boolean;
  /** Creates the payment page for an order; upstream failures are AppErrors (502/504). */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** The callback's result when its signature is right; null when it is not (nothing may change then). */
  verifyNotification(fields: CallbackFields): Promise<PaymentNotification | null>;
}
