import { parseHtml, textContent, type HtmlElement, type HtmlNode } from "./html-tree";

export interface BbCodeOptions {
  /**
   * Absolute origin that relative link and image URLs are resolved against (our public
   * base URL, for `/api/media/...` images). Without it, relative URLs are dropped: a forum
   * cannot resolve them.
   */
  baseUrl?: string | null;
}

// Headings: [HEADING=n] exists only in newer XenForo versions, so bold + size, which every
// XenForo 2 renders (SIZE=4 is the normal 15 px text).
const HEADING_SIZE: Record<string, number | null> = { h1: 7, h2: 6, h3: 5, h4: null, h5: null, h6: null };
const INLINE_TAG: Record<string, string> = {
  b: "B",
  strong: "B",
  i: "I",
  em: "I",
  cite: "I",
  dfn: "I",
  var: "I",
  u: "U",
  ins: "U",
  s: "S",
  strike: "S",
  del: "S",
};
const PARAGRAPH_LIKE = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "main",
  "aside",
  "nav",
  "address",
  "figure",
  "dl",
  "center",
  "details",
  "summary",
  "fieldset",
]);
/** Dropped with everything inside: nothing a forum post can show. */
const DROPPED = new Set([
  "head",
  "svg",
  "canvas",
  "object",
  "embed",
  "video",
  "audio",
  "button",
  "select",
  "input",
  "form",
  "map",
  "dialog",
]);

const BLOCK_BREAK = "\n\n";
const PLACEHOLDER = /\u0000(\d+)\u0000/g;

/**
 * Converts article HTML into XenForo BBCode: headings, paragraphs, bold/italic/underline/
 * strike, links, e-mail links, lists (nested, ordered), images, blockquotes, code blocks and
 * inline code, tables (as lines), entities. Text that looks like BBCode is wrapped in
 * [PLAIN] so it shows as written.
 */
export function htmlToBbCode(html: string, options: BbCodeOptions = {}): string {
  const verbatim: string[] = [];
  const keep = (bbcode: string) => `\u0000${verbatim.push(bbcode) - 1}\u0000`;
  const baseUrl = options.baseUrl ? `${options.baseUrl.replace(/\/+$/, "")}/` : null;

  const renderAll = (nodes: HtmlNode[]): string => nodes.map(renderNode).join("");

  function renderNode(node: HtmlNode): string {
    if (node.type === "text") return escapeText(node.text.replace(/[ \t\n\r\f]+/g, " "));
    const { name } = node;
    if (DROPPED.has(name)) return "";
    if (name in INLINE_TAG) return wrap(INLINE_TAG[name]!, renderAll(node.children));
    if (name in HEADING_SIZE) {
      const text = oneLine(renderAll(node.children));
      const size = HEADING_SIZE[name];
      return block(wrap("B", size ? wrap(`SIZE=${size}`, text, "SIZE") : text));
    }
    if (PARAGRAPH_LIKE.has(name)) return block(renderAll(node.children));
    switch (name) {
      case "br":
        return "\n";
      case "hr":
        return BLOCK_BREAK;
      case "a":
        return renderLink(node);
      case "img": {
        const src = absoluteUrl(node.attrs.src ?? "", ["http:", "https:"]);
        if (src) return `[IMG]${src}[/IMG]`;
        return escapeText(node.attrs.alt?.trim() ?? "");
      }
      case "blockquote":
        return block(`[QUOTE]${renderAll(node.children).trim()}[/QUOTE]`);
      case "pre": {
        const code = textContent(node)
          .replace(/^\r?\n/, "")
          .replace(/\s+$/, "");
        return code ? block(keep(`[CODE]${code.replace(/\[\/code\]/gi, "[/\u200bCODE]")}[/CODE]`)) : "";
      }
      case "code":
      case "kbd":
      case "samp": {
        const code = textContent(node).replace(/\s+/g, " ");
        return code.trim() ? keep(`[ICODE]${code.replace(/\[\/icode\]/gi, "[/\u200bICODE]")}[/ICODE]`) : code;
      }
      case "ul":
      case "ol":
        return renderList(node);
      case "li":
        return block(renderAll(node.children)); // an item outside any list
      case "dt":
        return block(wrap("B", renderAll(node.children)));
      case "dd":
        return block(renderAll(node.children));
      case "figcaption":
      case "caption":
        return block(wrap("I", renderAll(node.children)));
      case "table":
        return renderTable(node);
      default:
        return renderAll(node.children);
    }
  }

  function renderLink(node: HtmlElement): string {
    const inner = renderAll(node.children);
    const raw = (node.attrs.href ?? "").trim();
    if (/^mailto:/i.test(raw)) {
      const address = decodeURIComponentSafe(raw.slice(7).split("?")[0] ?? "").trim();
      if (!/^[^\s@[\]]+@[^\s@[\]]+$/.test(address)) return inner;
      return inner.trim() === "" || inner.trim() === address ? `[EMAIL]${address}[/EMAIL]` : wrap(`EMAIL=${address}`, inner, "EMAIL");
    }
    const href = absoluteUrl(raw, ["http:", "https:"]);
    if (!href) return inner;
    return inner.trim() === "" || inner.trim() === escapeText(raw) ? `[URL]${href}[/URL]` : wrap(`URL=${href}`, inner, "URL");
  }

  function renderList(node: HtmlElement): string {
    const items = node.children
      .filter((child) => child.type === "element" || child.text.trim() !== "")
      .map((child) => listItem(child.type === "element" && child.name === "li" ? child.children : [child]))
      .filter((item) => item !== "");
    if (items.length === 0) return "";
    const open = node.name === "ol" ? "[LIST=1]" : "[LIST]";
    return block(`${open}${items.map((item) => `\n[*]${item}`).join("")}\n[/LIST]`);
  }

  // Inside an item a blank line would show as an empty line; one newline keeps nested lists apart.
  const listItem = (children: HtmlNode[]) => tidy(renderAll(children)).replace(/\n{2,}/g, "\n");

  function renderTable(table: HtmlElement): string {
    const rows: string[] = [];
    const visit = (node: HtmlNode) => {
      if (node.type !== "element") return;
      if (node.name === "caption") rows.push(wrap("I", oneLine(renderAll(node.children))));
      else if (node.name === "tr") {
        const cells = node.children.filter(
          (cell): cell is HtmlElement => cell.type === "element" && (cell.name === "td" || cell.name === "th"),
        );
        const line = cells
          .map((cell) => (cell.name === "th" ? wrap("B", oneLine(renderAll(cell.children))) : oneLine(renderAll(cell.children))))
          .join(" | ");
        if (line.replace(/[\s|]/g, "")) rows.push(line);
      } else if (node.name !== "table") node.children.forEach(visit);
    };
    table.children.forEach(visit);
    return block(rows.join("\n"));
  }

  function absoluteUrl(raw: string, schemes: string[]): string | null {
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith("#")) return null;
    let url: URL;
    try {
      url = baseUrl ? new URL(trimmed, baseUrl) : new URL(trimmed);
    } catch {
      return null;
    }
    if (!schemes.includes(url.protocol)) return null;
    // "]" would end the BBCode option or tag early.
    return url.href.replace(/\[/g, "%5B").replace(/\]/g, "%5D");
  }

  const body = tidy(renderAll(parseHtml(html.replace(/\u0000/g, ""))));
  return body.replace(PLACEHOLDER, (_, index: string) => verbatim[Number(index)]!);
}

/** Wraps non-blank content in a tag, keeping surrounding whitespace outside it. */
function wrap(open: string, inner: string, close = open): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  if (!match[2]) return inner;
  return `${match[1]}[${open}]${match[2]}[/${close}]${match[3]}`;
}

function block(inner: string): string {
  const content = inner.trim();
  return content ? `${BLOCK_BREAK}${content}${BLOCK_BREAK}` : "";
}

const oneLine = (text: string) => text.replace(/\s*\n+\s*/g, " ").trim();

/** No spaces at line ends, at most one blank line in a row, nothing around the whole. */
function tidy(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/^ +| +$/g, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Text that would parse as a BBCode tag is shown as written. */
function escapeText(text: string): string {
  return text.replace(/\[\/?[a-z*][^[\]]*\]/gi, (tag) => (/^\[\/plain\]$/i.test(tag) ? "[\u200b/PLAIN]" : `[PLAIN]${tag}[/PLAIN]`));
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
