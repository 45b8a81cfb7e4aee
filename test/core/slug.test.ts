import { describe, expect, it } from "vitest";
import { foldSlugLetters, parseSlug, slugify } from "../../src/core/slug";

describe("foldSlugLetters", () => {
  it("folds Turkish letters as Turkish readers expect, whatever the case", () => {
    const table: [string, string][] = [
      ["ç", "c"],
      ["Ç", "c"],
      ["ğ", "g"],
      ["Ğ", "g"],
      ["ı", "i"],
      ["I", "i"],
      ["İ", "i"],
      ["i", "i"],
      ["ö", "o"],
      ["Ö", "o"],
      ["ş", "s"],
      ["Ş", "s"],
      ["ü", "u"],
      ["Ü", "u"],
    ];
    for (const [letter, folded] of table) expect([letter, foldSlugLetters(letter, "tr")]).toEqual([letter, folded]);
    // Turkish "I" lower-cases to "ı": in a slug both land on "i".
    expect(foldSlugLetters("ISIK IŞIĞI", "tr")).toBe("isik isigi");
    expect(foldSlugLetters("İSTANBUL", "tr-TR")).toBe("istanbul");
  });

  it("follows the language where its readers expect another letter (German and Danish, as WordPress does)", () => {
    expect(foldSlugLetters("Größe über Öl", "de")).toBe("groesse ueber oel");
    expect(foldSlugLetters("Größe über Öl", "de-AT")).toBe("groesse ueber oel");
    expect(foldSlugLetters("Größe über Öl", "tr")).toBe("grosse uber ol");
    expect(foldSlugLetters("Smørrebrød på Ærø", "da")).toBe("smoerrebroed paa aeroe");
    expect(foldSlugLetters("Smørrebrød på Ærø", "en")).toBe("smorrebrod pa aero");
  });
});

describe("slugify", () => {
  it("makes lower-case ASCII slugs, folding Turkish letters", () => {
    expect(slugify("Ekmeğin Tarihi: İlk Fırınlar")).toBe("ekmegin-tarihi-ilk-firinlar");
    expect(slugify("Çay & Şeker Ölçüleri ÜZERİNE", { language: "tr" })).toBe("cay-seker-olculeri-uzerine");
    expect(slugify("ISIK ve ısı", { language: "tr" })).toBe("isik-ve-isi");
  });

  it("folds other accented Latin letters too, by the title's language", () => {
    expect(slugify("Crème brûlée à la française")).toBe("creme-brulee-a-la-francaise");
    expect(slugify("Die Straße")).toBe("die-strasse");
    expect(slugify("Müsli für Kinder", { language: "de" })).toBe("muesli-fuer-kinder");
    expect(slugify("Smørrebrød og Łódź, Æsir, Œuvre, Đà Nẵng")).toBe("smorrebrod-og-lodz-aesir-oeuvre-da-nang");
  });

  it("collapses punctuation and trims dashes", () => {
    expect(slugify("  --Hello,   World!--  ")).toBe("hello-world");
    expect(slugify("10 Tips (2026)")).toBe("10-tips-2026");
  });

  it("cuts long titles without a trailing dash and never answers empty", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
    expect(slugify(`${"a".repeat(79)} b`, { maxLength: 80 })).toBe("a".repeat(79));
    expect(slugify("!!!")).toBe("article");
    expect(slugify("日本語")).toBe("article");
  });
});

describe("parseSlug", () => {
  it("takes a typed slug folded for the language, spaces as hyphens", () => {
    expect(parseSlug("ekşi-maya-ekmeği", "tr")).toEqual({ slug: "eksi-maya-ekmegi" });
    expect(parseSlug("  IŞIK Ayarları ", "tr")).toEqual({ slug: "isik-ayarlari" });
    expect(parseSlug("Brötchen backen", "de")).toEqual({ slug: "broetchen-backen" });
    expect(parseSlug("a".repeat(80))).toEqual({ slug: "a".repeat(80) });
  });

  it("says what is wrong with anything else", () => {
    for (const bad of ["", "   ", "a/b", "a.b", "a_b", "-a", "a-", "a--b", "a?b=1", "🙂", "日本語", "a".repeat(81)])
      expect([bad, "problem" in parseSlug(bad, "tr")]).toEqual([bad, true]);
  });
});
