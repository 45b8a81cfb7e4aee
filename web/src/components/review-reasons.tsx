// Why the quality gate holds an article, in the owner's words: by each reason's `code` and its
// numbers, never by the API's English `message` (shown only for a code the panel has no words for,
// which is a recorded catalogue miss).
import { lookup, useLanguage } from "../i18n/language";
import { recordMiss } from "../i18n/misses";
import { qualityMessages, type ReviewReason } from "../i18n/quality";

/** Reasons whose numbers are shares (0–1), shown as percentages. */
const SHARES: ReadonlySet<string> = new Set(["too_similar"]);

/** `(reason) => sentence` in the chosen language. */
export function useReasonText(): (reason: ReviewReason) => string {
  const { language, locale } = useLanguage();
  return (reason) => {
    const key = `reason.${reason.code}` as const;
    if (!(key in qualityMessages[language])) {
      recordMiss("reason", key, language);
      return reason.message;
    }
    const format = SHARES.has(reason.code)
      ? new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 })
      : new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const params = Object.fromEntries(Object.entries(reason.params).map(([name, value]) => [name, format.format(value)]));
    return lookup(qualityMessages, language, key, params);
  };
}

/** The reasons as a list; nothing when there are none. */
export function ReviewReasonList({ reasons }: { reasons: readonly ReviewReason[] }) {
  const say = useReasonText();
  if (reasons.length === 0) return null;
  return (
    <ul className="review-reasons">
      {reasons.map((reason) => (
        <li key={reason.code}>{say(reason)}</li>
      ))}
    </ul>
  );
}
