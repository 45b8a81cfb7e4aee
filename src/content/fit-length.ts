import { characterCount } from "./article-rules";
import { repeatedPhrase } from "./reader-checks";

// Text made to fit a length range without cutting a word or repeating a phrase: the offline
// writers' SEO titles and descriptions.

/**
 * `base` lengthened until it has `min` characters, each pad used once and preferring one that
 * keeps it within `max`, then cut on a word boundary to at most `max`.
 */
export function fitLength(base: string, pads: readonly string[], range: { min: number; max: number }): string {
  let text = base.trim().replace(/\s+/g, " ");
  const unused = [...pads];
  // A pad that would repeat a phrase the text already has ("… a practical guide – a practical guide") is not used.
  const usable = (pad: string) => repeatedPhrase(text + pad) === null;
  while (characterCount(text) < range.min && unused.some(usable)) {
    const fitting = unused.findIndex((pad) => usable(pad) && characterCount(text + pad) <= range.max);
    text += unused.splice(fitting === -1 ? unused.findIndex(usable) : fitting, 1)[0];
  }
  for (let i = 0; characterCount(text) < range.min && pads.length > 0; i += 1) text += pads[i % pads.length];
  if (characterCount(text) <= range.max) return text;
  // Too long: a sentence is cut at its last clause that fits and closed with a full stop (so it
  // does not trail off mid-phrase), anything else on a word; then the gap to `min` is closed with
  // the shortest pads that fit, rather than cutting a word in half.
  let cut = (/[.!?]$/u.test(text) ? cutAtClause(text, range.max) : null) ?? cutAtWord(text, range.max, 1);
  for (const pad of [...pads].sort((a, b) => characterCount(a) - characterCount(b))) {
    if (characterCount(cut) >= range.min) break;
    if (characterCount(cut + pad) <= range.max && repeatedPhrase(cut + pad) === null) cut += pad;
  }
  return characterCount(cut) >= range.min ? cut : cutAtWord(text, range.max, range.min);
}

/** At most `max` characters, cut at the last space that keeps at least `min`, else mid-word. */
export function cutAtWord(text: string, max: number, min: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max + 1).join("");
  const space = head.lastIndexOf(" ");
  if (space !== -1) {
    const cut = head.slice(0, space).replace(/[\s,;:–—|-]+$/u, "");
    if (characterCount(cut) >= min) return cut;
  }
  return chars.slice(0, max).join("").trimEnd();
}

/** The text up to its last ", " or "; " that leaves room for a full stop within `max`, closed with one; null if there is none. */
function cutAtClause(text: string, max: number): string | null {
  const head = [...text].slice(0, max).join("");
  const at = Math.max(head.lastIndexOf(", "), head.lastIndexOf("; "));
  return at > 0 ? `${head.slice(0, at)}.` : null;
}
