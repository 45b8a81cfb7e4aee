import { describe, expect, it } from "vitest";
import { countWords, htmlToText } from "../../src/core/html-text";

describe("htmlToText", () => {
  it("keeps the text of the content and drops the tags, with words kept apart", () => {
    expect(htmlToText("<h2>Giriş</h2><p>Ekmeğin <strong>tarihi</strong> uzun.</p>")).toBe("Giriş Ekmeğin tarihi uzun.");
    expect(htmlToText("one<br>two<br/>three")).toBe("one two three");
    expect(htmlToText("<ul><li>a</li><li>b</li></ul>")).toBe("a b");
    expect(htmlToText("  plain   text \n with\tspaces ")).toBe("plain text with spaces");
  });

  it("drops attributes, even ones that hold a '>'", () => {
    expect(htmlToText('<a href="https://example.com/x" title="secret">link</a>')).toBe("link");
    expect(htmlToText('<img alt="a > b" src="x.webp"><p>after</p>')).toBe("after");
    expect(htmlToText("<p data-x='1 > 0'>text</p>")).toBe("text");
  });

  it("drops scripts, styles, templates, noscript and comments with their content", () => {
    const html =
      '<p>visible</p><script type="text/javascript">var hidden = "<p>no</p>";</script><style>.a{color:red}</style><!-- note --><template><p>t</p></template><noscript>ns</noscript><p>end</p>';
    expect(htmlToText(html)).toBe("visible end");
    expect(htmlToText("<SCRIPT>x()</SCRIPT>ok")).toBe("ok");
  });

  it("decodes named and numeric entities after removing tags", () => {
    expect(htmlToText("<p>Fish &amp; chips &lt;b&gt; &quot;quoted&quot; &apos;s&apos;</p>")).toBe("Fish & chips <b> \"quoted\" 's'");
    expect(htmlToText("&#351;eker &#x131;s&#305; &#8217;")).toBe("şeker ısı ’");
    expect(htmlToText("a&nbsp;b &hellip; &mdash; &unknown; &#0; &#xFFFFFFFF;")).toBe("a b … — &unknown; \uFFFD &#xFFFFFFFF;");
  });
});

describe("countWords", () => {
  it("counts runs of letters and digits, with inner apostrophes and hyphens", () => {
    expect(countWords("Hello world")).toBe(2);
    expect(countWords("İstanbul'da güzel bir gün geçirdik.")).toBe(5);
    expect(countWords("Ekmeğin tarihi: ılık, ışıklı fırınlar!")).toBe(5);
    expect(countWords("don't stop the well-known e-posta")).toBe(5);
    expect(countWords("2026 yılı, 3. çeyrek")).toBe(4);
    expect(countWords("")).toBe(0);
    expect(countWords(" — … !! & ")).toBe(0);
    expect(countWords("word -- word")).toBe(2);
  });

  it("counts the words of an article's text, not of its markup", () => {
    expect(countWords(htmlToText('<p class="intro">Üç <a href="/x">kelime</a> var</p><script>var a = b;</script>'))).toBe(3);
  });
});
