import { decodeHtmlEntities } from "../core/html-entities";
import { urlKey } from "../core/page-url-key";
import { hrefOf } from "./internal-links";
import { termsOf } from "./quality/terms";
import { topicWords } from "./text-folding";

// A link added to one sentence of a post's HTML, as an exact edit: the sentence is a slice of the
// HTML as it is (block comments, entities and inline tags included), and the edit wraps words
// already in one of its text runs in `<a href>`, or changes the href of a link already in it.
// Nothing else of the post changes, so the edit is found again, undone and redone byte for byte.

/** The edit of one sentence: `sentence` as it is in the HTML, `linked` what it becomes, and the anchor's words. */
export interface SentenceEdit {
  sentence: string;
  linked: string;
  anchor: string;
}

interface Piece {
  kind: "text" | "tag" | "comment";
  start: number;
  end: number;
  name?: string;
  closing?: boolean;
}

interface TextRun {
  start: number;
  end: number;
}

interface Sentence {
  start: number;
  end: number;
  runs: TextRun[];
  /** The opening `<a>` tags inside the sentence. */
  links: Piece[];
}

const TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:[^>"']|"[^"]*"|'[^']*')*>/y;
const TAG_NAME = /^<\/?([A-Za-z][A-Za-z0-9-]*)/;
/** Inline elements a sentence runs through; every other tag ends it. */
const INLINE = new Set([
  "a",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "span",
  "mark",
  "small",
  "abbr",
  "cite",
  "q",
  "sub",
  "sup",
  "time",
  "code",
  "kbd",
  "del",
  "ins",
]);
/** Text inside these is never given a link: headings, code, and what is not prose. */
const NO_LINKS = new Set([
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "code",
  "kbd",
  "pre",
  "script",
  "style",
  "textarea",
  "button",
  "select",
  "figcaption",
  "title",
]);
const SENTENCE_END = /[.!?…]+(?=\s|$)/g;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const LETTER = /[\p{L}\p{N}]/u;
const MAX_ANCHOR_WORDS = 8;
const MIN_SENTENCE_WORDS = 4;

/** The HTML cut into text, tags and comments, with their offsets. */
function piecesOf(html: string): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < html.length) {
    if (html.startsWith("<!--", i)) {
      const close = html.indexOf("-->", i + 4);
      const end = close < 0 ? html.length : close + 3;
      pieces.push({ kind: "comment", start: i, end });
      i = end;
      continue;
    }
    if (html[i] === "<") {
      TAG.lastIndex = i;
      const tag = TAG.exec(html);
      if (tag) {
        const name = TAG_NAME.exec(tag[0])![1]!.toLowerCase();
        pieces.push({ kind: "tag", start: i, end: i + tag[0].length, name, closing: tag[0][1] === "/" });
        i += tag[0].length;
        continue;
      }
    }
    const next = html.indexOf("<", i + 1);
    const end = next < 0 ? html.length : next;
    const last = pieces[pieces.length - 1];
    if (last?.kind === "text" && last.end === i) last.end = end;
    else pieces.push({ kind: "text", start: i, end });
    i = end;
  }
  return pieces;
}

/** The sentences of the HTML's prose: runs of text and inline tags between block tags, cut after . ! ? … */
function sentencesOf(html: string): Sentence[] {
  const sentences: Sentence[] = [];
  let open: Sentence | null = null;
  let pendingStart = -1;
  let pendingLinks: Piece[] = [];
  let linkDepth = 0;
  let quiet = 0;
  const close = () => {
    if (open && open.runs.length > 0) sentences.push(open);
    open = null;
    pendingStart = -1;
    pendingLinks = [];
  };
  for (const piece of piecesOf(html)) {
    if (piece.kind === "comment") {
      close();
      continue;
    }
    if (piece.kind === "tag") {
      const name = piece.name!;
      if (NO_LINKS.has(name)) quiet = Math.max(0, quiet + (piece.closing ? -1 : 1));
      if (name === "a") linkDepth = Math.max(0, linkDepth + (piece.closing ? -1 : 1));
      if (!INLINE.has(name)) {
        close();
        continue;
      }
      if (open) {
        const current: Sentence = open;
        current.end = piece.end;
        if (name === "a" && !piece.closing) current.links.push(piece);
      } else if (!piece.closing) {
        if (pendingStart < 0) pendingStart = piece.start;
        if (name === "a") pendingLinks.push(piece);
      }
      continue;
    }
    // Text: split at the ends of sentences.
    const text = html.slice(piece.start, piece.end);
    let from = 0;
    const ends = [...text.matchAll(SENTENCE_END)].map((m) => m.index! + m[0].length);
    for (const cut of [...ends, text.length]) {
      if (cut <= from && cut !== text.length) continue;
      const part = text.slice(from, cut);
      const lead = part.length - part.trimStart().length;
      if (part.trim() !== "") {
        const opening = !open;
        if (!open) {
          const start = pendingStart >= 0 ? pendingStart : piece.start + from + lead;
          open = { start, end: start, runs: [], links: pendingLinks };
          pendingStart = -1;
          pendingLinks = [];
        }
        const current: Sentence = open;
        const runStart = piece.start + from + (opening ? lead : 0);
        const usable = quiet === 0 && linkDepth === 0;
        current.runs.push({ start: runStart, end: usable ? piece.start + cut : runStart });
        current.end = piece.start + cut;
      }
      if (cut !== text.length) close();
      from = cut;
    }
  }
  close();
  const words = (s: Sentence) =>
    html
      .slice(s.start, s.end)
      .replace(/<[^>]*>/g, " ")
      .match(WORD)?.length ?? 0;
  return sentences.filter((s) => s.runs.some((run) => run.end > run.start) && words(s) >= MIN_SENTENCE_WORDS);
}

/** One character as compared: lower case, Turkish i's and diacritics folded, any space a space. */
function foldChar(char: string): string {
  if (/\s/u.test(char)) return " ";
  if (char === "İ" || char === "I" || char === "ı") return "i";
  const folded = char.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  return folded.length === 1 ? folded : (folded[0] ?? char);
}

const REFERENCE = /&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/y;

/** A text run decoded, each character with the offset in the HTML it was read from (one more at the end). */
function decodedRun(html: string, run: TextRun): { text: string; at: number[] } {
  let text = "";
  const at: number[] = [];
  let i = run.start;
  while (i < run.end) {
    if (html[i] === "&") {
      REFERENCE.lastIndex = i;
      const ref = REFERENCE.exec(html);
      if (ref && i + ref[0].length <= run.end) {
        const decoded = decodeHtmlEntities(ref[0]);
        for (const unit of decoded) {
          for (let k = 0; k < unit.length; k += 1) at.push(i);
          text += unit;
        }
        i += ref[0].length;
        continue;
      }
    }
    text += html[i];
    at.push(i);
    i += 1;
  }
  at.push(run.end);
  return { text, at };
}

const foldAll = (text: string) => Array.from(text, (char) => (char.length === 1 ? foldChar(char) : char)).join("");

/** Where `phrase` stands in `text` as whole words (folded), or -1. */
function findWords(text: string, phrase: string): number {
  const haystack = foldAll(text);
  const needle = foldAll(phrase.trim().replace(/\s+/g, " "));
  if (!needle) return -1;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
    const before = i === 0 ? "" : text[i - 1]!;
    const after = text[i + needle.length] ?? "";
    if (!LETTER.test(before) && !LETTER.test(after)) return i;
  }
  return -1;
}

/** The HTML of an attribute value in double quotes. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function linkedSlice(html: string, sentence: Sentence, from: number, to: number, href: string): SentenceEdit {
  const open = `<a href="${escapeAttribute(href)}">`;
  return {
    sentence: html.slice(sentence.start, sentence.end),
    linked: `${html.slice(sentence.start, from)}${open}${html.slice(from, to)}</a>${html.slice(to, sentence.end)}`,
    anchor: decodeHtmlEntities(html.slice(from, to)),
  };
}

/** What the link should be put on: exact phrases first (the target's keyword, its title), then its topic's words. */
export interface AnchorWish {
  phrases: string[];
  /** The words of the target's keyword and title: runs of them make an anchor when no phrase is found. */
  topic: string;
  language: string;
}

/**
 * The sentence of `html` to put a link to `href` in, and the edit: the first exact phrase found in a
 * sentence's unlinked prose (outside headings and code), else the longest run (2–8) of consecutive
 * words of the topic, else one topic word of five letters or more. Null when the HTML has none,
 * or already links to `href`.
 */
export function proposeLinkEdit(html: string, href: string, wish: AnchorWish): SentenceEdit | null {
  const target = urlKey(href);
  if (target && linksTo(html, target)) return null;
  const sentences = sentencesOf(html);
  for (const phrase of wish.phrases) {
    if (phrase.trim().split(/\s+/).length > MAX_ANCHOR_WORDS) continue;
    for (const sentence of sentences) {
      for (const run of sentence.runs) {
        if (run.end <= run.start) continue;
        const { text, at } = decodedRun(html, run);
        const index = findWords(text, phrase);
        if (index >= 0) return linkedSlice(html, sentence, at[index]!, at[index + phrase.trim().replace(/\s+/g, " ").length]!, href);
      }
    }
  }
  const stems = new Set(termsOf(wish.topic, wish.language).map((term) => term.stem));
  const topic = new Set(topicWords(wish.topic));
  const matches = (word: string) => {
    const stem = termsOf(word, wish.language)[0]?.stem;
    return (stem !== undefined && stems.has(stem)) || topicWords(word).some((w) => topic.has(w));
  };
  let best: { sentence: Sentence; from: number; to: number; words: number; letters: number } | null = null;
  for (const sentence of sentences) {
    for (const run of sentence.runs) {
      if (run.end <= run.start) continue;
      const { text, at } = decodedRun(html, run);
      let streak: { from: number; to: number; words: number } | null = null;
      const consider = () => {
        if (!streak) return;
        const letters = streak.to - streak.from;
        const better = !best || streak.words > best.words || (streak.words === best.words && letters > best.letters);
        if (better && (streak.words > 1 || letters >= 5))
          best = { sentence, from: at[streak.from]!, to: at[streak.to]!, words: streak.words, letters };
      };
      for (const word of text.matchAll(WORD)) {
        const start = word.index!;
        const end = start + word[0].length;
        if (!matches(word[0])) {
          consider();
          streak = null;
        } else if (streak && streak.words < MAX_ANCHOR_WORDS && /^\s+$/u.test(text.slice(streak.to, start))) {
          streak = { from: streak.from, to: end, words: streak.words + 1 };
        } else {
          consider();
          streak = { from: start, to: end, words: 1 };
        }
      }
      consider();
    }
  }
  const chosen = best as { sentence: Sentence; from: number; to: number } | null;
  return chosen ? linkedSlice(html, chosen.sentence, chosen.from, chosen.to, href) : null;
}

/** Whether the HTML has a link to the page of `key` already. */
export function linksTo(html: string, key: string): boolean {
  for (const match of html.matchAll(/<a\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi)) {
    const href = hrefOf(match[1]!);
    if (href && urlKey(href) === key) return true;
  }
  return false;
}

/**
 * The edit that mends a broken link: the sentence holding an `<a>` whose href (read against the
 * page's address `pageUrl`) leads to `brokenKey`,
 * with that href changed to `href` and nothing else. Null when no sentence holds one.
 */
export function proposeHrefEdit(html: string, brokenKey: string, href: string, pageUrl: string): SentenceEdit | null {
  for (const sentence of sentencesOf(html)) {
    for (const tag of sentence.links) {
      const raw = html.slice(tag.start, tag.end);
      const attribute = /(\shref\s*=\s*)(?:"[^"]*"|'[^']*'|[^\s"'>]+)/i.exec(raw);
      const current = hrefOf(raw.slice(2, -1));
      if (!attribute || !current || urlKey(resolved(current, pageUrl)) !== brokenKey) continue;
      const from = tag.start + attribute.index;
      const to = from + attribute[0].length;
      const close = html.indexOf("</a", tag.end);
      return {
        sentence: html.slice(sentence.start, sentence.end),
        linked: `${html.slice(sentence.start, from)}${attribute[1]}"${escapeAttribute(href)}"${html.slice(to, sentence.end)}`,
        anchor: decodeHtmlEntities(html.slice(tag.end, close < 0 ? tag.end : close).replace(/<[^>]*>/g, "")).trim(),
      };
    }
  }
  return null;
}

/** `html` with the first `sentence` replaced by `linked`; null when the sentence is not in it exactly. */
export function applySentenceEdit(html: string, edit: Pick<SentenceEdit, "sentence" | "linked">): string | null {
  const index = html.indexOf(edit.sentence);
  if (index < 0) return null;
  return `${html.slice(0, index)}${edit.linked}${html.slice(index + edit.sentence.length)}`;
}

/** `href` read against the page's address: a relative link as the browser follows it. */
function resolved(href: string, pageUrl: string): string {
  try {
    return new URL(href, pageUrl).href;
  } catch {
    return href;
  }
}
