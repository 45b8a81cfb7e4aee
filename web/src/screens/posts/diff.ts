// A word diff for comparing a post with its suggestion: the longest common subsequence of words.
// The table is (n+1)·(m+1) cells, so each side is capped at MAX_DIFF_WORDS words (after the
// common start and end are set aside); longer texts answer null, shown as "too long to compare".

export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

export const MAX_DIFF_WORDS = 4000;

export function splitWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== "");
}

/** The parts that turn `before` into `after`, word by word; null when either side is too long. */
export function wordDiff(before: string, after: string, maxWords = MAX_DIFF_WORDS): DiffPart[] | null {
  const a = splitWords(before);
  const b = splitWords(after);

  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const n = endA - start;
  const m = endB - start;
  if (n > maxWords || m > maxWords) return null;

  // lcs[i * width + j]: length of the longest common subsequence of a[start+i..endA) and b[start+j..endB).
  // Uint16 is enough: no length exceeds maxWords (4000 < 65535).
  const width = m + 1;
  const lcs = new Uint16Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lcs[i * width + j] =
        a[start + i] === b[start + j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }

  const parts: DiffPart[] = [];
  const push = (kind: DiffPart["kind"], word: string) => {
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += ` ${word}`;
    else parts.push({ kind, text: word });
  };
  for (const word of a.slice(0, start)) push("same", word);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const wordA = a[start + i] ?? "";
    const wordB = b[start + j] ?? "";
    if (wordA === wordB) {
      push("same", wordA);
      i += 1;
      j += 1;
    } else if ((lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0)) {
      push("removed", wordA);
      i += 1;
    } else {
      push("added", wordB);
      j += 1;
    }
  }
  for (; i < n; i += 1) push("removed", a[start + i] ?? "");
  for (; j < m; j += 1) push("added", b[start + j] ?? "");
  for (const word of a.slice(endA)) push("same", word);
  return parts;
}
