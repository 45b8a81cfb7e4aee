import { describe, expect, it } from "vitest";
import { htmlToBbCode } from "../../src/adapters/xenforo/bbcode";
import { decodeHtmlEntities } from "../../src/core/html-entities";

describe("htmlToBbCode: blocks", () => {
  it("separates paragraphs by one blank line and keeps <br> as a line break", () => {
    expect(htmlToBbCode("<p>First   line<br>second line</p>\n  <p>Next\nparagraph</p>")).toBe("First line\nsecond line\n\nNext paragraph");
  });

  it("renders headings as bold, sized text on their own lines", () => {
    const html = "<h1>Top</h1><h2>Ekmeğin Tarihi</h2><p>Body</p><h3>Sub <em>part</em></h3><h4>Small</h4>";
    expect(htmlToBbCode(html)).toBe(
      "[B][SIZE=7]Top[/SIZE][/B]\n\n[B][SIZE=6]Ekmeğin Tarihi[/SIZE][/B]\n\nBody\n\n[B][SIZE=5]Sub [I]part[/I][/SIZE][/B]\n\n[B]Small[/B]",
    );
  });

  it("turns a heading with a line break into one line", () => {
    expect(htmlToBbCode("<h2>One<br>two</h2>")).toBe("[B][SIZE=6]One two[/SIZE][/B]");
  });

  it("closes an unclosed <p> at the next block, as browsers do", () => {
    expect(htmlToBbCode("<p>one<p>two<ul><li>x</ul>")).toBe("one\n\ntwo\n\n[LIST]\n[*]x\n[/LIST]");
  });

  it("drops empty paragraphs and collapses runs of blank lines", () => {
    expect(htmlToBbCode("<p>a</p><p> </p><p>&nbsp;</p><div><div></div></div><p>b</p>")).toBe("a\n\nb");
  });

  it("wraps blockquotes in [QUOTE]", () => {
    expect(htmlToBbCode("<blockquote><p>Said <b>this</b>.</p><p>And that.</p></blockquote>")).toBe(
      "[QUOTE]Said [B]this[/B].\n\nAnd that.[/QUOTE]",
    );
  });

  it("keeps <pre> verbatim in [CODE], markup and entities inside decoded to text", () => {
    const html = "<pre><code>if (a &lt; b) {\n  return [b]x[/b];\n}\n</code></pre><p>after</p>";
    expect(htmlToBbCode(html)).toBe("[CODE]if (a < b) {\n  return [b]x[/b];\n}[/CODE]\n\nafter");
  });

  it("cannot be closed early by [/CODE] inside the code", () => {
    expect(htmlToBbCode("<pre>x [/code] y</pre>")).toBe("[CODE]x [/\u200bCODE] y[/CODE]");
  });

  it("renders tables as one line per row, header cells bold", () => {
    const html =
      "<table><caption>Prices</caption><thead><tr><th>Item</th><th>TRY</th></tr></thead><tbody><tr><td>Bread</td><td>15</td></tr><tr><td>Simit<td>10</tbody></table>";
    expect(htmlToBbCode(html)).toBe("[I]Prices[/I]\n[B]Item[/B] | [B]TRY[/B]\nBread | 15\nSimit | 10");
  });

  it("renders figures with their captions in italics", () => {
    const html = '<figure><img src="https://cdn.example.com/a.webp" alt="Bread"><figcaption>Fresh bread</figcaption></figure>';
    expect(htmlToBbCode(html)).toBe("[IMG]https://cdn.example.com/a.webp[/IMG]\n\n[I]Fresh bread[/I]");
  });

  it("drops scripts, styles, comments, iframes and forms with their content", () => {
    const html =
      "<p>a</p><script>alert('[b]x')</script><style>p{}</style><!-- note --><iframe src='https://x'>fallback</iframe><form><input value='v'><button>Go</button></form><p>b</p>";
    expect(htmlToBbCode(html)).toBe("a\n\nb");
  });
});

describe("htmlToBbCode: inline", () => {
  it("maps bold, italic, underline and strike, nested", () => {
    expect(
      htmlToBbCode(
        "<p><strong>b</strong> <b>b2</b> <em>i</em> <i>i2</i> <u>u</u> <s>s</s> <del>d</del> <strong><em>both</em></strong></p>",
      ),
    ).toBe("[B]b[/B] [B]b2[/B] [I]i[/I] [I]i2[/I] [U]u[/U] [S]s[/S] [S]d[/S] [B][I]both[/I][/B]");
  });

  it("keeps spaces outside the tags and drops tags around nothing", () => {
    expect(htmlToBbCode("<p>a<b> bold </b>c<i> </i>d<em></em></p>")).toBe("a [B]bold[/B] c d");
  });

  it("renders inline code as [ICODE] without parsing BBCode inside", () => {
    expect(htmlToBbCode("<p>Run <code>npm [b]test[/b]</code> now</p>")).toBe("Run [ICODE]npm [b]test[/b][/ICODE] now");
  });

  it("ignores unknown inline elements but keeps their text", () => {
    expect(htmlToBbCode('<p><span class="x">a</span> <mark>b</mark> <abbr title="c">C</abbr></p>')).toBe("a b C");
  });
});

describe("htmlToBbCode: links and images", () => {
  it("renders links with [URL=…] and a link showing its own address as [URL]", () => {
    expect(
      htmlToBbCode(
        '<p><a href="https://example.com/a?b=1&amp;c=2">the <b>site</b></a> and <a href="https://example.com/">https://example.com/</a></p>',
      ),
    ).toBe("[URL=https://example.com/a?b=1&c=2]the [B]site[/B][/URL] and [URL]https://example.com/[/URL]");
  });

  it("encodes brackets and spaces in URLs so they cannot end the tag", () => {
    expect(htmlToBbCode('<a href="https://example.com/a]b[c d">x</a>')).toBe("[URL=https://example.com/a%5Db%5Bc%20d]x[/URL]");
  });

  it("turns mailto links into [EMAIL]", () => {
    expect(
      htmlToBbCode('<a href="mailto:info@example.com">write us</a> <a href="mailto:info@example.com?subject=x">info@example.com</a>'),
    ).toBe("[EMAIL=info@example.com]write us[/EMAIL] [EMAIL]info@example.com[/EMAIL]");
  });

  it("keeps only the text of links a forum cannot follow", () => {
    expect(
      htmlToBbCode(
        '<a href="javascript:alert(1)">js</a> <a href="#top">anchor</a> <a href="/relative">rel</a> <a>none</a> <a href="data:text/html,x">data</a>',
      ),
    ).toBe("js anchor rel none data");
  });

  it("resolves relative links and images against the given base URL", () => {
    const html = '<p><a href="/api/v1/public/articles/3">more</a></p><img src="/api/media/uploads/a.webp" alt="A">';
    expect(htmlToBbCode(html, { baseUrl: "https://api.example.com/" })).toBe(
      "[URL=https://api.example.com/api/v1/public/articles/3]more[/URL]\n\n[IMG]https://api.example.com/api/media/uploads/a.webp[/IMG]",
    );
  });

  it("renders images with http(s) sources as [IMG], others as their alt text", () => {
    expect(
      htmlToBbCode(
        '<p><img src="https://cdn.example.com/x.png"> <img src="data:image/png;base64,AAA" alt="A chart"> <img src="/x.png"></p>',
      ),
    ).toBe("[IMG]https://cdn.example.com/x.png[/IMG] A chart");
  });

  it("keeps an image inside a link", () => {
    expect(htmlToBbCode('<a href="https://example.com/"><img src="https://example.com/i.png"></a>')).toBe(
      "[URL=https://example.com/][IMG]https://example.com/i.png[/IMG][/URL]",
    );
  });
});

describe("htmlToBbCode: lists", () => {
  it("renders unordered and ordered lists", () => {
    expect(htmlToBbCode("<ul><li>one</li><li><b>two</b></li></ul><ol><li>first</li><li>second</li></ol>")).toBe(
      "[LIST]\n[*]one\n[*][B]two[/B]\n[/LIST]\n\n[LIST=1]\n[*]first\n[*]second\n[/LIST]",
    );
  });

  it("nests lists without blank lines inside items", () => {
    const html = "<ul>\n  <li>a\n    <ol><li>a1</li><li>a2</li></ol>\n  </li>\n  <li><p>b</p><p>b2</p></li>\n</ul>";
    expect(htmlToBbCode(html)).toBe("[LIST]\n[*]a\n[LIST=1]\n[*]a1\n[*]a2\n[/LIST]\n[*]b\nb2\n[/LIST]");
  });

  it("closes unclosed list items at the next item", () => {
    expect(htmlToBbCode("<ul><li>one<li>two<li>three</ul>")).toBe("[LIST]\n[*]one\n[*]two\n[*]three\n[/LIST]");
  });

  it("drops empty items and empty lists", () => {
    expect(htmlToBbCode("<ul><li> </li></ul><ol><li>x</li><li></li></ol>")).toBe("[LIST=1]\n[*]x\n[/LIST]");
  });
});

describe("htmlToBbCode: text and entities", () => {
  it("decodes named and numeric entities", () => {
    expect(
      htmlToBbCode("<p>&lt;tag&gt; &amp; &quot;q&quot; &#39;s &copy; &euro;5 &hellip; &#x15F;&#305; &Ouml;&ccedil; &bogus; &#0;</p>"),
    ).toBe('<tag> & "q" \'s © €5 … şı Öç &bogus; \uFFFD');
  });

  it("shows text that looks like BBCode as written", () => {
    expect(htmlToBbCode("<p>Use [b]bold[/b] or [url=https://x]x[/url]; [PLAIN] and [/plain] too, but [1] stays</p>")).toBe(
      "Use [PLAIN][b][/PLAIN]bold[PLAIN][/b][/PLAIN] or [PLAIN][url=https://x][/PLAIN]x[PLAIN][/url][/PLAIN]; [PLAIN][PLAIN][/PLAIN] and [\u200b/PLAIN] too, but [1] stays",
    );
  });

  it("keeps Turkish text and a lone < intact", () => {
    expect(htmlToBbCode("<p>İstanbul'da ekmeğin fiyatı 3 < 5 mi?</p>")).toBe("İstanbul'da ekmeğin fiyatı 3 < 5 mi?");
  });

  it("turns plain text without tags into itself", () => {
    expect(htmlToBbCode("  just text  ")).toBe("just text");
    expect(htmlToBbCode("")).toBe("");
  });

  it("ignores stray end tags and unclosed inline tags", () => {
    expect(htmlToBbCode("<p>a</b></i> <b>bold</p><p>c</p>")).toBe("a [B]bold[/B]\n\nc");
  });

  it("handles a long hostile input quickly and without throwing", () => {
    const hostile = `${"<a href='x".repeat(2000)}${"<b>".repeat(5000)}x${"[".repeat(3000)}`;
    expect(() => htmlToBbCode(hostile)).not.toThrow();
  });
});

describe("decodeHtmlEntities", () => {
  it("knows the Latin-1 names at the right code points", () => {
    expect(decodeHtmlEntities("&nbsp;&iquest;&Agrave;&times;&szlig;&divide;&yuml;")).toBe("\u00a0¿À×ß÷ÿ");
  });
  it("is case-sensitive as HTML is", () => {
    expect(decodeHtmlEntities("&Uuml;&uuml;&AMP;")).toBe("Üü&AMP;");
  });
});
