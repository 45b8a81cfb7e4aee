import { decodeHtmlEntities } from "../../core/html-entities";
import type { PageHeading } from "./port";

/** Elements whose text is never main text: page chrome, scripts and forms. */
const SKIPPED = new Set([
  "nav",
  "header",
  "footer",
  "aside",
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "iframe",
  "form",
  "button",
  "select",
  "dialog",
]);
/** ARIA landmarks that are page chrome however they are marked up. */
const SKIPPED_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "search", "dialog"]);
const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "li",
  "ul",
  "ol",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "br",
  "tr",
  "td",
  "th",
  "blockquote",
  "pre",
  "figcaption",
  "dd",
  "dt",
  "table",
]);
/** Elements without an end tag: no end-tag handler may be registered on them. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
/** Text inside <main> or <article> shorter than this is not trusted to be the whole main text. */
const MIN_MAIN_CHARS = 200;

export interface ExtractedPage {
  title: string;
  headings: PageHeading[];
  text: string;
}

interface Heading {
  level: 2 | 3;
  raw: string;
  inMain: boolean;
}

/**
 * The title, h2/h3 headings and main text of an HTML page, streamed through HTMLRewriter. Text
 * inside navigation, header, footer, asides, scripts, styles and forms is dropped; when the page
 * marks its content with <main> or <article>, only that content is kept.
 */
export async function extractPage(html: string): Promise<ExtractedPage> {
  let skipDepth = 0;
  let mainDepth = 0;
  let title = "";
  let inTitle = false;
  let h1 = "";
  let inH1 = false;
  let heading: Heading | null = null;
  const headings: Heading[] = [];
  let all = "";
  let main = "";
  const breakLine = () => {
    all += "\n";
    if (mainDepth > 0) main += "\n";
  };

  const rewriter = new HTMLRewriter()
    .on("*", {
      element(element) {
        const tag = element.tagName.toLowerCase();
        const role = element.getAttribute("role")?.toLowerCase();
        const hidden = element.hasAttribute("hidden") || element.getAttribute("aria-hidden") === "true";
        if (VOID.has(tag)) {
          if (tag === "br") breakLine();
          return;
        }
        if (SKIPPED.has(tag) || (role && SKIPPED_ROLES.has(role)) || hidden) {
          skipDepth += 1;
          element.onEndTag(() => {
            skipDepth -= 1;
          });
          return;
        }
        // An element takes one end-tag handler (a second replaces the first): collect the actions.
        const atEnd: (() => void)[] = [];
        if (tag === "title" && skipDepth === 0) {
          inTitle = true;
          atEnd.push(() => {
            inTitle = false;
          });
        }
        if (BLOCKS.has(tag)) {
          breakLine();
          atEnd.push(breakLine);
        }
        if (tag === "main" || tag === "article") {
          mainDepth += 1;
          atEnd.push(() => {
            mainDepth -= 1;
          });
        }
        if (tag === "h1" && skipDepth === 0) {
          inH1 = true;
          atEnd.push(() => {
            inH1 = false;
          });
        }
        if ((tag === "h2" || tag === "h3") && skipDepth === 0) {
          const current: Heading = { level: tag === "h2" ? 2 : 3, raw: "", inMain: mainDepth > 0 };
          heading = current;
          atEnd.push(() => {
            headings.push(current);
            heading = null;
          });
        }
        if (atEnd.length > 0)
          element.onEndTag(() => {
            for (const action of atEnd) action();
          });
      },
    })
    .onDocument({
      text(chunk) {
        if (inTitle) title += chunk.text;
        if (skipDepth > 0 || inTitle) return;
        if (inH1) h1 += chunk.text;
        if (heading) heading.raw += chunk.text;
        all += chunk.text;
        if (mainDepth > 0) main += chunk.text;
      },
    });
  // The rewriter works as the body is read; reading it to the end runs every handler.
  await rewriter.transform(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } })).arrayBuffer();

  const useMain = paragraphs(main).length >= MIN_MAIN_CHARS;
  return {
    title: inline(title) || inline(h1),
    headings: headings
      .filter((entry) => !useMain || entry.inMain)
      .map((entry) => ({ level: entry.level, text: inline(entry.raw) }))
      .filter((entry) => entry.text !== ""),
    text: paragraphs(useMain ? main : all),
  };
}

/** Text on one line: entities decoded, whitespace collapsed. */
function inline(raw: string): string {
  return decodeHtmlEntities(raw).replace(/\s+/g, " ").trim();
}

/** Text as paragraphs: one per block, each on its own line, blank ones dropped. */
function paragraphs(raw: string): string {
  return raw
    .split("\n")
    .map(inline)
    .filter((line) => line !== "")
    .join("\n");
}
