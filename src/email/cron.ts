import { and, asc, eq, lt, type SQL, sql } from "drizzle-orm";
import { toIsoSeconds } from "../core/time";
import { articles, emailOutbox, planItems, sites } from "../db/schema";
import type { Services } from "../services/container";
import { EMAIL_AUDIENCE } from "./kinds";
import { queueEmails, recipientsOf, wakeEmailSender, type EmailDeps } from "./outbox";

/** Digests go out from 07:00 UTC (10:00 in Turkey), on the first tick that finds an account's articles waiting. */
export const REVIEW_DIGEST_HOUR_UTC = 7;
/** Accounts digested per tick; the next ticks of the day take the rest. */
const DIGEST_ACCOUNTS_PER_TICK = 100;
/** Articles listed in one digest (the subject counts them all). */
export const DIGEST_ARTICLES_LISTED = 20;
/** A row never tried this long after it was queued lost its queue message: the sweep sends it again. */
const LOST_MESSAGE_MS = 5 * 60_000;
const SWEEP_LIMIT = 100;

/** A page of the site a digest lists besides the articles in review (site health's pages without traction). */
export interface DigestPage {
  articleId: string;
  title: string;
  url: string;
  siteId: string;
  siteUrl: string;
}

/** Where a digest's other pages come from: handed in by the cron (src/jobs/cron.ts), from an area above this one. */
export interface DigestPages {
  /** A condition on an account id: the account has such pages. */
  accountHas: (accountId: SQL, deps: EmailDeps, now: Date) => SQL;
  pagesOf: (deps: EmailDeps, accountId: string, now: Date) => Promise<DigestPage[]>;
}

/** The cron tick's e-mail work: the day's review digests, then the sweep of rows whose message was lost. Returns how many it queued. */
export async function runEmailTick(services: Services, now: Date, pages?: DigestPages): Promise<number> {
  const digests = await queueReviewDigests(services, now, pages);
  const woken = await wakeLostEmails(services, now);
  return digests + woken;
}

/**
 * One digest per account and UTC day, from REVIEW_DIGEST_HOUR_UTC on, to each member who wants
 * it and has at least one article waiting in REVIEW, or a page without search traction
 * (src/site-health/digest.ts), on the sites they may see. The outbox's
 * dedupe key (`review_digest:<account>:<day>:<member>`) keeps it to one a day however many ticks
 * look; an account that has its digests is not looked at again that day.
 */
export async function queueReviewDigests(deps: EmailDeps, now: Date, pages?: DigestPages): Promise<number> {
  if (now.getUTCHours() < REVIEW_DIGEST_HOUR_UTC) return 0;
  const day = toIsoSeconds(now).slice(0, 10);
  const digestRoles = sql.join(
    EMAIL_AUDIENCE.review_digest.map((role) => sql`${role}`),
    sql`, `,
  );
  const due = await deps.db.all<{ account_id: string }>(sql`
    SELECT a.id AS account_id FROM accounts a
    WHERE (EXISTS (SELECT 1 FROM plan_items i WHERE i.account_id = a.id AND i.status = 'REVIEW')
        OR ${pages ? pages.accountHas(sql`a.id`, deps, now) : sql`false`})
      AND EXISTS (SELECT 1 FROM members m WHERE m.account_id = a.id AND m.role IN (${digestRoles})
        AND NOT EXISTS (SELECT 1 FROM json_each(m.email_off) WHERE value = 'review_digest'))
      AND NOT EXISTS (SELECT 1 FROM email_outbox e
        WHERE e.dedupe_key >= 'review_digest:' || a.id || ':' || ${day} || ':'
          AND e.dedupe_key < 'review_digest:' || a.id || ':' || ${day} || ';')
    ORDER BY a.id
    LIMIT ${DIGEST_ACCOUNTS_PER_TICK}`);
  let queued = 0;
  for (const { account_id: accountId } of due) queued += (await queueAccountDigest(deps, accountId, day, now, pages)).length;
  return queued;
}

async function queueAccountDigest(deps: EmailDeps, accountId: string, day: string, now: Date, pages?: DigestPages): Promise<string[]> {
  const waiting = await deps.db
    .select({ id: articles.id, title: articles.title, siteId: planItems.siteId, siteUrl: sites.url })
    .from(planItems)
    .innerJoin(articles, eq(articles.id, planItems.articleId))
    .innerJoin(sites, eq(sites.id, planItems.siteId))
    .where(and(eq(planItems.accountId, accountId), eq(planItems.status, "REVIEW")))
    .orderBy(asc(planItems.updatedAt), asc(articles.id));
  const others = pages ? await pages.pagesOf(deps, accountId, now) : [];
  const recipients = await recipientsOf(deps, accountId, "review_digest", null);
  return queueEmails(
    deps,
    recipients.flatMap((recipient) => {
      const theirs = waiting.filter((article) => recipient.siteIds === null || recipient.siteIds.includes(article.siteId));
      const theirPages = others.filter((page) => recipient.siteIds === null || recipient.siteIds.includes(page.siteId));
      if (theirs.length === 0 && theirPages.length === 0) return [];
      const data = {
        day,
        total: theirs.length,
        articles: theirs.slice(0, DIGEST_ARTICLES_LISTED).map((article) => ({ ...article, id: String(article.id) })),
        ...(theirPages.length > 0 ? { noTraction: { total: theirPages.length, pages: theirPages.slice(0, DIGEST_ARTICLES_LISTED) } } : {}),
      };
      return [
        {
          accountId,
          kind: "review_digest" as const,
          dedupeKey: `review_digest:${accountId}:${day}:${recipient.memberId}`,
          memberId: recipient.memberId,
          toEmail: recipient.email,
          locale: recipient.locale,
          data,
        },
      ];
    }),
  );
}

/**
 * Rows still pending and never tried a while after they were queued: their `email.send` was
 * never sent (the queue failed, the caller had none) or was lost. Sent again; the claim keeps a
 * row that is sent meanwhile from going twice. Rows that were tried are the queue's to retry.
 */
export async function wakeLostEmails(deps: EmailDeps, now: Date): Promise<number> {
  if (deps.config.email.provider === "off") return 0;
  const lost = await deps.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        eq(emailOutbox.attempts, 0),
        lt(emailOutbox.createdAt, toIsoSeconds(new Date(now.getTime() - LOST_MESSAGE_MS))),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(SWEEP_LIMIT);
  if (lost.length > 0)
    await wakeEmailSender(
      deps,
      lost.map((row) => row.id),
    );
  return lost.length;
}
