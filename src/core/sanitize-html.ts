import { decodeHtmlEntities } from "./html-entities.ts";

// The allowlist sanitizer for article HTML from models and from PATCH (DESIGN.md "Security").
// HTMLRewriter tokenizes like a browser, so what it sees as an element is what a browser sees;
// every element it leaves is on the allowlist and carries only allowlisted attributes.

const ALLOWED_ELEMENTS = new Set(
  "p h2 h3 h4 h5 h6 ul ol li strong em b i u a blockquote img figure figcaption table thead tbody tfoot tr th td br hr code pre span sub sup del ins s small mark abbr cite q dl dt dd".split(" "),
);

// Removed with their content. Beyond the obviously active ones, every element whose content a
// browser reads as raw text (title, xmp, plaintext, noembed, noframes…) is here: unwrapping it
// would turn its text, such as `<img onerror=…>`, into markup.
const REMOVED_WITH_CONTENT = new Set(
  "script style iframe object embed form input button select textarea template noscript svg math link meta base frame frameset applet title xmp plaintext noembed noframes".split(" "),
);

// Unknown block elements are unwrapped with a line break around them, so `<div>a</div><div>b</div>` keeps two words.
const BLOCKS = new Set("div section article header footer main aside nav address center details summary fieldset legend caption head body html".split(" "));

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ["href", "title", "rel", "target"],
  img: ["src", "alt", "title", "width", "height"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
};

const NUMBER_ATTRIBUTES = new Set(["width", "height", "colspan", "rowspan"]);
const TARGETS = new Set(["_blank", "_self", "_parent", "_top"]);

/**
 * `html` with only allowlisted elements and attributes: dangerous elements gone with their
 * content, unknown ones unwrapped, `h1` turned into `h2`, comments dropped, URLs limited to
 * http(s), mailto (links) and relative ones. Text is kept exactly as written.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  const rewriter = new HTMLRewriter().on("*", { element: sanitizeElement }).onDocument({ comments: (comment) => void comment.remove() });
  const rewritten = await rewriter.transform(new Response(html)).text();
  return withoutStrayTags(rewritten);
}

function sanitizeElement(element: Element): void {
  const name = element.tagName;
  if (REMOVED_WITH_CONTENT.has(name)) {
    element.remove();
    return;
  }
  if (name === "h1") element.tagName = "h2";
  else if (!ALLOWED_ELEMENTS.has(name)) {
    if (BLOCKS.has(name)) element.before("\n").after("\n");
    element.removeAndKeepContent();
    return;
  }
  keepAllowedAttributes(element);
  if (element.tagName === "img" && !element.hasAttribute("src")) element.remove();
}

/**
 * Rewrites the attributes: the first value of each allowed one (a browser ignores later
 * duplicates, so they go too), URLs checked and written back in the form that was checked.
 */
function keepAllowedAttributes(element: Element): void {
  const allowed = ALLOWED_ATTRIBUTES[element.tagName] ?? [];
  const firstValues = new Map<string, string>();
  for (const [name, value] of element.attributes) if (!firstValues.has(name!)) firstValues.set(name!, value ?? "");
  for (const name of firstValues.keys()) element.removeAttribute(name);

  const kept = new Map<string, string>();
  for (const [name, raw] of firstValues) {
    if (!allowed.includes(name)) continue;
    const value = attributeValue(name, raw);
    if (value !== null) kept.set(name, value);
  }
  const target = kept.get("target");
  if (target === "_blank") kept.set("rel", withOpenerProtection(kept.get("rel") ?? ""));
  for (const [name, value] of kept) element.setAttribute(name, value);
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
      // setAttribute escapes only `"`; the raw value's references stay as written.
      return raw;
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
const URL_REFERENCES: Record<string, string> = { colon: ":", Tab: "\t", NewLine: "\n", sol: "/", quest: "?", num: "#", period: ".", lpar: "(", rpar: ")", excl: "!", commat: "@", percnt: "%", plus: "+", equals: "=" };
const REFERENCE = /&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*);)/g;

function decodeAttribute(raw: string): string {
  return raw.replace(REFERENCE, (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name !== undefined) return URL_REFERENCES[name] ?? decodeHtmlEntities(whole);
    const codePoint = hex !== undefined ? parseInt(hex, 16) : parseInt(decimal!, 10);
    const invalid = !(codePoint > 0 && codePoint <= 0x10ffff) || (codePoint >= 0xd800 && codePoint <= 0xdfff);
    return invalid ? "\uFFFD" : String.fromCodePoint(codePoint);
  });
}

// A tag ends at the first `>` outside quotes; after the rewrite every kept attribute is double-quoted.
const TAG = /<!doctype[^>]*>|<\/([a-zA-Z][^\s/>]*)[^>]*>|<[a-zA-Z](?:[^>"']|"[^"]*"|'[^']*')*>/gi;

/** Drops the doctype and end tags that close nothing kept (HTMLRewriter passes stray ones through), so a theme's own `</div>` is not closed early. */
function withoutStrayTags(html: string): string {
  return html.replace(TAG, (tag, endName: string | undefined) => {
    if (tag[1] === "!") return "";
    if (endName === undefined) return tag;
    const name = endName.toLowerCase();
    return ALLOWED_ELEMENTS.has(name) ? tag : "";
  });
}
