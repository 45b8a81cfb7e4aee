import { describe, expect, it } from "vitest";
import { documentHtml, elementsOutsideDocument } from "../src/screens/articles/document-html";

// The document editor holds an article only when it can keep all of it; its output is written the
// way the writer writes lists.
describe("the article as a document", () => {
  it("holds paragraphs, headings h2–h4, lists, quotes, emphasis and links", () => {
    const html =
      '<h2>Starter</h2><p>Feed it <strong>daily</strong>, <em>warm</em>. <a href="https://a.example/x" rel="nofollow noopener">Source</a></p>' +
      "<h3>Steps</h3><ol><li>Mix</li><li>Wait<br>a day</li></ol><h4>Note</h4><blockquote><p>Patience.</p></blockquote><ul><li><b>B</b> <i>I</i></li></ul>";
    expect(elementsOutsideDocument(html)).toEqual([]);
  });

  it("names what it cannot hold: images, tables, code, h1, h5", () => {
    const html =
      '<h1>T</h1><p>x</p><figure><img src="/a.webp" alt=""></figure><table><tr><td>1</td></tr></table><pre><code>c</code></pre><h5>small</h5>';
    expect(elementsOutsideDocument(html)).toEqual(["h1", "figure", "img", "table", "tr", "td", "pre", "code", "h5"]);
  });

  it("writes a list item holding one paragraph as the item's text", () => {
    expect(documentHtml("<ul><li><p>One</p></li><li><p>Two <strong>2</strong></p></li></ul>")).toBe(
      "<ul><li>One</li><li>Two <strong>2</strong></li></ul>",
    );
  });

  it("keeps the paragraphs of an item with more than one block, and paragraphs outside lists", () => {
    const nested = "<ul><li><p>One</p><ul><li><p>Inner</p></li></ul></li></ul>";
    expect(documentHtml(nested)).toBe("<ul><li><p>One</p><ul><li>Inner</li></ul></li></ul>");
    const two = "<ol><li><p>A</p><p>B</p></li></ol>";
    expect(documentHtml(two)).toBe(two);
    expect(documentHtml("<p>Text</p><blockquote><p>Q</p></blockquote>")).toBe("<p>Text</p><blockquote><p>Q</p></blockquote>");
  });

  it("types a space beside a tag as a plain space, and keeps a no-break space between words", () => {
    expect(documentHtml("<p>Keeps a week.<strong>&nbsp;Wrap it.</strong>&nbsp;</p>")).toBe(
      "<p>Keeps a week.<strong> Wrap it.</strong> </p>",
    );
    expect(documentHtml("<p>10&nbsp;km</p>")).toBe("<p>10&nbsp;km</p>");
  });
});
