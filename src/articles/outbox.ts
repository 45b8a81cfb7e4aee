import { sql, type SQL } from "drizzle-orm";
import type { Services } from "../services/container";
import { wakeDelivery } from "../services/webhook-wake";

/**
 * The `article.published` event of a custom site with a webhook URL: one outbox row, written in
 * the same batch as the article change it announces, so the event exists exactly when the
 * article does (src/webhooks sends and retries it). Delivery ids are `whd_a<article id>`; the row
 * is written only when `when` holds inside the batch, and never twice (ON CONFLICT DO NOTHING).
 */
export function publishedEventRow(input: { accountId: string; siteId: string; articleId: SQL | number; at: string; when: SQL }): {
  deliveryId: SQL;
  statement: SQL;
} {
  // CAST: D1 binds a JS number as REAL, and 'whd_a' || 1.0 would be 'whd_a1.0'.
  const deliveryId = sql`'whd_a' || CAST(${input.articleId} AS INTEGER)`;
  return {
    deliveryId,
    statement: sql`
      INSERT INTO webhook_deliveries (id, account_id, site_id, article_id, event, status, attempts, next_attempt_at, created_at, updated_at)
      SELECT ${deliveryId}, ${input.accountId}, ${input.siteId}, ${input.articleId}, 'article.published', 'pending', 0, ${input.at}, ${input.at}, ${input.at}
      WHERE ${input.when}
      ON CONFLICT DO NOTHING`,
  };
}

/** Wakes the sender for the event of article `articleId` (the outbox row is the truth; this only saves the wait for the cron tick). */
export async function wakePublishedEvent(services: Pick<Services, "queues">, articleId: number): Promise<void> {
  await wakeDelivery(services, { deliveryId: `whd_a${articleId}`, attempts: 0 });
}
