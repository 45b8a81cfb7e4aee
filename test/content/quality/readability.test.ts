import { describe, expect, it } from "vitest";
import { readabilityOf, readabilityOfText, wordsOf } from "../../../src/content/quality/readability";
import { syllablesOf } from "../../../src/content/quality/syllables";

// Each score below is worked out by hand: W words, S sentences, Y syllables; ASL = W/S, ASW = Y/W.

describe("readability formulas", () => {
  it("Flesch Reading Ease (en)", () => {
    // "Simple words make a text easy to read." Simple 2, words 1, make 1, a 1, text 1, easy 2,
    // to 1, read 1: 8 words, 10 syllables.
    // "Long sentences with difficult vocabulary are harder." Long 1, sen-ten-ces 3, with 1,
    // dif-fi-cult 3, vo-cab-u-lar-y 5, are 1, hard-er 2: 7 words, 16 syllables.
    // W 15, S 2, Y 26: ASL 7.5, ASW 1.7333…
    // 206.835 − 1.015·7.5 − 84.6·1.7333 = 206.835 − 7.6125 − 146.64 = 52.5825 → fairly difficult (50–60).
    const result = readabilityOfText("Simple words make a text easy to read. Long sentences with difficult vocabulary are harder.", "en");
    expect(result).toMatchObject({ formula: "flesch-reading-ease", words: 15, sentences: 2, score: 52.6, rawScore: 52.58 });
    expect(result.band).toBe("fairly difficult");
    expect(result.noisy).toBe(true);
  });

  it("clamps the shown score to 0–100 and keeps the raw one", () => {
    // "The cat sat on the mat. The dog ate a bone.": every word one syllable (bone: silent e);
    // W 6 + 5 = 11, S 2, Y 11: ASL 5.5, ASW 1.
    // 206.835 − 1.015·5.5 − 84.6·1 = 206.835 − 5.5825 − 84.6 = 116.6525 → shown as 100, very easy.
    const result = readabilityOfText("The cat sat on the mat. The dog ate a bone.", "en");
    expect(result).toMatchObject({ score: 100, rawScore: 116.65, band: "very easy" });
  });

  it("Ateşman (tr), with exact Turkish syllables", () => {
    // "Bu kitap çok güzel." Bu 1, ki-tap 2, çok 1, gü-zel 2: 4 words, 6 syllables.
    // "Türkiye ekonomisi gelişiyor." Tür-ki-ye 3, e-ko-no-mi-si 5, ge-li-şi-yor 4: 3 words, 12.
    // W 7, S 2, Y 18: ASL 3.5, ASW 2.571428…
    // 198.825 − 40.175·2.571428 − 2.610·3.5 = 198.825 − 103.307143 − 9.135 = 86.382857 → kolay (70–89).
    const result = readabilityOfText("Bu kitap çok güzel. Türkiye ekonomisi gelişiyor.", "tr");
    expect(result).toMatchObject({ formula: "atesman", words: 7, sentences: 2, score: 86.4, rawScore: 86.38, band: "kolay" });
  });

  it("Amstad (de)", () => {
    // "Das Haus ist alt.": 4 words, 4 syllables.
    // "Die Bundesregierung veröffentlichte gestern umfangreiche Nachrichten." Die 1,
    // Bun-des-re-gie-rung 5, ver-öf-fent-lich-te 5, ges-tern 2, um-fang-rei-che 4, Nach-rich-ten 3:
    // 6 words, 20 syllables.
    // W 10, S 2, Y 24: ASL 5, ASW 2.4. 180 − 5 − 58.5·2.4 = 180 − 5 − 140.4 = 34.6 → schwer (30–50).
    const result = readabilityOfText("Das Haus ist alt. Die Bundesregierung veröffentlichte gestern umfangreiche Nachrichten.", "de");
    expect(result).toMatchObject({ formula: "amstad", words: 10, sentences: 2, score: 34.6, band: "schwer" });
  });

  it("Kandel–Moles (fr), read on the Flesch bands", () => {
    // "Le chat dort sur le lit.": 6 words, 6 syllables.
    // "L'administration européenne considère ces propositions intéressantes."
    // l'ad-mi-nis-tra-tion 5, eu-ro-péenne 3 (mute final e), con-si-dère 3, ces 1,
    // pro-po-si-tions 4, in-té-res-santes 4 (mute final es): 6 words, 20 syllables.
    // W 12, S 2, Y 26: ASL 6, ASW 2.1666…
    // 207 − 1.015·6 − 73.6·2.1666 = 207 − 6.09 − 159.466667 = 41.443333 → difficult (30–50).
    const result = readabilityOfText(
      "Le chat dort sur le lit. L'administration européenne considère ces propositions intéressantes.",
      "fr",
    );
    expect(result).toMatchObject({ formula: "kandel-moles", words: 12, sentences: 2, score: 41.4, band: "difficult" });
  });

  it("Fernández Huerta (es)", () => {
    // "El perro come pan." El 1, pe-rro 2, co-me 2, pan 1: 4 words, 6 syllables.
    // "La ciudad tiene muchos edificios antiguos." La 1, ciu-dad 2, tie-ne 2, mu-chos 2,
    // e-di-fi-cios 4, an-ti-guos 3: 6 words, 14 syllables.
    // W 10, S 2, Y 20: ASL 5, ASW 2. 206.84 − 60·2 − 1.02·5 = 206.84 − 120 − 5.1 = 81.74 → fácil (80–90).
    const result = readabilityOfText("El perro come pan. La ciudad tiene muchos edificios antiguos.", "es");
    expect(result).toMatchObject({ formula: "fernandez-huerta", words: 10, sentences: 2, score: 81.7, band: "fácil" });
  });

  it("gives the mean lengths for a language without a formula", () => {
    // "Il gatto dorme. Il cane mangia la carne.": W 8, S 2 → 4 words a sentence;
    // letters 2 + 5 + 5 + 2 + 4 + 6 + 2 + 5 = 31 → 3.875 a word.
    const result = readabilityOfText("Il gatto dorme. Il cane mangia la carne.", "it");
    expect(result).toMatchObject({ formula: "mean-lengths", score: null, band: null, meanSentenceLength: 4, meanWordLength: 3.88 });
  });
});

describe("counting", () => {
  it("counts syllables per language", () => {
    expect(["okul", "İstanbul", "IŞIK", "öğretmen"].map((word) => syllablesOf(word, "tr"))).toEqual([2, 3, 2, 3]);
    expect(["make", "table", "baked", "wanted", "boxes", "video", "being", "people"].map((word) => syllablesOf(word, "en"))).toEqual([
      1, 2, 1, 2, 2, 3, 2, 2,
    ]);
    expect(["Haus", "heute", "Schule"].map((word) => syllablesOf(word, "de"))).toEqual([1, 2, 2]);
    expect(["livres", "offrent", "moment", "maison"].map((word) => syllablesOf(word, "fr"))).toEqual([1, 1, 2, 2]);
    expect(["día", "poeta", "queso", "guerra", "hoy", "y"].map((word) => syllablesOf(word, "es"))).toEqual([2, 3, 2, 2, 1, 1]);
    expect(syllablesOf("well-known", "en")).toBe(2);
  });

  it("counts no numbers, URLs or e-mail addresses as words", () => {
    expect(wordsOf("In 2024 see https://example.com/a.b or mail me@example.com, well-known l'eau")).toEqual([
      "In",
      "see",
      "or",
      "mail",
      "well-known",
      "l'eau",
    ]);
  });

  it("reads HTML by blocks: headings, list items and code are left out", () => {
    const result = readabilityOf(
      "<h2>Simple steps</h2><p>Mix the flour</p><ul><li>Add water</li></ul><pre><code>let x = 1;</code></pre>",
      "en",
    );
    expect(result).toMatchObject({ sentences: 1, words: 3 });
  });

  it("reads only the paragraphs of an article with a heading and a list", () => {
    const items = ["Flour", "Water", "Salt", "Yeast", "Sugar"].map((item) => `<li>${item} of good quality</li>`).join("");
    const html = `<h2>What you need for bread</h2><ul>${items}</ul><p>Mix the <code>dry</code> flour well. Add the water.</p><p>Knead it for ten minutes.</p>`;
    // "Mix the flour well." 4, "Add the water." 3, "Knead it for ten minutes." 5: W 12, S 3.
    expect(readabilityOf(html, "en")).toMatchObject({ sentences: 3, words: 12, meanSentenceLength: 4 });
  });

  it("reads an article of lists only whole, so it still gets figures", () => {
    const result = readabilityOf("<h2>Bread</h2><ul><li>Flour</li><li>Warm water</li></ul><table><tr><td>Salt</td></tr></table>", "en");
    expect(result).toMatchObject({ sentences: 4, words: 5, meanSentenceLength: 1.25 });
    expect(result.score).not.toBeNaN();
    expect(readabilityOf("<pre><code>let x = 1;</code></pre>", "en")).toMatchObject({ sentences: 0, words: 0, meanSentenceLength: 1 });
  });
});
