import { describe, expect, it } from "vitest";
import { previewDocument } from "../src/lib/preview";

// The preview frames are sandboxed and left out of the browser suite's axe runs (axe cannot
// analyse into them): what a reader of the frame needs is checked here, where the document is built.
describe("the preview frame's document", () => {
  it("has the article's language, a title and a character set, so a screen reader can read it", () => {
    const doc = previewDocument("<h2>Rye</h2><p>Bake it slowly.</p>", "tr-TR", "Önizleme");
    expect(doc).toMatch(/^<!doctype html><html lang="tr-TR"><head><meta charset="utf-8">/);
    expect(doc).toContain("<title>Önizleme</title>");
    expect(doc).toContain("<body><h2>Rye</h2><p>Bake it slowly.</p></body>");
  });

  it("falls back to English for a language that is not a language tag, and escapes the title", () => {
    const doc = previewDocument("<p>x</p>", 'en"><script>alert(1)</script>', "</title><script>alert(1)</script>");
    expect(doc).toContain('<html lang="en">');
    expect(doc).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(doc).not.toContain("<script>");
  });

  it("renders the HTML sanitised, whether it came from the API or from WordPress", () => {
    const doc = previewDocument(
      '<p onclick="x()">Hi<img src="x" onerror="alert(1)" alt="A loaf"></p><script>alert(2)</script><iframe src="https://evil.invalid"></iframe>',
      "en",
      "Preview",
    );
    expect(doc).not.toMatch(/onclick|onerror|<script|<iframe|evil\.invalid/);
    expect(doc).toContain('alt="A loaf"');
  });
});
