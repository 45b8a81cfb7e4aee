import { decodeHtmlEntities } from "../../core/html-entities";

/** A forgiving HTML tree: enough structure to convert article HTML, not a full HTML5 parser. */
export type HtmlNode = HtmlText | HtmlElement;
export interface HtmlText {
  type: "text";
  /** Decoded text (entities resolved), whitespace as written. */
  text: string;
}
export interface HtmlElement {
  type: "element";
  name: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
/** Elements whose content is never markup; skipped whole with their content. */
const RAW_SKIPPED = new Set(["script", "style", "textarea", "title", "noscript", "template", "xmp", "iframe"]);
/** Block starts that close an open <p> (HTML's implied end tag). */
const CLOSES_P = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "div",
  "dl",
  "fieldset",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "ul",
]);
/** An open element of the key's name ends when a sibling of a name in the set starts (li after li). */
const CLOSED_BY_SIBLING: Record<string, string[]> = {
  li: ["li"],
  dt: ["dt", "dd"],
  dd: ["dt", "dd"],
  tr: ["tr"],
  td: ["td", "th", "tr"],
  th: ["td", "th", "tr"],
  option: ["option"],
};
/** Containers that stop the search for an element to close implicitly (an li in a nested list). */
const SCOPE_BOUNDARY = new Set(["ul", "ol", "dl", "table", "blockquote", "div"]);
/** Deeper elements are kept flat (their content becomes their siblings'), so rendering cannot overflow the stack. */
const MAX_DEPTH = 100;

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?|\s*\/(?!>))*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeHtmlEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attrs;
}

/** Parses an HTML fragment into a tree, repairing what browsers repair (unclosed p and li, stray end tags). */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElement = { type: "element", name: "#root", attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const top = () => stack[stack.length - 1]!;
  const addText = (text: string) => {
    if (text) top().children.push({ type: "text", text: decodeHtmlEntities(text) });
  };
  const closeImplicitly = (name: string) => {
    for (let i = stack.length - 1; i > 0; i--) {
      const open = stack[i]!.name;
      if (CLOSED_BY_SIBLING[open]?.includes(name)) stack.length = i;
      else if (SCOPE_BOUNDARY.has(open)) return;
    }
  };

  let position = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(html); match; match = TOKEN.exec(html)) {
    addText(html.slice(position, match.index));
    position = TOKEN.lastIndex;
    const [, slash, rawName, attrSource, selfClosing] = match;
    if (rawName === undefined) continue; // comment, doctype or processing instruction
    const name = rawName.toLowerCase();

    if (slash) {
      const openIndex = stack.findLastIndex((element, i) => i > 0 && element.name === name);
      if (openIndex > 0) stack.length = openIndex;
      continue;
    }
    if (RAW_SKIPPED.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, position);
      const close = end < 0 ? -1 : html.indexOf(">", end);
      position = close < 0 ? html.length : close + 1;
      TOKEN.lastIndex = position;
      continue;
    }
    if (CLOSES_P.has(name) && top().name === "p") stack.pop();
    if (name in CLOSED_BY_SIBLING) closeImplicitly(name);

    const element: HtmlElement = { type: "element", name, attrs: parseAttributes(attrSource ?? ""), children: [] };
    top().children.push(element);
    if (!VOID.has(name) && !selfClosing && stack.length < MAX_DEPTH) stack.push(element);
  }
  addText(html.slice(position));
  return root.children;
}

/** The text inside a node, whitespace kept (for <pre> and <code>); <br> becomes a newline. */
export function textContent(node: HtmlNode): string {
  if (node.type === "text") return node.text;
  if (node.name === "br") return "\n";
  return node.children.map(textContent).join("");
}
