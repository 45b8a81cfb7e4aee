import { z } from "zod";
import { APPROVAL_DECISIONS, APPROVAL_OUTCOMES, EMAIL_KINDS, ROLES, type EmailKind, type Role } from "../db/schema";

// What each kind of e-mail says (the data stored on its outbox row, checked again when it is
// rendered) and who is told: those who can act on it.

/**
 * The kinds that always go: an invitation (its invitee is no member yet) and the link to an export
 * (the member asked for it; src/account-data/export.ts). Their button is their own link, stored encrypted.
 */
export const LINK_EMAIL_KINDS = [
  "invitation",
  "export_ready",
  "sign_in_link",
  "sign_up_confirm",
  "sign_up_existing",
] as const satisfies readonly EmailKind[];
export type LinkEmailKind = (typeof LINK_EMAIL_KINDS)[number];

/** The kinds a member may turn off and unsubscribe from: every kind but those that always go. */
export const OPTIONAL_EMAIL_KINDS = EMAIL_KINDS.filter(
  (kind): kind is Exclude<EmailKind, LinkEmailKind> => !(LINK_EMAIL_KINDS as readonly string[]).includes(kind),
);
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];

/**
 * The roles told of each kind. Failed items, sites in ERROR, articles waiting in review and
 * refresh suggestions go to editors and up: they rerun items, approve and apply, and a site that
 * stopped stops their publishing (admins reconnect it). Money goes to owners only: only they see
 * billing. Invitations go to the invited address, never to members.
 */
export const EMAIL_AUDIENCE: Record<OptionalEmailKind, readonly Role[]> = {
  item_failed: ["owner", "admin", "editor"],
  site_error: ["owner", "admin", "editor"],
  review_digest: ["owner", "admin", "editor"],
  refresh_suggested: ["owner", "admin", "editor"],
  balance_low: ["owner"],
  payment_received: ["owner"],
  // The link's maker is told too, whatever their role now (src/email/client-answered.ts).
  client_answered: ["owner", "admin", "editor"],
};

const siteFields = { siteId: z.string(), siteUrl: z.string() };

/** The data of each kind's outbox row. */
export const EMAIL_DATA = {
  // The link carries the invitation's secret, so it is stored encrypted (ENCRYPTION_KEY), as credentials are.
  invitation: z.object({
    role: z.enum(ROLES),
    urlEncrypted: z.string(),
    inviterEmail: z.string().nullable(),
    // Only on rows queued before e-mails named the account when rendered: no longer read.
    accountName: z.string().nullable().optional(),
  }),
  item_failed: z.object({
    ...siteFields,
    planId: z.string(),
    itemId: z.string(),
    title: z.string(),
    reason: z.string(),
  }),
  site_error: z.object({ ...siteFields, reason: z.string() }),
  review_digest: z.object({
    day: z.string(),
    total: z.number().int(),
    articles: z.array(z.object({ id: z.string(), title: z.string(), siteId: z.string(), siteUrl: z.string() })),
    // Pages with no search traction (src/site-health/digest.ts); absent on digests queued before them.
    noTraction: z
      .object({
        total: z.number().int(),
        pages: z.array(z.object({ articleId: z.string(), title: z.string(), url: z.string(), siteId: z.string(), siteUrl: z.string() })),
      })
      .optional(),
  }),
  refresh_suggested: z.object({ ...siteFields, postId: z.string(), postTitle: z.string(), postUrl: z.string() }),
  balance_low: z.discriminatedUnion("mode", [
    z.object({ mode: z.literal("credits"), balance: z.string(), threshold: z.string() }),
    z.object({ mode: z.literal("byok"), used: z.number().int(), quota: z.number().int(), resetsAt: z.string() }),
  ]),
  // The download link carries the export's secret: stored encrypted, like an invitation's.
  export_ready: z.object({ urlEncrypted: z.string(), expiresAt: z.string(), sizeBytes: z.number().int() }),
  sign_in_link: z.object({ urlEncrypted: z.string(), expiresAt: z.string() }),
  // A sign-up's confirmation (no account yet: the row has none) and the note to the owner of an address already taken.
  sign_up_confirm: z.object({ urlEncrypted: z.string(), expiresAt: z.string() }),
  sign_up_existing: z.object({ urlEncrypted: z.string() }),
  client_answered: z.object({
    ...siteFields,
    articleId: z.string(),
    title: z.string(),
    decision: z.enum(APPROVAL_DECISIONS),
    comment: z.string().nullable(),
    outcome: z.enum(APPROVAL_OUTCOMES),
  }),
  payment_received: z.object({
    merchantOid: z.string(),
    amount: z.string(),
    purpose: z.enum(["topup", "licence"]),
    licenceKind: z.string().nullable(),
    licenceExpiresAt: z.string().nullable(),
  }),
} satisfies Record<EmailKind, z.ZodType>;

export type EmailData<K extends EmailKind> = z.infer<(typeof EMAIL_DATA)[K]>;

/** A rendered message's kind and data, checked: a row whose data does not fit its kind cannot be rendered. */
export type KindAndData = { [K in EmailKind]: { kind: K; data: EmailData<K> } }[EmailKind];

export function parseEmailData(kind: EmailKind, data: unknown): KindAndData | null {
  const parsed = EMAIL_DATA[kind].safeParse(data);
  return parsed.success ? ({ kind, data: parsed.data } as KindAndData) : null;
}

export const isOptionalKind = (kind: EmailKind): kind is OptionalEmailKind => (OPTIONAL_EMAIL_KINDS as readonly string[]).includes(kind);
