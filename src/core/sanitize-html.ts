import { decodeHtmlEntities } from "./html-entities.ts";
import { htmlTokens } from "./html-tokens.ts";

// The allowlist sanitizer for article HTML from models and from PATCH (docs/guides/security.md, "Safe HTML and plain text").
// It reads the input with a tokenizer that follows the browser's rules and writes a new document
// from what it allows, so nothing of the input reaches the output unless it was understood.

const ALLOWED_ELEMENTS = new Set(
  "p h2 h3 h4 h5 h6 ul ol li strong em b i u a blockquote img figure figcaption table thead tbody tfoot tr th td br hr code pre span sub sup del ins s small mark abbr cite q dl dt dd".split(
    " ",
  ),
);

// Removed with their content. Beyond the obviously active ones, every element whose content a
// browser reads as raw text (title, xmp, plaintext, noembed, noframes…) is here: unwrapping it
// would turn its text, such as `<img onerror=…>`, into markup.
const REMOVED_WITH_CONTENT = new Set(
  "script style iframe object embed form input button select textarea template noscript svg math link meta base frame frameset applet title xmp plaintext noembed noframes".split(
    " ",
  ),
);

const FOREIGN = new Set(["svg", "math"]);

// Unknown block elements are unwrapped with a line break around them, so `<div>a</div><div>b</div>` keeps two words.
const BLOCKS = new Set(
  "div section article header footer main aside nav address center details summary fieldset legend caption head body html".split(" "),
);

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ["href", "title", "rel", "target"],
  img: ["src", "alt", "title", "width", "height"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
};

const NUMBER_ATTRIBUTES = new Set(["width", "height", "colspan", "rowspan"]);
const TARGETS = new Set(["_blank", "_self", "_parent", "_top"]);

const VOID_ELEMENTS = new Set("area base br col embed hr img input keygen link meta param source track wbr frame".split(" "));
const HEADINGS = new Set(["h2", "h3", "h4", "h5", "h6"]);

/**
 * Deeper allowed elements are unwrapped (their content kept): a browser, WordPress's editor and
 * our own tree walkers all pay for every level, and no article needs more than a handful.
 */
export const MAX_HTML_DEPTH = 64;

/**
 * `html` with only allowlisted elements and attributes: dangerous elements gone with their
 * content, unknown ones unwrapped, `h1` turned into `h2`, comments dropped, URLs limited to
 * http(s), mailto (links) and relative ones, nesting at most MAX_HTML_DEPTH deep. Every `<` in
 * the result opens a complete allowed tag written by us, and every element opened is closed, so
 * the fragment cannot change the page it is placed in; any other `<` is escaped as `&lt;`.
 * Text is otherwise kept as written.
 */
export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  const unwrappedDeep = new Map<string, number>();
  const unwrappedBlocks = new Map<string, number>();
  let removing: { name: string; depth: number } | null = null;

  const closeTo = (index: number) => {
    while (open.length > index) out.push(`</${open.pop()}>`);
  };

  for (const token of htmlTokens(html)) {
    if (removing) {
      if (token.type === "start" && token.name === removing.name && !token.selfClosing) removing.depth++;
      else if (token.type === "end" && token.name === removing.name && --removing.depth === 0) removing = null;
      continue;
    }
    switch (token.type) {
      case "text":
      case "unfinished":
        out.push(escapeText(token.text));
        break;
      case "raw":
        break;
      case "start": {
        const { name } = token;
        if (REMOVED_WITH_CONTENT.has(name)) {
          // A browser honours `/>` only on foreign elements (svg, math); an HTML element stays open.
          const closed = VOID_ELEMENTS.has(name) || (token.selfClosing && FOREIGN.has(name));
          if (!closed) removing = { name, depth: 1 };
          break;
        }
        const kept = name === "h1" ? "h2" : name;
        if (!ALLOWED_ELEMENTS.has(kept)) {
          if (BLOCKS.has(name)) {
            out.push("\n");
            if (!token.selfClosing) unwrappedBlocks.set(name, (unwrappedBlocks.get(name) ?? 0) + 1);
          }
          break;
        }
        const attributes = keptAttributes(kept, token.attributes);
        if (kept === "img" && !attributes.has("src")) break;
        closeTo(open.length - impliedEndTags(open, kept));
        const tag = `<${kept}${[...attributes].map(([attribute, value]) => ` ${attribute}="${value}"`).join("")}`;
        if (VOID_ELEMENTS.has(kept)) {
          out.push(`${tag}${token.selfClosing ? "/" : ""}>`);
        } else if (open.length >= MAX_HTML_DEPTH) {
          unwrappedDeep.set(kept, (unwrappedDeep.get(kept) ?? 0) + 1);
        } else {
          out.push(`${tag}>`);
          open.push(kept);
        }
        break;
      }
      case "end": {
        const name = token.name === "h1" ? "h2" : token.name;
        const deep = unwrappedDeep.get(name) ?? 0;
        if (deep > 0) {
          unwrappedDeep.set(name, deep - 1);
          break;
        }
        if (!ALLOWED_ELEMENTS.has(name)) {
          const blocks = unwrappedBlocks.get(name) ?? 0;
          if (blocks > 0) {
            unwrappedBlocks.set(name, blocks - 1);
            out.push("\n");
          }
          break;
        }
        // Any heading's end tag closes the open heading, as in a browser; other end tags close their own element.
        const index = HEADINGS.has(name) ? findLastIndex(open, (element) => HEADINGS.has(element)) : open.lastIndexOf(name);
        if (index !== -1) closeTo(index);
        break;
      }
    }
  }
  closeTo(0);
  return out.join("");
}

function escapeText(text: string): string {
  return text.replace(/</g, "&lt;").replace(/\u0000/g, "");
}

function findLastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) if (test(items[index]!)) return index;
  return -1;
}

// The end tags a browser implies when `name` opens: a block closes an open paragraph, a list
// item the previous item, a cell the previous cell. Without them `<p>a<p>b` would be closed as
// `<p>a<p>b</p></p>`, which a browser reads as three paragraphs.
const CLOSES_PARAGRAPH = new Set("p h2 h3 h4 h5 h6 ul ol dl blockquote pre figure figcaption table hr li dt dd".split(" "));
const SIBLINGS: Record<string, { closes: readonly string[]; within: readonly string[] }> = {
  li: { closes: ["li"], within: ["ul", "ol", "table", "blockquote", "figure"] },
  dt: { closes: ["dt", "dd"], within: ["dl", "table", "blockquote", "figure"] },
  dd: { closes: ["dt", "dd"], within: ["dl", "table", "blockquote", "figure"] },
  td: { closes: ["td", "th"], within: ["tr", "table"] },
  th: { closes: ["td", "th"], within: ["tr", "table"] },
  tr: { closes: ["tr"], within: ["thead", "tbody", "tfoot", "table"] },
  thead: { closes: ["thead", "tbody", "tfoot"], within: ["table"] },
  tbody: { closes: ["thead", "tbody", "tfoot"], within: ["table"] },
  tfoot: { closes: ["thead", "tbody", "tfoot"], within: ["table"] },
};
const PARAGRAPH_SCOPE = ["table", "td", "th"];

/** How many of the open elements (from the top) opening `name` closes. */
function impliedEndTags(open: string[], name: string): number {
  const sibling = SIBLINGS[name];
  let index = -1;
  if (sibling) index = nearest(open, sibling.closes, sibling.within);
  if (index === -1 && CLOSES_PARAGRAPH.has(name)) index = nearest(open, ["p"], PARAGRAPH_SCOPE);
  if (index === -1 && HEADINGS.has(name) && HEADINGS.has(open[open.length - 1] ?? "")) index = open.length - 1;
  return index === -1 ? 0 : open.length - index;
}

/** The index of the innermost open element named in `targets`, looking no further out than any of `boundaries`. */
function nearest(open: string[], targets: readonly string[], boundaries: readonly string[]): number {
  for (let index = open.length - 1; index >= 0; index--) {
    if (targets.includes(open[index]!)) return index;
    if (boundaries.includes(open[index]!)) return -1;
  }
  return -1;
}

/**
 * The allowed attributes of an element, values checked and escaped: the first of duplicates
 * (as in a browser), URLs written back in the form that was checked.
 */
function keptAttributes(element: string, attributes: [string, string][]): Map<string, string> {
  const allowed = ALLOWED_ATTRIBUTES[element] ?? [];
  const kept = new Map<string, string>();
  for (const [name, raw] of attributes) {
    if (!allowed.includes(name)) continue;
    const value = attributeValue(name, raw);
    if (value !== null) kept.set(name, value);
  }
  if (kept.get("target") === "_blank") kept.set("rel", withOpenerProtection(kept.get("rel") ?? ""));
  return kept;
}

/** The value to write back (HTML-escaped, as in the source), or null to drop the attribute. */
function attributeValue(name: string, raw: string): string | null {
  switch (name) {
    case "href":
      return escapedUrl(raw, ["http", "https", "mailto"]);
    case "src":
      return escapedUrl(raw, ["http", "https"]);
    case "target":
      return TARGETS.has(raw.trim().toLowerCase()) ? raw.trim().toLowerCase() : null;
    default:
      if (NUMBER_ATTRIBUTES.has(name)) return /^\s*\d{1,5}\s*$/.test(raw) ? raw.trim() : null;
      // The raw value's references stay as written; what could end the value or open a tag is escaped.
      return raw.replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
}

function withOpenerProtection(rel: string): string {
  const tokens = rel.split(/\s+/).filter(Boolean);
  for (const token of ["noopener", "noreferrer"]) if (!tokens.some((t) => t.toLowerCase() === token)) tokens.push(token);
  return tokens.join(" ");
}

/**
 * The URL as a browser reads it (character references decoded, surrounding space trimmed) when
 * its scheme is allowed or it is relative; escaped again, so the browser gets exactly the URL
 * that was checked (`javascript&colon;` we cannot decode stays a harmless relative path).
 */
function escapedUrl(raw: string, schemes: readonly string[]): string | null {
  const url = decodeAttribute(raw).trim();
  // Browsers drop tabs and newlines anywhere in a URL and control characters around it.
  const compact = url.replace(/[\s\u0000-\u001f\u007f-\u009f]/g, "");
  if (!compact) return null;
  const colon = compact.indexOf(":");
  const pathStart = compact.search(/[/?#]/);
  const hasScheme = colon !== -1 && (pathStart === -1 || colon < pathStart);
  if (hasScheme && !schemes.includes(compact.slice(0, colon).toLowerCase())) return null;
  return url.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// References that spell URL syntax, and numeric references, which browsers decode in attributes even without the `;`.
const URL_REFERENCES: Record<string, string> = {
  colon: ":",
  Tab: "\t",
  NewLine: "\n",
  sol: "/",
  quest: "?",
  num: "#",
  period: ".",
  lpar: "(",
  rpar: ")",
  excl: "!",
  commat: "@",
  percnt: "%",
  plus: "+",
  equals: "=",
};
const REFERENCE = /&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*);)/g;

function decodeAttribute(raw: string): string {
  return raw.replace(REFERENCE, (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name !== undefined) return URL_REFERENCES[name] ?? decodeHtmlEntities(whole);
    const codePoint = hex !== undefined ? parseInt(hex, 16) : parseInt(decimal!, 10);
    const invalid = !(codePoint > 0 && codePoint <= 0x10ffff) || (codePoint >= 0xd800 && codePoint <= 0xdfff);
    return invalid ? "\uFFFD" : String.fromCodePoint(codePoint);
  });
}
