import { describe, expect, it } from "vitest";
import { MAX_HTML_DEPTH, sanitizeHtml } from "../../src/core/sanitize-html";

type Case = [description: string, input: string, expected: string];

const check = (cases: Case[]) =>
  it.each(cases)("%s", async (_, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

describe("sanitizeHtml: allowed markup stays as written", () => {
  check([
    [
      "headings, paragraphs and inline formatting",
      "<h2>Giriş</h2><p>Ekmeğin <strong>tarihi</strong> <em>uzun</em>, <b>b</b> <i>i</i> <u>u</u>.</p><h3>A</h3><h4>B</h4><h5>C</h5><h6>D</h6>",
      "<h2>Giriş</h2><p>Ekmeğin <strong>tarihi</strong> <em>uzun</em>, <b>b</b> <i>i</i> <u>u</u>.</p><h3>A</h3><h4>B</h4><h5>C</h5><h6>D</h6>",
    ],
    [
      "lists, quotes, code and the small inline elements",
      '<ul><li>a</li></ul><ol><li>b</li></ol><dl><dt>t</dt><dd>d</dd></dl><blockquote><p>q</p><cite>c</cite></blockquote><pre><code>x = 1</code></pre><p><span>s</span><sub>1</sub><sup>2</sup><del>d</del><ins>i</ins><s>s</s><small>m</small><mark>k</mark><abbr title="HyperText">HTML</abbr><q>q</q></p>',
      "<ul><li>a</li></ul><ol><li>b</li></ol><dl><dt>t</dt><dd>d</dd></dl><blockquote><p>q</p><cite>c</cite></blockquote><pre><code>x = 1</code></pre><p><span>s</span><sub>1</sub><sup>2</sup><del>d</del><ins>i</ins><s>s</s><small>m</small><mark>k</mark><abbr>HTML</abbr><q>q</q></p>",
    ],
    [
      "tables with spans on cells",
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="3">a</td><td>b</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>',
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="3">a</td><td>b</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>',
    ],
    [
      "a figure with an image and caption",
      '<figure><img src="/api/media/abc.webp" alt="Ekşi maya" title="t" width="1600" height="900"><figcaption>Foto</figcaption></figure>',
      '<figure><img src="/api/media/abc.webp" alt="Ekşi maya" title="t" width="1600" height="900"><figcaption>Foto</figcaption></figure>',
    ],
    ["void elements, self-closing or not", "<p>a<br>b<br/>c</p><hr>", "<p>a<br>b<br/>c</p><hr>"],
    [
      "text with entities, kept escaped",
      "<p>Fish &amp; chips &lt;b&gt; &nbsp;&hellip; 5 &gt; 3 &unknown;</p>",
      "<p>Fish &amp; chips &lt;b&gt; &nbsp;&hellip; 5 &gt; 3 &unknown;</p>",
    ],
    ["plain text", "just text, no tags", "just text, no tags"],
    ["an empty string", "", ""],
  ]);
});

describe("sanitizeHtml: elements", () => {
  check([
    ["h1 becomes h2, end tag included", '<h1 class="title">Başlık</h1><p>x</p>', "<h2>Başlık</h2><p>x</p>"],
    ["script goes with its content", '<p>a</p><script>alert("</p>")</script><p>b</p>', "<p>a</p><p>b</p>"],
    ["style goes with its content", "<style>p{color:red}</style><p>b</p>", "<p>b</p>"],
    [
      "iframe, object, embed go",
      '<iframe src="https://evil.example"></iframe><object data="x.swf"><param name="a"></object><embed src="x.swf"><p>ok</p>',
      "<p>ok</p>",
    ],
    [
      "forms and their controls go",
      '<form action="https://evil.example"><input name="card"><button>Pay</button><select><option>1</option></select><textarea>t</textarea></form><p>ok</p>',
      "<p>ok</p>",
    ],
    [
      "template, noscript, svg and math go with their content",
      '<template><p>t</p></template><noscript><p>n</p></noscript><svg><circle r="1"/><p>s</p></svg><math><mi>x</mi></math><p>ok</p>',
      "<p>ok</p>",
    ],
    [
      "link, meta, base, frames and applet go",
      '<link rel="stylesheet" href="x.css"><meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/"><frameset><frame src="x"></frameset><applet code="x"></applet><p>ok</p>',
      "<p>ok</p>",
    ],
    [
      "unknown inline elements are unwrapped, content kept",
      '<p>a <font color="red">red</font> <label>l</label> <x-widget>w</x-widget></p>',
      "<p>a red l w</p>",
    ],
    [
      "unknown block elements are unwrapped with a line break, so words stay apart",
      "<div>one</div><div>two</div><section><p>three</p></section>",
      "\none\n\ntwo\n\n<p>three</p>\n",
    ],
    [
      "a whole document keeps only its body's allowed content",
      '<!DOCTYPE html><html><head><title>Page</title><meta charset="utf-8"></head><body><p>b</p></body></html>',
      "\n\n\n\n<p>b</p>\n\n",
    ],
    [
      "comments go, also inside elements",
      "<p>a<!-- secret -->b</p><!--[if IE]><script>x</script><![endif]--><p>c</p>",
      "<p>ab</p><p>c</p>",
    ],
    ["end tags that close nothing kept go", "<p>x</p></div></section></h1></script>", "<p>x</p>"],
  ]);
});

describe("sanitizeHtml: attributes", () => {
  check([
    [
      "style, class, id and data attributes go everywhere",
      '<p style="color:red" class="a" id="b" data-x="1">t</p><h2 id="s">h</h2>',
      "<p>t</p><h2>h</h2>",
    ],
    [
      "event handlers go, whatever their case",
      '<p onclick="x()" ONMOUSEOVER="y()">t</p><a href="/a" onClick="z()">l</a>',
      '<p>t</p><a href="/a">l</a>',
    ],
    [
      "a keeps href, title, rel and target only",
      '<a href="https://example.com/" title="T" rel="nofollow" target="_self" download="x" ping="https://evil.example">l</a>',
      '<a href="https://example.com/" title="T" rel="nofollow" target="_self">l</a>',
    ],
    [
      "img keeps src, alt, title, width and height only",
      '<img src="https://cdn.example/a.webp" srcset="https://evil.example/x 2x" alt="a" loading="lazy" width="800" height="600">',
      '<img src="https://cdn.example/a.webp" alt="a" width="800" height="600">',
    ],
    [
      "td/th keep colspan and rowspan; other elements lose them",
      '<table><tr><td colspan="2" align="left">x</td></tr></table><p colspan="2">p</p>',
      '<table><tr><td colspan="2">x</td></tr></table><p>p</p>',
    ],
    [
      "sizes that are not whole numbers go",
      '<img src="/a.webp" width="100%" height="javascript:1"><table><tr><td colspan="x">c</td></tr></table>',
      '<img src="/a.webp"><table><tr><td>c</td></tr></table>',
    ],
    ["a target outside _blank/_self/_parent/_top goes", '<a href="/a" target="evil">l</a>', '<a href="/a">l</a>'],
    [
      "target=_blank gets rel noopener noreferrer",
      '<a href="https://example.com" target="_blank">l</a>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">l</a>',
    ],
    [
      "target=_blank keeps the rel tokens it has and adds the missing ones",
      '<a href="https://example.com" rel="nofollow noopener" target="_blank">l</a>',
      '<a href="https://example.com" rel="nofollow noopener noreferrer" target="_blank">l</a>',
    ],
    ["duplicate attributes: the first wins, as in a browser", '<a href="/safe" href="javascript:alert(1)">l</a>', '<a href="/safe">l</a>'],
    [
      "unquoted and single-quoted values are written back double-quoted",
      "<a href=/a title='say \"hi\"'>l</a>",
      '<a href="/a" title="say &quot;hi&quot;">l</a>',
    ],
    [
      "text-like attribute values keep their references",
      '<img src="/a.webp" alt="Fish &amp; chips &hearts;">',
      '<img src="/a.webp" alt="Fish &amp; chips &hearts;">',
    ],
  ]);
});

describe("sanitizeHtml: URLs", () => {
  check([
    [
      "http, https, mailto, relative and fragment links stay",
      '<a href="http://a.example/x">1</a><a href="https://a.example/?q=1&amp;r=2">2</a><a href="mailto:hi@a.example">3</a><a href="/blog/post">4</a><a href="../up">5</a><a href="#section">6</a><a href="//cdn.example/x">7</a>',
      '<a href="http://a.example/x">1</a><a href="https://a.example/?q=1&amp;r=2">2</a><a href="mailto:hi@a.example">3</a><a href="/blog/post">4</a><a href="../up">5</a><a href="#section">6</a><a href="//cdn.example/x">7</a>',
    ],
    ["a javascript: href is removed, the link text stays", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    [
      "upper-case and space-led javascript: is refused",
      '<a href=" JAVASCRIPT:alert(1)">x</a><a href="JaVaScRiPt:alert(1)">y</a>',
      "<a>x</a><a>y</a>",
    ],
    [
      "a tab reference inside the scheme is refused",
      '<a href="java&#x09;script:alert(1)">x</a><a href="java&Tab;script:alert(1)">y</a>',
      "<a>x</a><a>y</a>",
    ],
    [
      "a raw tab, newline or control character inside the scheme is refused",
      '<a href="java\tscript:alert(1)">a</a><a href="java\nscript:alert(1)">b</a><a href="\u0001javascript:alert(1)">c</a>',
      "<a>a</a><a>b</a><a>c</a>",
    ],
    [
      "numeric references, with or without ';', are decoded before the check",
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">a</a><a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)">b</a><a href="&#x6A;avascript&#x3A;alert(1)">c</a>',
      "<a>a</a><a>b</a><a>c</a>",
    ],
    ["a named colon reference is decoded before the check", '<a href="javascript&colon;alert(1)">x</a>', "<a>x</a>"],
    [
      "data:, vbscript: and file: links are refused",
      '<a href="data:text/html;base64,PHNjcmlwdD4=">a</a><a href="vbscript:msgbox(1)">b</a><a href="file:///etc/passwd">c</a>',
      "<a>a</a><a>b</a><a>c</a>",
    ],
    ["an empty href goes", '<a href="">x</a><a href="   ">y</a>', "<a>x</a><a>y</a>"],
    [
      "a URL is written back as it was checked: references decoded, then escaped",
      '<a href="/a?x=&#49;&amp;y=2">l</a>',
      '<a href="/a?x=1&amp;y=2">l</a>',
    ],
    [
      "an undecodable reference stays literal text of the URL, harmlessly relative",
      '<a href="javascript&unknownref;alert(1)">l</a>',
      '<a href="javascript&amp;unknownref;alert(1)">l</a>',
    ],
    [
      "img src allows http, https and relative media URLs",
      '<img src="http://a.example/1.png"><img src="/api/media/img_1.webp">',
      '<img src="http://a.example/1.png"><img src="/api/media/img_1.webp">',
    ],
    [
      "an img with a javascript:, data: or mailto: src is removed",
      '<p>a<img src="javascript:alert(1)">b<img src="data:image/svg+xml;base64,PHN2Zz4=">c<img src="mailto:x@y">d</p>',
      "<p>abcd</p>",
    ],
    ["an img without a src is removed", '<p>a<img alt="no source">b</p>', "<p>ab</p>"],
  ]);
});

describe("sanitizeHtml: classic XSS vectors", () => {
  check([
    ["img onerror", '<img src=x onerror="alert(1)">', '<img src="x">'],
    ["img onerror without quotes or spaces", "<img src=x onerror=alert(1)//>", '<img src="x">'],
    ["svg onload", "<svg onload=alert(1)>", ""],
    ["svg/onload with a slash for a space", "<svg/onload=alert(1)><p>after</p></svg><p>ok</p>", "<p>ok</p>"],
    ["body onload", '<body onload="alert(1)"><p>x</p></body>', "\n<p>x</p>\n"],
    ["a nested script tag name", "<scr<script>ipt>alert(1)</script><p>x</p>", "ipt>alert(1)<p>x</p>"],
    ["an unclosed script swallows the rest", "<p>a</p><script>alert(1)<p>b</p>", "<p>a</p>"],
    [
      "a title element with markup inside is removed, never unwrapped into live tags",
      "<title><img src=x onerror=alert(1)></title><p>ok</p>",
      "<p>ok</p>",
    ],
    [
      "textarea and xmp content is not unwrapped",
      "<textarea><img src=x onerror=alert(1)></textarea><xmp><img src=y onerror=alert(1)></xmp><p>ok</p>",
      "<p>ok</p>",
    ],
    // Read as a browser reads it: the noscript ends inside the title, so the img is an element, and loses onerror.
    [
      "noscript with an attribute that closes it in a browser",
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><p>ok</p>',
      '<img src="x">"><p>ok</p>',
    ],
    [
      "math/style mutation",
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math><p>ok</p>",
      "<p>ok</p>",
    ],
    ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>ok</p>', "<p>ok</p>"],
    ["meta refresh to javascript", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>ok</p>', "<p>ok</p>"],
    ["a style attribute with expression()", '<p style="width: expression(alert(1))">x</p>', "<p>x</p>"],
    [
      "a link with formaction-like attributes on an allowed element",
      '<a href="/a" formaction="javascript:alert(1)" xlink:href="javascript:alert(1)">x</a>',
      '<a href="/a">x</a>',
    ],
    [
      "an attribute value that holds markup stays an attribute value, its < and > escaped",
      '<a href="/a" title="&quot;><script>alert(1)</script>">x</a>',
      '<a href="/a" title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
    ],
    // In HTML a CDATA section is a bogus comment ending at the first '>'; what follows is text, as a browser shows it.
    ["a CDATA section is dropped like a comment", "<p>a<![CDATA[<img src=x onerror=alert(1)>]]>b</p>", "<p>a]]>b</p>"],
    ["an object with a javascript data URL", '<object data="javascript:alert(1)"></object><p>ok</p>', "<p>ok</p>"],
  ]);
});

describe("sanitizeHtml: a tag the input ends inside is text, never markup (issue 18, item 1)", () => {
  check([
    ["an unclosed img with a handler", "<p>x</p><img src=x onerror=alert(1)//", "<p>x</p>&lt;img src=x onerror=alert(1)//"],
    ["an unclosed link with a handler", '<p>x</p><a href="/a" onmouseover=alert(1)//', '<p>x</p>&lt;a href="/a" onmouseover=alert(1)//'],
    ["an unclosed svg with onload", "<p>x</p><svg onload=alert(1)//", "<p>x</p>&lt;svg onload=alert(1)//"],
    ["an unclosed quoted attribute", '<p>x</p><img src="x" alt="a', '<p>x</p>&lt;img src="x" alt="a'],
    ["an unclosed end tag", "<p>x</p></p", "<p>x</p>&lt;/p"],
    ["a lone < in text is escaped", "<p>5 < 6 and 7 <= 8, a<b</p>", "<p>5 &lt; 6 and 7 &lt;= 8, a</p>"],
  ]);
});

describe("sanitizeHtml: every element it opens, it closes", () => {
  check([
    ["an unclosed link and paragraph are closed", '<p><a href="/x">link', '<p><a href="/x">link</a></p>'],
    ["a new paragraph closes the open one, as in a browser", "<p>a<p>b", "<p>a</p><p>b</p>"],
    ["list items close their open sibling", "<ul><li>a<li>b</ul>", "<ul><li>a</li><li>b</li></ul>"],
    [
      "table cells and rows close their open siblings",
      "<table><tr><td>a<td>b<tr><td>c</table>",
      "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>",
    ],
    ["an end tag closes the elements left open inside it", "<p><strong><em>x</p>y", "<p><strong><em>x</em></strong></p>y"],
    ["any heading's end tag closes the open heading", "<h2>a</h3><p>b</p>", "<h2>a</h2><p>b</p>"],
  ]);
});

/** Every `<` of `html` opens a complete tag of an allowed element, written with double-quoted attributes. */
function everyTagIsAllowed(html: string): boolean {
  const tag =
    /^<\/?(p|h[2-6]|ul|ol|li|strong|em|b|i|u|a|blockquote|img|figure|figcaption|table|thead|tbody|tfoot|tr|th|td|br|hr|code|pre|span|sub|sup|del|ins|s|small|mark|abbr|cite|q|dl|dt|dd)( [a-z]+="[^"<>]*")*\/?>/;
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", at + 1)) if (!tag.test(html.slice(at))) return false;
  return true;
}

describe("sanitizeHtml: what any input gives", () => {
  it("random mixes of tag fragments give only complete allowed tags, balanced", () => {
    const pieces = [
      "<p>",
      "</p>",
      "<img src=x onerror=alert(1)",
      "<a href='/a'",
      " onmouseover=x",
      ">",
      "<svg",
      "<script>",
      "</script>",
      '"',
      "'",
      "<!--",
      "-->",
      "<",
      "</",
      "/",
      "=",
      "text ",
      "<b>",
      "</b>",
      "<div>",
      "<table><tr><td>",
      "<li>",
      "&lt;",
      "<h1>",
      "<title>",
      "<![CDATA[",
      "]]>",
      "<img src=/i.webp/>",
    ];
    let seed = 18;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 2000; round++) {
      const input = Array.from({ length: 1 + Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join("");
      const output = sanitizeHtml(input);
      expect(everyTagIsAllowed(output), `${JSON.stringify(input)} → ${JSON.stringify(output)}`).toBe(true);
      const opened = (output.match(/<(?!\/)(?!img|br|hr)[a-z0-9]+/g) ?? []).length;
      const closed = (output.match(/<\/[a-z0-9]+>/g) ?? []).length;
      expect(closed, `${JSON.stringify(input)} → ${JSON.stringify(output)}`).toBe(opened);
      expect(sanitizeHtml(output), "sanitising twice changes nothing").toBe(output);
    }
  });

  it(`nesting deeper than ${MAX_HTML_DEPTH} is flattened, not a crash (issue 18, item 3)`, () => {
    const unclosed = sanitizeHtml(`${"<b>".repeat(20_000)}x`);
    expect(unclosed).toBe(`${"<b>".repeat(MAX_HTML_DEPTH)}x${"</b>".repeat(MAX_HTML_DEPTH)}`);
    const balanced = sanitizeHtml(`<p>${"<span>".repeat(20_000)}deep${"</span>".repeat(20_000)}</p><p>after</p>`);
    expect(balanced).toBe(`<p>${"<span>".repeat(MAX_HTML_DEPTH - 1)}deep${"</span>".repeat(MAX_HTML_DEPTH - 1)}</p><p>after</p>`);
  });

  it("an end tag of a flattened element does not close the kept one of the same name", () => {
    const html = `${"<em>".repeat(MAX_HTML_DEPTH + 2)}a${"</em>".repeat(MAX_HTML_DEPTH + 2)}<p>b</p>`;
    expect(sanitizeHtml(html)).toBe(`${"<em>".repeat(MAX_HTML_DEPTH)}a${"</em>".repeat(MAX_HTML_DEPTH)}<p>b</p>`);
  });
});
