import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { byokLicences, charges, type LicenceKind } from "../db/schema";
import { addMonths, toIsoSeconds } from "../core/time";
import type { BillingConfig } from "../config";

export type Licence = typeof byokLicences.$inferSelect;

/** The BYOK part of GET /billing/balance. */
export interface ByokStatus {
  kind: LicenceKind | null;
  expiresAt: string | null;
  /** Articles per calendar month (UTC) under the licence; null without a licence. */
  quota: number | null;
  /** BYOK generations this calendar month (UTC), refunded ones not counted. */
  used: number;
}

/** The quota counts per calendar month in UTC: `2026-11`. */
export function quotaMonth(now: Date): string {
  return toIsoSeconds(now).slice(0, 7);
}

/** When this month's quota starts again: the first of next month, 00:00 UTC. */
export function nextQuotaReset(now: Date): string {
  return toIsoSeconds(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
}

/** A purchase extends a running licence from its end, and starts a lapsed or new one now. */
export function extendedExpiry(currentExpiresAt: string | null, now: Date, months: number): string {
  const running = currentExpiresAt !== null && currentExpiresAt > toIsoSeconds(now);
  return toIsoSeconds(addMonths(running ? new Date(currentExpiresAt) : now, months));
}

export async function findLicence(db: Database, accountId: string): Promise<Licence | undefined> {
  const [licence] = await db.select().from(byokLicences).where(eq(byokLicences.accountId, accountId));
  return licence;
}

export async function byokUsedThisMonth(db: Database, accountId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`count(*)` })
    .from(charges)
    .where(
      and(
        eq(charges.accountId, accountId),
        eq(charges.mode, "byok"),
        eq(charges.quotaMonth, quotaMonth(now)),
        ne(charges.status, "refunded"),
      ),
    );
  return row?.used ?? 0;
}

export async function byokStatus(db: Database, config: BillingConfig, accountId: string, now: Date): Promise<ByokStatus> {
  const [licence, used] = await Promise.all([findLicence(db, accountId), byokUsedThisMonth(db, accountId, now)]);
  return {
    kind: licence?.kind ?? null,
    expiresAt: licence?.expiresAt ?? null,
    quota: licence ? config.licences[licence.kind].monthlyQuota : null,
    used,
  };
}
