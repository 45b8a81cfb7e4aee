// The bodies of the three queues' messages, known to those who send them (the clock, run-now, every
// article write that records a webhook event) and to the dispatcher that parses them (src/jobs/queues.ts).
import { z } from "zod";

/** What starts one run of a plan item: the Workflow's params and the generation queue's message. */
export const ItemRunParams = z.object({
  accountId: z.string().min(1),
  itemId: z.string().min(1),
  /** The item's run number: the instance id is `<itemId>-a<attempt>`, so a run starts once. */
  attempt: z.number().int(),
});
export type ItemRunParams = z.infer<typeof ItemRunParams>;

export const ITEM_RUN_MESSAGE = "item.run";

/** The queue message that wakes the webhook sender: deliver `deliveryId` if it has still made `attempts` attempts. */
export const WEBHOOK_MESSAGE = "webhook.deliver";
export const DeliveryWakeUp = z.object({
  deliveryId: z.string().min(1),
  attempts: z.number().int(),
});
export type DeliveryWakeUp = z.infer<typeof DeliveryWakeUp>;

/**
 * One step of a site's Search Console sync (src/search-console/sync.ts): each message reads one
 * page of Google's rows and queues the next, so a first sync of 16 months never outgrows one
 * invocation. `runId` names the sync; a message of an older run is dropped.
 */
export const SEARCH_SYNC_MESSAGE = "search.sync";
export const SearchSyncStep = z.object({
  accountId: z.string().min(1),
  siteId: z.string().min(1),
  runId: z.string().min(1),
  phase: z.enum(["start", "site_days", "page_days", "queries", "finish"]),
  startRow: z.number().int().min(0).default(0),
  /** The run reads all 16 months, even after an earlier sync (the start step decides). */
  fullHistory: z.boolean().optional(),
});
export type SearchSyncStep = z.infer<typeof SearchSyncStep>;

/**
 * Announce a URL to IndexNow after a publish or a content update (src/articles/index-now.ts):
 * an article's (its answer is recorded on it) or an improved existing post's.
 */
export const INDEX_NOW_MESSAGE = "indexnow.submit";
export const IndexNowSubmit = z.object({
  accountId: z.string().min(1),
  siteId: z.string().min(1),
  url: z.string().min(1),
  articleId: z.number().int().optional(),
});
export type IndexNowSubmit = z.infer<typeof IndexNowSubmit>;

/** Refresh one decaying post automatically (claimed per post and week in search_refreshes). */
export const SEARCH_REFRESH_MESSAGE = "search.refresh";
export const SearchRefresh = z.object({
  accountId: z.string().min(1),
  siteId: z.string().min(1),
  postId: z.string().min(1),
  week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type SearchRefresh = z.infer<typeof SearchRefresh>;

/**
 * Send one e-mail of the outbox (src/email/send.ts), on the webhook queue: the row is claimed
 * before it is sent, so a redelivered message never sends it twice.
 */
export const EMAIL_SEND_MESSAGE = "email.send";
export const EmailSend = z.object({ emailId: z.string().min(1) });
export type EmailSend = z.infer<typeof EmailSend>;

/**
 * One step of an account's export (src/account-data/export-build.ts), on the search queue (one
 * message at a time: a step writes up to a few hundred rows or 20 media files). `step` is the
 * export's step number: a message of a step already taken is dropped.
 */
export const EXPORT_STEP_MESSAGE = "export.step";
export const ExportStep = z.object({ exportId: z.string().min(1), step: z.number().int().min(0) });
export type ExportStep = z.infer<typeof ExportStep>;

/**
 * After an article went live (src/links/after-publish.ts), on the search queue: record its
 * internal links, suggest links to it from related older pages and mend broken ones (applied at
 * once when the site's autoLinks is on). Every part is idempotent, so a redelivery adds nothing.
 */
export const LINKS_PUBLISHED_MESSAGE = "links.published";
export const LinksPublished = z.object({
  accountId: z.string().min(1),
  siteId: z.string().min(1),
  articleId: z.number().int(),
});
export type LinksPublished = z.infer<typeof LinksPublished>;
