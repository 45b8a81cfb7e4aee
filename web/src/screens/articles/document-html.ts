import { htmlTokens } from "../../../../src/core/html-tokens";

// The article as a document: which HTML the document editor (rich-editor.tsx) can hold without
// losing anything, and its output put back in the shape the writer uses. Read with the tokenizer
// the server's sanitiser uses, so both see the same elements.

/**
 * The elements the document editor keeps: a subset of what the sanitiser keeps
 * (src/core/sanitize-html.ts). Images, tables, code, h1, h5–h6 and the rarer inline elements are
 * not among them; an article with any of those is edited as HTML, so nothing is dropped unseen.
 */
export const DOCUMENT_ELEMENTS: ReadonlySet<string> = new Set("p h2 h3 h4 ul ol li strong b em i a blockquote br".split(" "));

/** The elements of `html` the document editor cannot hold, each once, in order of first use. */
export function elementsOutsideDocument(html: string): string[] {
  const outside = new Set<string>();
  for (const token of htmlTokens(html)) {
    if (token.type === "start" && !DOCUMENT_ELEMENTS.has(token.name)) outside.add(token.name);
  }
  return [...outside];
}

/**
 * The document editor's HTML as the writer shapes it:
 * - a list item holding a single paragraph is written `<li>text</li>`, not `<li><p>text</p></li>`
 *   (the editor wraps every item's text in a paragraph); an item with more than one block keeps them;
 * - a no-break space against a tag is a plain space: a browser types a space at the end of a line or
 *   beside a mark as a no-break space, which the owner never meant. One between two words is kept.
 */
export function documentHtml(editorHtml: string): string {
  return editorHtml
    .replace(/<li><p>((?:(?!<\/?(?:p|li)[\s>])[\s\S])*)<\/p><\/li>/g, "<li>$1</li>")
    .replace(/&nbsp;(?=<)|(?<=>)&nbsp;/g, " ");
}
