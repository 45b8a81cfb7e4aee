import { describe, expect, it } from "vitest";
import { ARTICLE_LANGUAGES, languageName, languageOption } from "../src/lib/article-languages";
import { siteAddressDetail, siteName } from "../src/lib/site-name";

describe("a site's name and its articles' language, for people", () => {
  it("titles a site by its host, and says the address only when it has a path", () => {
    expect(siteName("https://blog.example.com/")).toBe("blog.example.com");
    expect(siteName("http://localhost:8080")).toBe("localhost:8080");
    expect(siteName("not a url")).toBe("not a url");
    expect(siteAddressDetail("https://blog.example.com/")).toBeNull();
    expect(siteAddressDetail("https://example.com/blog/")).toBe("example.com/blog");
    expect(siteAddressDetail("https://example.com/?lang=tr")).toBe("example.com?lang=tr");
  });

  it("titles a site by its blog's name when the API knows it, with the host as the detail", () => {
    expect(siteName({ url: "https://blog.example.com/", name: "Kadıköy Bakery" })).toBe("Kadıköy Bakery");
    expect(siteAddressDetail({ url: "https://blog.example.com/", name: "Kadıköy Bakery" })).toBe("blog.example.com");
    expect(siteAddressDetail({ url: "https://example.com/blog/", name: "Kadıköy Bakery" })).toBe("example.com/blog");
    expect(siteName({ url: "https://forum.example.com", name: null })).toBe("forum.example.com");
    expect(siteAddressDetail({ url: "https://forum.example.com", name: null })).toBeNull();
  });

  it("names every offered language in the panel's language, with its own name beside it", () => {
    expect(languageOption("de", "en-GB")).toBe("German · Deutsch");
    expect(languageOption("de", "tr-TR")).toBe("Almanca · Deutsch");
    expect(languageOption("en", "en-GB")).toBe("English");
    expect(languageOption("pt-br", "en-GB")).toBe("Brazilian Portuguese · português (Brasil)");
    expect(languageName("tr", "tr-TR")).toBe("Türkçe");
    for (const code of ARTICLE_LANGUAGES) expect(languageName(code, "en-GB")).not.toBe(code);
    expect(languageName("not a code", "en-GB")).toBe("not a code");
  });
});
