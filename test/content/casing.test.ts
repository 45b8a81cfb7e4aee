import { describe, expect, it } from "vitest";
import { titleCasingRule, upperFirst, wordLanguage } from "../../src/content/casing";
import { BriefSchema } from "../../src/sites/brief";
import { writeOfflineArticle } from "../../src/pipeline/offline-article";
import { planTitlesTask } from "../../src/plans/tasks";

describe("upperFirst", () => {
  it("upper-cases an English word in a Turkish title with English rules, a Turkish word with Turkish rules", () => {
    const table: [string, string, string][] = [
      ["image optimization", "tr", "Image optimization"],
      ["image", "tr-TR", "Image"],
      ["indoor cycling ekipmanı", "tr", "Indoor cycling ekipmanı"],
      ["instagram pazarlaması", "tr", "Instagram pazarlaması"],
      ["ilk adımlar", "tr", "İlk adımlar"],
      ["iyi bir kamera", "tr", "İyi bir kamera"],
      ["istanbul'da kahvaltı", "tr", "İstanbul'da kahvaltı"],
      ["ithalat rehberi", "tr", "İthalat rehberi"],
      ["ısı yalıtımı", "tr", "Isı yalıtımı"],
      ["için ipuçları", "en", "İçin ipuçları"],
      ["image optimization", "en", "Image optimization"],
      ["ekşi maya ekmeği", "tr", "Ekşi maya ekmeği"],
      ["über uns", "de", "Über uns"],
      ["", "tr", ""],
    ];
    for (const [text, language, cased] of table) expect([text, language, upperFirst(text, language)]).toEqual([text, language, cased]);
  });

  it("keeps the rest of a title as written: sentence case stays sentence case", () => {
    expect(upperFirst("ekşi maya ekmeği nasıl yapılır", "tr")).toBe("Ekşi maya ekmeği nasıl yapılır");
    expect(upperFirst("iPhone kılıfları", "tr")).toBe("IPhone kılıfları");
  });

  it("reads a word's language from its letters, spelling and function words; null when it cannot tell", () => {
    expect([
      wordLanguage("kahvaltı"),
      wordLanguage("optimization"),
      wordLanguage("bir"),
      wordLanguage("the"),
      wordLanguage("internet"),
    ]).toEqual(["tr", "en", "tr", "en", null]);
  });
});

describe("titles of the offline writer and the plan", () => {
  it("never spells an English keyword with İ in a Turkish title, and keeps the title in sentence case", () => {
    const draft = writeOfflineArticle({
      language: "tr",
      siteUrl: "https://site.invalid",
      brief: BriefSchema.parse({ business: "Fotoğraf" }),
      title: "Image optimization: pratik bir rehber (çevrimdışı taslak)",
      targetKeyword: "image optimization",
      minWords: 600,
      internalLinks: [],
      research: null,
      failures: [],
    });
    expect(draft.title).toBe("Image optimization: pratik bir rehber (çevrimdışı taslak)");
    expect(`${draft.title} ${draft.seoTitle} ${draft.html}`).not.toContain("İmage");
    expect(draft.html).toContain("<h2>Image optimization: temel bilgiler</h2>");

    const titles = planTitlesTask(2).offline({
      language: "tr",
      brief: BriefSchema.parse({ business: "x" }),
      keywords: ["image optimization", "ilk çekim"],
    });
    expect(titles).toEqual({
      titles: ["Image optimization: pratik bir rehber (çevrimdışı taslak)", "İlk çekim: pratik bir rehber (çevrimdışı taslak)"],
    });
  });

  it("tells the model to keep Turkish titles in sentence case", () => {
    expect(titleCasingRule("tr")).toMatch(/sentence case/);
    expect(titleCasingRule("en")).toBeNull();
    const prompt = planTitlesTask(1).prompt({
      language: "tr",
      brief: BriefSchema.parse({ business: "x" }),
      keywords: ["image optimization"],
    });
    expect(prompt).toContain("sentence case");
  });
});
