import { describe, expect, it } from "vitest";
import { sentencesOf } from "../../../src/content/quality/sentences";

describe("sentencesOf (en)", () => {
  it("ends sentences at . ! ? … but not after abbreviations, initials or inside decimals", () => {
    expect(sentencesOf("Dr. Smith came home. He said e.g. this! Then 3.5 percent left… J. Doe? End", "en")).toEqual([
      "Dr. Smith came home.",
      "He said e.g. this!",
      "Then 3.5 percent left…",
      "J. Doe?",
      "End",
    ]);
  });

  it("does not end a sentence inside a decimal", () => {
    expect(sentencesOf("The rate is 3.5. Then it rose.", "en")).toEqual(["The rate is 3.5.", "Then it rose."]);
  });

  it("reads a domain as a word, and its last dot as the sentence's end", () => {
    expect(sentencesOf("Visit example.com for more. It is free.", "en")).toEqual(["Visit example.com for more.", "It is free."]);
    expect(sentencesOf("Visit example.com. It is free.", "en")).toEqual(["Visit example.com.", "It is free."]);
  });

  it("does not end a sentence inside a URL", () => {
    expect(sentencesOf("See https://example.com/a.b for details. Next.", "en")).toEqual([
      "See https://example.com/a.b for details.",
      "Next.",
    ]);
    expect(sentencesOf("Search https://example.com/find?q=Bread now. Next.", "en")).toEqual([
      "Search https://example.com/find?q=Bread now.",
      "Next.",
    ]);
  });

  it("ends a sentence at a capital letter after a lower-case word", () => {
    expect(sentencesOf("Take vitamin C. It helps.", "en")).toEqual(["Take vitamin C.", "It helps."]);
  });

  it("reads initials as initials", () => {
    expect(sentencesOf("J. R. R. Tolkien wrote it. He was English.", "en")).toEqual(["J. R. R. Tolkien wrote it.", "He was English."]);
    expect(sentencesOf("It was written by J. R. R. Tolkien. He was English.", "en")).toEqual([
      "It was written by J. R. R. Tolkien.",
      "He was English.",
    ]);
    expect(sentencesOf("John F. Kennedy spoke. We listened.", "en")).toEqual(["John F. Kennedy spoke.", "We listened."]);
  });

  it("ends a sentence at an ellipsis before a capital, not before a lower-case word", () => {
    expect(sentencesOf("Wait… then it rose. Next.", "en")).toEqual(["Wait… then it rose.", "Next."]);
    expect(sentencesOf("Wait… Then it rose.", "en")).toEqual(["Wait…", "Then it rose."]);
    expect(sentencesOf("Wait... Then it rose.", "en")).toEqual(["Wait...", "Then it rose."]);
    expect(sentencesOf("Wait... then it rose.", "en")).toEqual(["Wait... then it rose."]);
  });

  it("goes on after a title or a Latin abbreviation", () => {
    expect(sentencesOf("Dr. Smith came. He left.", "en")).toEqual(["Dr. Smith came.", "He left."]);
    expect(sentencesOf("e.g. flour. Next", "en")).toEqual(["e.g. flour.", "Next"]);
    expect(sentencesOf("Apple vs. Google is old. The U.S. Army came.", "en")).toEqual(["Apple vs. Google is old.", "The U.S. Army came."]);
  });

  it("goes on after No. before a number only", () => {
    expect(sentencesOf("See No. 5 Street. No. That is wrong.", "en")).toEqual(["See No. 5 Street.", "No.", "That is wrong."]);
  });

  it("ends a sentence after etc. before a capital, not before a lower-case word", () => {
    expect(sentencesOf("Buy flour, salt, etc. Then knead.", "en")).toEqual(["Buy flour, salt, etc.", "Then knead."]);
    expect(sentencesOf("Flour, salt, etc. are needed. Then knead.", "en")).toEqual(["Flour, salt, etc. are needed.", "Then knead."]);
  });

  it("ends a sentence at a line break and drops pieces without letters", () => {
    expect(sentencesOf("Mix the flour\nAdd water. Dr.\nSmith\n\n2024\n", "en")).toEqual(["Mix the flour", "Add water.", "Dr.", "Smith"]);
  });
});

describe("sentencesOf (tr)", () => {
  it("goes on after vb. before a lower-case word", () => {
    expect(sentencesOf("Un, su, tuz vb. malzemeler gerekir. Sonra yoğurun.", "tr")).toEqual([
      "Un, su, tuz vb. malzemeler gerekir.",
      "Sonra yoğurun.",
    ]);
  });

  it("goes on after bkz. and örn., written with a capital at a sentence's start", () => {
    expect(sentencesOf("Bkz. ikinci bölüm. Sonra başlayın.", "tr")).toEqual(["Bkz. ikinci bölüm.", "Sonra başlayın."]);
    expect(sentencesOf("Örn. çavdar unu kullanılır. Sonra bekleyin.", "tr")).toEqual(["Örn. çavdar unu kullanılır.", "Sonra bekleyin."]);
  });

  it("reads a number with a dot before a word as an ordinal", () => {
    expect(sentencesOf("19. yüzyılda ekmek pahalıydı. Bugün ucuz.", "tr")).toEqual(["19. yüzyılda ekmek pahalıydı.", "Bugün ucuz."]);
    expect(sentencesOf("2. Dünya Savaşı bitti. Yıl 1945. Sonra barış geldi.", "tr")).toEqual([
      "2. Dünya Savaşı bitti.",
      "Yıl 1945.",
      "Sonra barış geldi.",
    ]);
  });

  it("goes on after titles", () => {
    expect(sentencesOf("Prof. Dr. Ayşe Yılmaz anlattı. Dinledik.", "tr")).toEqual(["Prof. Dr. Ayşe Yılmaz anlattı.", "Dinledik."]);
    expect(sentencesOf("Doç. Ali geldi. Av. Mehmet Bey de geldi.", "tr")).toEqual(["Doç. Ali geldi.", "Av. Mehmet Bey de geldi."]);
  });
});

describe("sentencesOf (de, fr, es)", () => {
  it("goes on after German abbreviations and ordinals", () => {
    expect(sentencesOf("Am 3. Oktober kam er. Er aß z.B. Äpfel bzw. Birnen. Es war 2020. Dann ging er.", "de")).toEqual([
      "Am 3. Oktober kam er.",
      "Er aß z.B. Äpfel bzw. Birnen.",
      "Es war 2020.",
      "Dann ging er.",
    ]);
  });

  it("goes on after French and Spanish titles", () => {
    expect(sentencesOf("M. Dupont et Mme. Martin sont venus. Ils sont partis.", "fr")).toEqual([
      "M. Dupont et Mme. Martin sont venus.",
      "Ils sont partis.",
    ]);
    expect(sentencesOf("El Sr. García y la Dra. López llegaron. ¿Vienes? Ver pág. 5.", "es")).toEqual([
      "El Sr. García y la Dra. López llegaron.",
      "¿Vienes?",
      "Ver pág. 5.",
    ]);
  });

  it("splits a language without suppressions by ICU's rules", () => {
    expect(sentencesOf("Il gatto dorme. Il cane mangia.", "it")).toEqual(["Il gatto dorme.", "Il cane mangia."]);
    expect(sentencesOf("One. Two.", "")).toEqual(["One.", "Two."]);
  });
});
