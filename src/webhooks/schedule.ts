/**
 * When a failed delivery is tried again: about 30 s, 2 min, 10 min, 1 h, 3 h, 6 h, 12 h and
 * 12 h after the attempts before it (about a day and a half in all, each wait within Queues'
 * 12-hour cap on a delay). Then it is marked failed.
 */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 3_600, 10_800, 21_600, 43_200, 43_200] as const;

/** The first attempt and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** Queues refuses a longer delay. */
export const MAX_QUEUE_DELAY_SECONDS = 43_200;

/**
 * Seconds to wait after failed attempt number `attempts` (1 for the first), or null when that
 * was the last one. Jitter of up to −20 % (`random` in [0, 1)) spreads the retries of many
 * deliveries that failed together, and never goes past the queue's cap.
 */
export function retryDelaySeconds(attempts: number, random: number = Math.random()): number | null {
  const base = RETRY_DELAYS_SECONDS[attempts - 1];
  if (base === undefined) return null;
  return Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(1, Math.round(base * (1 - 0.2 * random))));
}
