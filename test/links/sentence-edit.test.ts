import { describe, expect, it } from "vitest";
import { internalLinksOf } from "../../src/content/internal-links";
import { applySentenceEdit, proposeHrefEdit, proposeLinkEdit } from "../../src/content/link-sentence";

// The link edit is one sentence of the post's HTML changed by the <a> alone: everything else,
// block comments and entities included, stays byte for byte.

const TO = "https://blog.example.com/rye-sourdough/";
const wish = (phrases: string[], language = "en") => ({ phrases, topic: phrases.join(" "), language });

/** What the edit changed: the HTML with the added tags taken out again is the original. */
function withoutAddedLink(html: string, href: string): string {
  return html.replace(`<a href="${href}">`, "").replace(/<\/a>(?![\s\S]*<\/a>)/, "");
}

describe("internalLinksOf", () => {
  it("keeps links to the site's own host with their anchors, relative ones read against the page", () => {
    const html =
      '<p>See <a href="https://www.blog.example.com/a/#top">the <b>A</b> post</a>, <a href="/b/">B</a>, ' +
      '<a href="https://other.example.org/x">elsewhere</a>, <a href="mailto:a@b.c">mail</a>, <a href="#x">here</a>, ' +
      '<a href="/wp-content/uploads/x.jpg">a photo</a> and <a href="https://blog.example.com/this/">itself</a>.</p>';
    expect(internalLinksOf(html, "https://blog.example.com/this/", "https://blog.example.com")).toEqual([
      { toUrl: "https://www.blog.example.com/a/", toKey: "blog.example.com/a", anchor: "the A post" },
      { toUrl: "https://blog.example.com/b/", toKey: "blog.example.com/b", anchor: "B" },
    ]);
  });
});

describe("proposeLinkEdit", () => {
  it("wraps the keyword where it stands in one sentence and changes nothing else", () => {
    const html =
      "<!-- wp:paragraph --><p>We bake every day. Our rye sourdough needs a warm kitchen and patience. Then it rests.</p><!-- /wp:paragraph -->";
    const edit = proposeLinkEdit(html, TO, wish(["rye sourdough"]))!;
    expect(edit).toEqual({
      sentence: "Our rye sourdough needs a warm kitchen and patience.",
      linked: `Our <a href="${TO}">rye sourdough</a> needs a warm kitchen and patience.`,
      anchor: "rye sourdough",
    });
    const after = applySentenceEdit(html, edit)!;
    expect(after.length - html.length).toBe(`<a href="${TO}"></a>`.length);
    expect(withoutAddedLink(after, TO)).toBe(html);
    expect(after.match(/<a /g)).toHaveLength(1);
  });

  it("matches Turkish text whatever its case, keeping the words as written", () => {
    const html = "<p>Ekşi maya için önerimiz basit. İSTANBUL'da Ekşi Maya Ekmeği yapmak için sabırlı olun.</p>";
    const edit = proposeLinkEdit(html, TO, wish(["ekşi maya ekmeği"], "tr"))!;
    expect(edit.anchor).toBe("Ekşi Maya Ekmeği");
    expect(edit.linked).toBe(`İSTANBUL'da <a href="${TO}">Ekşi Maya Ekmeği</a> yapmak için sabırlı olun.`);
    expect(withoutAddedLink(applySentenceEdit(html, edit)!, TO)).toBe(html);
  });

  it("keeps entities as they are written, inside and around the anchor", () => {
    const html = "<p>Salt &amp; flour: the rye&nbsp;sourdough of our &quot;house&quot; bakery is famous.</p>";
    const edit = proposeLinkEdit(html, TO, wish(["rye sourdough"]))!;
    expect(edit.linked).toBe(`Salt &amp; flour: the <a href="${TO}">rye&nbsp;sourdough</a> of our &quot;house&quot; bakery is famous.`);
    expect(edit.anchor).toBe("rye\u00a0sourdough");
    expect(withoutAddedLink(applySentenceEdit(html, edit)!, TO)).toBe(html);
  });

  it("puts the link inside nested inline tags, never across them", () => {
    const html = "<p>Try <em>our <strong>rye sourdough</strong> loaf</em> with butter tonight.</p>";
    const edit = proposeLinkEdit(html, TO, wish(["rye sourdough"]))!;
    expect(edit.linked).toBe(`Try <em>our <strong><a href="${TO}">rye sourdough</a></strong> loaf</em> with butter tonight.`);
    const crossing = "<p>Try our <em>rye</em> sourdough loaf with butter tonight.</p>";
    expect(proposeLinkEdit(crossing, TO, wish(["rye sourdough"]))?.linked).not.toContain("rye</em> sourdough</a>");
  });

  it("never links words inside an existing link, and skips a page that already links to the target", () => {
    const html = '<p>Read <a href="https://blog.example.com/other/">rye sourdough tips</a> and bake rye sourdough at home today.</p>';
    const edit = proposeLinkEdit(html, TO, wish(["rye sourdough"]))!;
    expect(edit.linked).toBe(
      `Read <a href="https://blog.example.com/other/">rye sourdough tips</a> and bake <a href="${TO}">rye sourdough</a> at home today.`,
    );
    const linked = applySentenceEdit(html, edit)!;
    expect(proposeLinkEdit(linked, TO, wish(["rye sourdough"]))).toBeNull();
    expect(proposeLinkEdit(`<p>See <a href="${TO}">this</a> for more about rye sourdough.</p>`, TO, wish(["rye sourdough"]))).toBeNull();
  });

  it("leaves headings alone and falls back to a run of the topic's words", () => {
    const html = "<h2>Rye sourdough</h2><p>Baking with sourdough starters takes a little practice every week.</p>";
    const edit = proposeLinkEdit(html, TO, { phrases: ["rye sourdough bread"], topic: "rye sourdough bread starter", language: "en" })!;
    expect(edit.linked).toBe(`Baking with <a href="${TO}">sourdough starters</a> takes a little practice every week.`);
  });

  it("answers null when no sentence has the words", () => {
    expect(proposeLinkEdit("<p>Nothing about that subject here at all.</p>", TO, wish(["rye sourdough"]))).toBeNull();
  });
});

describe("proposeHrefEdit and applySentenceEdit", () => {
  it("mends a link to an old slug by its href alone", () => {
    const html = '<p>First line.</p><p>Our <a class="x" href="https://blog.example.com/old-slug/">rye notes</a> say more about it.</p>';
    const edit = proposeHrefEdit(html, "blog.example.com/old-slug", "https://blog.example.com/new-slug/", "https://blog.example.com/x/")!;
    expect(edit.linked).toBe('Our <a class="x" href="https://blog.example.com/new-slug/">rye notes</a> say more about it.');
    expect(edit.anchor).toBe("rye notes");
    expect(applySentenceEdit(html, edit)).toBe(html.replace("old-slug", "new-slug"));
  });

  it("answers null when the sentence is not in the content exactly", () => {
    expect(applySentenceEdit("<p>Changed text.</p>", { sentence: "Old text.", linked: "x" })).toBeNull();
  });
});
