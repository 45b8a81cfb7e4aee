// The article's text as the document editor will show it, drawn before the editor (TipTap) has
// loaded and mounted: the same boxes and classes, so the editor takes its place without moving
// anything. It is read from the browser's parser in a document of its own, which loads and runs
// nothing, and keeps only the document editor's elements (document-html.ts), without attributes.
import { createElement, Fragment, useMemo, type ReactNode } from "react";
import { DOCUMENT_ELEMENTS } from "./document-html";
import { RESTING_TOOLBAR, ToolbarView } from "./rich-toolbar";

const INLINE = new Set(["strong", "b", "em", "i", "a", "br"]);
/** What the editor calls these (`b` is bold, `i` italic); a link in the copy has no address, so it leads nowhere. */
const AS = { b: "strong", i: "em" } as Record<string, string>;

const isInline = (node: Node) => node.nodeType === Node.TEXT_NODE || (node instanceof Element && INLINE.has(node.localName));
const isBlank = (nodes: Node[]) => nodes.every((node) => node.nodeType === Node.TEXT_NODE && !/\S/.test(node.textContent ?? ""));

function inline(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? "").replace(/[ \t\n\r\f]+/g, " ");
  if (!(node instanceof Element)) return null;
  const children = [...node.childNodes].map((child, i) => inline(child, `${key}.${i}`));
  const name = node.localName;
  if (name === "br") return <br key={key} />;
  if (!DOCUMENT_ELEMENTS.has(name) || !INLINE.has(name)) return <Fragment key={key}>{children}</Fragment>;
  return createElement(AS[name] ?? name, { key }, ...children);
}

/** A container's children as the editor holds them: blocks as they are, each run of inline content in a paragraph. */
function blocks(parent: Node, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let run: Node[] = [];
  const endRun = () => {
    if (!isBlank(run)) out.push(<p key={`${key}.p${out.length}`}>{run.map((node, i) => inline(node, `${key}.${out.length}.${i}`))}</p>);
    run = [];
  };
  for (const [i, node] of [...parent.childNodes].entries()) {
    if (isInline(node)) {
      run.push(node);
      continue;
    }
    endRun();
    if (!(node instanceof Element)) continue;
    const name = node.localName;
    const childKey = `${key}.${i}`;
    if (name === "p" || /^h[2-4]$/.test(name))
      out.push(createElement(name, { key: childKey }, ...[...node.childNodes].map((child, k) => inline(child, `${childKey}.${k}`))));
    else if (name === "ul" || name === "ol" || name === "li" || name === "blockquote")
      out.push(createElement(name, { key: childKey }, ...blocks(node, childKey)));
    else out.push(<Fragment key={childKey}>{blocks(node, childKey)}</Fragment>);
  }
  endRun();
  return out;
}

/** `html`'s document as React elements (see above). */
export function documentElements(html: string): ReactNode[] {
  return blocks(new DOMParser().parseFromString(html, "text/html").body, "d");
}

/**
 * The editor's still copy: its toolbar and its text, as they will be. `onWake` is called at the
 * first touch or click, which brings the editor at once.
 */
export function DocumentCopy({ html, language, onWake }: { html: string; language: string; onWake(): void }) {
  const elements = useMemo(() => documentElements(html), [html]);
  return (
    <div className="rich-editor" onPointerDown={onWake} data-testid="document-copy">
      <ToolbarView state={RESTING_TOOLBAR} />
      <div>
        <div className="rich-document ProseMirror" lang={language}>
          {elements}
        </div>
      </div>
    </div>
  );
}
