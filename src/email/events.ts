import { and, desc, eq } from "drizzle-orm";
import { encryptSecret, requireEncryptionKey, sha256Hex } from "../core/crypto";
import { errorFields, log } from "../core/logger";
import type { Services } from "../services/container";
import { formatKurus } from "../core/money";
import { accounts, creditLedger, existingPosts, planItems, sites, type Locale, type Role } from "../db/schema";
import type { Payment } from "../billing/payments";
import { byokUsedThisMonth, findLicence, nextQuotaReset, quotaMonth } from "../billing/licence";
import type { SiteRow } from "../sites/service";
import { notifyMembers, queueEmails, type EmailDeps } from "./outbox";

// One call in the place each event happens (the pipeline, site access, the improvements, billing).
// Each is idempotent (the outbox's dedupe key names the event) and never throws: e-mail is told
// of what happened, it never stops it from happening. A failure is logged.

async function safely(event: string, fields: Record<string, unknown>, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    log("error", "email_event_failed", { event, ...fields, ...errorFields(error) });
  }
}

/** A plan item's run failed for good (no automatic retry left): once per item and run. */
export function notifyItemFailed(deps: EmailDeps, input: { accountId: string; itemId: string; attempt: number }): Promise<void> {
  return safely("item_failed", input, async () => {
    const [item] = await deps.db
      .select({
        planId: planItems.planId,
        siteId: planItems.siteId,
        siteUrl: sites.url,
        title: planItems.title,
        status: planItems.status,
        attempts: planItems.attempts,
        reason: planItems.failureReason,
      })
      .from(planItems)
      .innerJoin(sites, eq(sites.id, planItems.siteId))
      .where(and(eq(planItems.id, input.itemId), eq(planItems.accountId, input.accountId)));
    // A run that lost its claim (the item moved on) did not fail the item.
    if (item?.status !== "FAILED" || item.attempts !== input.attempt) return;
    await notifyMembers(deps, input.accountId, "item_failed", `${input.itemId}:a${input.attempt}`, {
      siteId: item.siteId,
      siteUrl: item.siteUrl,
      planId: item.planId,
      itemId: input.itemId,
      title: item.title,
      reason: item.reason ?? "",
    });
  });
}

/**
 * A site went to ERROR (its platform rejected the stored credentials, or they cannot be read).
 * `before` is the site as it was before the change: once per fall into ERROR, keyed by the
 * site's last change before it, and nothing when it was in ERROR already.
 */
export function notifySiteError(
  deps: EmailDeps,
  before: Pick<SiteRow, "id" | "accountId" | "url" | "status" | "updatedAt">,
  reason: string,
) {
  return safely("site_error", { siteId: before.id }, async () => {
    if (before.status === "ERROR") return;
    await notifyMembers(deps, before.accountId, "site_error", `${before.id}:${before.updatedAt}`, {
      siteId: before.id,
      siteUrl: before.url,
      reason,
    });
  });
}

/** The automatic refresh of a decaying post wrote a suggestion that waits for a person: once per post and week. */
export function notifyRefreshSuggested(deps: EmailDeps, input: { accountId: string; siteId: string; postId: string; week: string }) {
  return safely("refresh_suggested", input, async () => {
    const [post] = await deps.db
      .select({ title: existingPosts.title, url: existingPosts.url, siteUrl: sites.url })
      .from(existingPosts)
      .innerJoin(sites, eq(sites.id, existingPosts.siteId))
      .where(and(eq(existingPosts.id, input.postId), eq(existingPosts.accountId, input.accountId)));
    if (!post) return;
    await notifyMembers(deps, input.accountId, "refresh_suggested", `${input.postId}:${input.week}`, {
      siteId: input.siteId,
      siteUrl: post.siteUrl,
      postId: input.postId,
      postTitle: post.title,
      postUrl: post.url,
    });
  });
}

/** How many of the newest ledger rows are looked at for the one that took the balance below the line. */
const LEDGER_ROWS_LOOKED_AT = 5;

/**
 * After money or quota was taken (a generation or an improvement reserved its price): a credits
 * account whose balance is below LOW_BALANCE_TRY is told once per crossing, keyed by the ledger
 * row that crossed the line (a later top-up and a new fall is a new crossing); a BYOK account
 * with a tenth of its monthly quota or less left is told once per month.
 */
export function notifyLowFunds(deps: EmailDeps, accountId: string, now = new Date()): Promise<void> {
  return safely("balance_low", { accountId }, async () => {
    const [account] = await deps.db
      .select({ mode: accounts.billingMode, balance: accounts.creditBalanceKurus })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!account) return;
    if (account.mode === "CREDITS") {
      const line = deps.config.email.lowBalanceKurus;
      if (account.balance >= line) return;
      const recent = await deps.db
        .select({ id: creditLedger.id, amount: creditLedger.amountKurus, after: creditLedger.balanceAfterKurus })
        .from(creditLedger)
        .where(eq(creditLedger.accountId, accountId))
        .orderBy(desc(creditLedger.id))
        .limit(LEDGER_ROWS_LOOKED_AT);
      const crossing = recent.find((row) => row.after < line && row.after - row.amount >= line);
      if (!crossing) return;
      await notifyMembers(deps, accountId, "balance_low", `${accountId}:ledger-${crossing.id}`, {
        mode: "credits",
        balance: formatKurus(crossing.after),
        threshold: formatKurus(line),
      });
      return;
    }
    const licence = await findLicence(deps.db, accountId);
    if (!licence) return;
    const quota = deps.config.billing.licences[licence.kind].monthlyQuota;
    const used = await byokUsedThisMonth(deps.db, accountId, now);
    if (quota <= 0 || quota - used > Math.max(1, Math.floor(quota / 10))) return;
    await notifyMembers(deps, accountId, "balance_low", `${accountId}:quota-${quotaMonth(now)}`, {
      mode: "byok",
      used,
      quota,
      resetsAt: nextQuotaReset(now),
    });
  });
}

/** A payment succeeded (a top-up credited or a licence started): once per order, however often the callback repeats. */
export function notifyPaymentReceived(deps: EmailDeps, payment: Payment | null): Promise<void> {
  return safely("payment_received", { merchantOid: payment?.merchantOid }, async () => {
    if (payment?.status !== "succeeded") return;
    const licence = payment.purpose === "licence" ? await findLicence(deps.db, payment.accountId) : undefined;
    await notifyMembers(deps, payment.accountId, "payment_received", payment.merchantOid, {
      merchantOid: payment.merchantOid,
      amount: formatKurus(payment.paidAmountKurus ?? payment.amountKurus),
      purpose: payment.purpose,
      licenceKind: payment.licenceKind,
      licenceExpiresAt: licence?.expiresAt ?? null,
    });
  });
}

export interface InvitationEmail {
  accountId: string;
  invitationId: string;
  /** The invited address: the invitation goes there, whether or not it is a user yet. */
  email: string;
  role: Role;
  /** The UTC day of the invitation (YYYY-MM-DD): at most one invitation e-mail per recipient and account that day. */
  day: string;
  /** The invitation's link (its secret in the fragment). */
  url: string;
  locale: Locale;
  inviterEmail: string | null;
}

/**
 * Queues the invitation to the invitee's address (no member yet, so no preference applies and it
 * cannot be turned off): once per invitation. Unlike the event hooks it throws, so the caller
 * knows the invitation could not be queued. Returns the outbox row's id (null when it was queued before).
 */
export async function sendInvitationEmail(
  deps: EmailDeps & Pick<Services, "encryptionKey">,
  input: InvitationEmail,
): Promise<{ emailId: string | null }> {
  const urlEncrypted = await encryptSecret(requireEncryptionKey(deps.encryptionKey), input.url);
  const [emailId] = await queueEmails(deps, [
    {
      accountId: input.accountId,
      kind: "invitation",
      // One invitation e-mail per recipient, account and day: invite-and-withdraw in a loop mails once.
      dedupeKey: `invitation:${input.accountId}:${await sha256Hex(input.email)}:${input.day}`,
      memberId: null,
      toEmail: input.email,
      locale: input.locale,
      // The account is named when the e-mail is rendered, by its display name (src/email/names.ts).
      data: { role: input.role, urlEncrypted, inviterEmail: input.inviterEmail },
    },
  ]);
  return { emailId: emailId ?? null };
}

export interface ExportReadyEmail {
  accountId: string;
  exportId: string;
  /** The member who asked for the export. */
  memberId: string;
  email: string;
  locale: Locale;
  /** The download link (its key in the query). */
  url: string;
  expiresAt: string;
  sizeBytes: number;
}

/**
 * Queues the link to a ready export to the member who asked for it (it cannot be turned off:
 * they asked), once per export. The link is stored encrypted, as an invitation's is. Throws, so
 * the caller knows; returns the outbox row's id (null when it was queued before).
 */
export async function sendExportReadyEmail(
  deps: EmailDeps & Pick<Services, "encryptionKey">,
  input: ExportReadyEmail,
): Promise<{ emailId: string | null }> {
  const urlEncrypted = await encryptSecret(requireEncryptionKey(deps.encryptionKey), input.url);
  const [emailId] = await queueEmails(deps, [
    {
      accountId: input.accountId,
      kind: "export_ready",
      dedupeKey: `export_ready:${input.exportId}`,
      memberId: input.memberId,
      toEmail: input.email,
      locale: input.locale,
      data: { urlEncrypted, expiresAt: input.expiresAt, sizeBytes: input.sizeBytes },
    },
  ]);
  return { emailId: emailId ?? null };
}

export interface SignInLinkEmail {
  /** The person's home account (the outbox keeps each row under an account). */
  accountId: string;
  linkId: string;
  email: string;
  locale: Locale;
  url: string;
  expiresAt: string;
}

/** Queues a one-time sign-in link to the person who asked for it (it always goes: they asked), once per link; stored encrypted. */
export async function sendSignInLinkEmail(
  deps: EmailDeps & Pick<Services, "encryptionKey">,
  input: SignInLinkEmail,
): Promise<{ emailId: string | null }> {
  const urlEncrypted = await encryptSecret(requireEncryptionKey(deps.encryptionKey), input.url);
  const [emailId] = await queueEmails(deps, [
    {
      accountId: input.accountId,
      kind: "sign_in_link",
      dedupeKey: `sign_in_link:${input.linkId}`,
      memberId: null,
      toEmail: input.email,
      locale: input.locale,
      data: { urlEncrypted, expiresAt: input.expiresAt },
    },
  ]);
  return { emailId: emailId ?? null };
}

/** Queues the confirmation of a sign-up to the address it names (no account yet), once per sign-up. */
export async function sendSignUpConfirmEmail(
  deps: EmailDeps & Pick<Services, "encryptionKey">,
  input: { signUpId: string; email: string; locale: Locale; url: string; expiresAt: string },
): Promise<void> {
  const urlEncrypted = await encryptSecret(requireEncryptionKey(deps.encryptionKey), input.url);
  await queueEmails(deps, [
    {
      accountId: null,
      kind: "sign_up_confirm",
      dedupeKey: `sign_up_confirm:${input.signUpId}`,
      memberId: null,
      toEmail: input.email,
      locale: input.locale,
      data: { urlEncrypted, expiresAt: input.expiresAt },
    },
  ]);
}

/** Tells the owner of an address that someone tried to sign up with it (once per `eventKey`). */
export async function sendSignUpExistingEmail(
  deps: EmailDeps & Pick<Services, "encryptionKey">,
  input: { accountId: string | null; eventKey: string; email: string; locale: Locale; signInUrl: string },
): Promise<void> {
  const urlEncrypted = await encryptSecret(requireEncryptionKey(deps.encryptionKey), input.signInUrl);
  await queueEmails(deps, [
    {
      accountId: input.accountId,
      kind: "sign_up_existing",
      dedupeKey: `sign_up_existing:${input.eventKey}`,
      memberId: null,
      toEmail: input.email,
      locale: input.locale,
      data: { urlEncrypted },
    },
  ]);
}
