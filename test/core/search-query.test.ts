import { describe, expect, it } from "vitest";
import { foldForSearch, toFtsMatch } from "../../src/articles/search-query";

describe("toFtsMatch", () => {
  it("quotes each word and ANDs them (FTS5 implicit AND), order kept as typed", () => {
    expect(toFtsMatch("ekmek tarihi")).toBe('"ekmek" "tarihi"');
    expect(toFtsMatch("  Sourdough   starter ")).toBe('"Sourdough" "starter"');
  });

  it("never passes FTS5 syntax through: operators become words, syntax characters vanish", () => {
    expect(toFtsMatch("a AND b")).toBe('"a" "AND" "b"');
    expect(toFtsMatch("NOT x OR y")).toBe('"NOT" "x" "OR" "y"');
    expect(toFtsMatch("title:foo")).toBe('"title" "foo"');
    expect(toFtsMatch("NEAR(a b, 2)")).toBe('"NEAR" "a" "b" "2"');
    expect(toFtsMatch('say "hi" *')).toBe('"say" "hi"');
    expect(toFtsMatch("{title}: ^x -y +z")).toBe('"title" "x" "y" "z"');
    expect(toFtsMatch("'; DROP TABLE articles; --")).toBe('"DROP" "TABLE" "articles"');
  });

  it("is null when no word is left", () => {
    for (const input of ['"', "'", "*", "(", ")", "^", "-", "!?.,;:", "— …", "", "   "]) expect(toFtsMatch(input), input).toBeNull();
  });

  it("folds the Turkish dotless ı and dotted İ to i, as the index does", () => {
    expect(toFtsMatch("ısı")).toBe('"isi"');
    expect(toFtsMatch("İstanbul")).toBe('"istanbul"');
    expect(toFtsMatch("İSTANBUL")).toBe('"iSTANBUL"');
    expect(toFtsMatch("ekmeği")).toBe('"ekmeği"');
  });

  it("keeps a JavaScript-lowercased İ (i + combining dot) and decomposed letters in one word", () => {
    expect(toFtsMatch("İstanbul".toLowerCase())).toBe('"istanbul"');
    expect(toFtsMatch("ekme\u0067\u0306i")).toBe('"ekmeği"');
  });

  it("keeps at most 20 words", () => {
    const words = Array.from({ length: 25 }, (_, i) => `w${i}`);
    const match = toFtsMatch(words.join(" "))!;
    expect(match.split(" ")).toHaveLength(20);
    expect(match.endsWith('"w19"')).toBe(true);
  });
});

describe("foldForSearch", () => {
  it("changes only what unicode61 does not fold itself", () => {
    expect(foldForSearch("Işık İçin ılık")).toBe("Işik için ilik");
    expect(foldForSearch("çğöşü ÇĞÖŞÜ")).toBe("çğöşü ÇĞÖŞÜ");
  });
});
