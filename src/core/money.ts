// Money is integer kuruş (1 TRY = 100 kuruş) everywhere; it becomes text only at the edge.

/** 15000 → "150.00"; negative amounts keep their sign ("-2.50"). */
export function formatKurus(kurus: number): string {
  if (!Number.isSafeInteger(kurus)) throw new RangeError(`not an integer amount of kuruş: ${kurus}`);
  const sign = kurus < 0 ? "-" : "";
  const abs = Math.abs(kurus);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "150", "150.5", "150.50" → 15050 (no floating point); null when the text is not such an amount. */
export function parseTryToKurus(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, lira, fraction = ""] = match;
  return Number(lira) * 100 + Number(fraction.padEnd(2, "0"));
}
