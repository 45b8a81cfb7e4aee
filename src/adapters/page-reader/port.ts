/** A heading of a source page's main text. */
export interface PageHeading {
  level: 2 | 3;
  text: string;
}

/** What a source page says, read once for research. */
export interface PageReading {
  /** The URL that answered (after redirects). */
  url: string;
  title: string;
  headings: PageHeading[];
  /** The main text: paragraphs separated by newlines, without navigation, header, footer, asides, scripts or styles. */
  text: string;
  /** The start of `text`, at most EXCERPT_BYTES bytes of UTF-8. */
  excerpt: string;
  /** ISO 8601. */
  fetchedAt: string;
  /** True when the page was longer than the size cap and only its beginning was read. */
  truncated: boolean;
}

/** Why a page was not read. None of these is an error of the caller: a source is skipped, the rest go on. */
export type PageReadFailure =
  /** The URL is not one we may call (scheme, private address in production, not an offline source). */
  | "refused"
  /** robots.txt disallows the page for our user agent. */
  | "robots_disallowed"
  /** robots.txt did not load (anything but a 404): the page is skipped, not assumed allowed. */
  | "robots_unavailable"
  | "timeout"
  | "unreachable"
  /** The page answered with a status other than 2xx, or redirected too often. */
  | "http_error"
  | "not_html"
  /** HTML without any main text. */
  | "empty";

export type PageRead = { ok: true; page: PageReading } | { ok: false; url: string; failure: PageReadFailure; message: string };

/** Reads one web page for research (over HTTP, or offline for the offline search results). Never throws for a page's own faults. */
export interface PageReader {
  readonly offline: boolean;
  read(url: string): Promise<PageRead>;
}

/** The longest excerpt, in bytes of UTF-8. */
export const EXCERPT_BYTES = 4096;

/** The excerpt of a text: whole words up to EXCERPT_BYTES bytes. */
export function excerptOf(text: string, maxBytes = EXCERPT_BYTES): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= maxBytes) return text;
  // Decoding a cut in the middle of a character yields U+FFFD at the end: drop it, then the partial word.
  const cut = new TextDecoder().decode(bytes.slice(0, maxBytes)).replace(/\uFFFD+$/, "");
  const lastSpace = cut.search(/\s\S*$/);
  return (lastSpace > maxBytes / 2 ? cut.slice(0, lastSpace) : cut).trimEnd();
}

/** A failed read, as the port returns it. */
export function readFailure(url: string, failure: PageReadFailure, message: string): PageRead {
  return { ok: false, url, failure, message };
}
