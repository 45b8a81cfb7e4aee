// An HTML tokenizer after the WHATWG tokenization states, for the sanitizer: it reads tags,
// attributes, comments and raw-text content as a browser does, so what it calls a tag is what a
// browser would call one. It builds no tree and keeps no stack, so any depth costs nothing.

export type HtmlToken =
  | { type: "text"; text: string }
  | { type: "start"; name: string; attributes: [name: string, rawValue: string][]; selfClosing: boolean }
  | { type: "end"; name: string }
  /** The content of a raw-text element (script, style, title…), never markup. */
  | { type: "raw"; text: string }
  /** A `<` that began a tag the input ended inside: a browser drops it, a page it is pasted into would not. */
  | { type: "unfinished"; text: string };

// Elements whose content the tokenizer reads as text up to their own end tag (scripting on).
const RAW_TEXT = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title"]);

const TAB = 9,
  LF = 10,
  FF = 12,
  CR = 13,
  SPACE = 32,
  SLASH = 47,
  EQUALS = 61,
  GT = 62,
  QUOTE = 34,
  APOSTROPHE = 39;

function isSpace(code: number): boolean {
  return code === SPACE || code === LF || code === TAB || code === FF || code === CR;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());

/** The tokens of `html`, in order; comments, doctypes and processing instructions are skipped. */
export function* htmlTokens(html: string): Generator<HtmlToken> {
  const length = html.length;
  let at = 0;
  while (at < length) {
    const lt = html.indexOf("<", at);
    if (lt === -1) {
      yield { type: "text", text: html.slice(at) };
      return;
    }
    if (lt > at) yield { type: "text", text: html.slice(at, lt) };
    const next = html.charCodeAt(lt + 1);

    if (isAsciiLetter(next)) {
      const tag = readTag(html, lt + 1);
      if (!tag) return yield { type: "unfinished", text: html.slice(lt) };
      yield { type: "start", name: tag.name, attributes: tag.attributes, selfClosing: tag.selfClosing };
      at = tag.end;
      if (tag.name === "plaintext") return yield { type: "raw", text: html.slice(at) };
      if (RAW_TEXT.has(tag.name)) {
        const close = new RegExp(`</${tag.name}[\\t\\n\\f\\r />]`, "gi");
        close.lastIndex = at;
        const found = close.exec(html);
        const rawEnd = found ? found.index : length;
        if (rawEnd > at) yield { type: "raw", text: html.slice(at, rawEnd) };
        at = rawEnd;
      }
      continue;
    }
    if (next === SLASH) {
      const afterSlash = html.charCodeAt(lt + 2);
      if (isAsciiLetter(afterSlash)) {
        const tag = readTag(html, lt + 2);
        if (!tag) return yield { type: "unfinished", text: html.slice(lt) };
        yield { type: "end", name: tag.name };
        at = tag.end;
      } else if (afterSlash === GT)
        at = lt + 3; // `</>` is ignored
      else if (lt + 2 >= length) return yield { type: "unfinished", text: html.slice(lt) };
      else at = endOfBogusComment(html, lt + 2);
      continue;
    }
    if (next === 33 /* ! */) {
      at = html.startsWith("<!--", lt) ? endOfComment(html, lt + 4) : endOfBogusComment(html, lt + 2);
      continue;
    }
    if (next === 63 /* ? */) {
      at = endOfBogusComment(html, lt + 1);
      continue;
    }
    // Any other `<` is text.
    yield { type: "text", text: "<" };
    at = lt + 1;
  }
}

function endOfBogusComment(html: string, from: number): number {
  const gt = html.indexOf(">", from);
  return gt === -1 ? html.length : gt + 1;
}

function endOfComment(html: string, from: number): number {
  // `<!-->` and `<!--->` are complete (empty) comments.
  if (html.charCodeAt(from) === GT) return from + 1;
  if (html.startsWith("->", from)) return from + 2;
  const ends = [html.indexOf("-->", from), html.indexOf("--!>", from)].filter((index) => index !== -1);
  if (ends.length === 0) return html.length;
  const end = Math.min(...ends);
  return end + (html.startsWith("-->", end) ? 3 : 4);
}

interface Tag {
  name: string;
  attributes: [string, string][];
  selfClosing: boolean;
  /** Index just past the tag's `>`. */
  end: number;
}

/** The tag whose name starts at `from`, or null when the input ends inside it. Duplicate attributes: the first wins. */
function readTag(html: string, from: number): Tag | null {
  const length = html.length;
  let at = from;
  while (at < length) {
    const code = html.charCodeAt(at);
    if (isSpace(code) || code === SLASH || code === GT) break;
    at++;
  }
  const name = asciiLower(html.slice(from, at));
  const attributes: [string, string][] = [];
  const seen = new Set<string>();

  while (true) {
    while (at < length && isSpace(html.charCodeAt(at))) at++;
    if (at >= length) return null;
    const code = html.charCodeAt(at);
    if (code === GT) return { name, attributes, selfClosing: false, end: at + 1 };
    if (code === SLASH) {
      if (html.charCodeAt(at + 1) === GT) return { name, attributes, selfClosing: true, end: at + 2 };
      at++;
      continue;
    }
    // The attribute's name: its first character may be `=`.
    const nameStart = at++;
    while (at < length) {
      const c = html.charCodeAt(at);
      if (isSpace(c) || c === SLASH || c === GT || c === EQUALS) break;
      at++;
    }
    const attributeName = asciiLower(html.slice(nameStart, at));
    while (at < length && isSpace(html.charCodeAt(at))) at++;
    let value = "";
    if (html.charCodeAt(at) === EQUALS) {
      at++;
      while (at < length && isSpace(html.charCodeAt(at))) at++;
      if (at >= length) return null;
      const quote = html.charCodeAt(at);
      if (quote === QUOTE || quote === APOSTROPHE) {
        const close = html.indexOf(html[at]!, at + 1);
        if (close === -1) return null;
        value = html.slice(at + 1, close);
        at = close + 1;
      } else {
        const valueStart = at;
        while (at < length) {
          const c = html.charCodeAt(at);
          if (isSpace(c) || c === GT) break;
          at++;
        }
        value = html.slice(valueStart, at);
      }
    }
    if (!seen.has(attributeName)) {
      seen.add(attributeName);
      attributes.push([attributeName, value]);
    }
  }
}
