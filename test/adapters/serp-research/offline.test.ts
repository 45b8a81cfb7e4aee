import { describe, expect, it } from "vitest";
import { isProviderError } from "../../../src/adapters/provider-error";
import { createOfflineSerpResearch, OFFLINE_SERP_HOSTS, offlineSourceOf } from "../../../src/adapters/serp-research/offline";
import { parseConfig } from "../../../src/config";
import { testEnv, testServices } from "../../harness";
import { createSourcePagesFake } from "../../fakes/source-pages";
import { fakeNetwork } from "../../fakes/network";

describe("offline SERP research", () => {
  const serp = createOfflineSerpResearch();

  it("the same keyword and language give the same answer, without any request", async () => {
    const seen: string[] = [];
    const pages = createSourcePagesFake();
    const network = fakeNetwork(...pages.peers);
    // The container of a test run without DataForSEO picks this researcher and hands it the network.
    const services = testServices({
      fetch: (input, init) => {
        seen.push(String(input));
        return network(input, init);
      },
    });
    const researcher = services.serpResearch();
    expect(researcher).toMatchObject({ provider: "offline", offline: true });
    const first = await researcher.research({ keyword: "Kahve Makinesi", language: "tr" });
    const again = await researcher.research({ keyword: "kahve   makinesi", language: "tr" });
    expect(again).toEqual(first);
    expect(seen).toEqual([]);
    expect(pages.requests).toEqual([]);
  });

  it("ten results on .invalid hosts, ranked 1–10, free, with questions and related searches in the language", async () => {
    const answer = await serp.research({ keyword: "kahve makinesi", language: "tr" });
    expect(answer).toMatchObject({ provider: "offline", costUsd: 0, query: "kahve makinesi" });
    expect(answer.results.map((result) => result.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(answer.results.map((result) => new URL(result.url).hostname)).size).toBe(10);
    for (const result of answer.results) {
      expect(new URL(result.url).hostname.endsWith(".invalid")).toBe(true);
      expect(result.title.toLocaleLowerCase("tr")).toContain("kahve makinesi");
      expect(offlineSourceOf(result.url)).toMatchObject({ language: "tr", keyword: "kahve makinesi" });
    }
    expect(answer.questions).toContain("Kahve makinesi nedir?");
    expect(answer.relatedSearches).toContain("en iyi kahve makinesi");
    expect(answer.relatedSearches).not.toContain("kahve makinesi");
  });

  it("another keyword or language gives other results; Turkish capitals follow Turkish rules", async () => {
    const coffee = await serp.research({ keyword: "kahve makinesi", language: "tr" });
    const tea = await serp.research({ keyword: "çay makinesi", language: "tr" });
    const english = await serp.research({ keyword: "kahve makinesi", language: "en" });
    expect(tea.results.map((r) => r.url)).not.toEqual(coffee.results.map((r) => r.url));
    expect(english.results.map((r) => r.url)).not.toEqual(coffee.results.map((r) => r.url));
    const istanbul = await serp.research({ keyword: "istanbul kahvaltı", language: "tr" });
    expect(istanbul.questions[0]).toBe("İstanbul kahvaltı nedir?");
  });

  it("a language without words gets English results; a blank keyword is bad_request", async () => {
    const answer = await serp.research({ keyword: "kaffe", language: "sv" });
    expect(answer.results).toHaveLength(10);
    expect(answer.questions[0]).toBe("What is kaffe?");
    expect(answer.relatedSearches).toEqual([]);
    await expect(serp.research({ keyword: "  ", language: "en" })).rejects.toSatisfy((error) => isProviderError(error, "bad_request"));
  });

  it("offlineSourceOf refuses URLs it did not make", () => {
    expect(offlineSourceOf(`https://${OFFLINE_SERP_HOSTS[0]}/en/coffee`)).toEqual({ source: 0, language: "en", keyword: "coffee" });
    expect(offlineSourceOf(`http://${OFFLINE_SERP_HOSTS[0]}/en/coffee`)).toBeNull();
    expect(offlineSourceOf(`https://${OFFLINE_SERP_HOSTS[0]}/en/coffee?x=1`)).toBeNull();
    expect(offlineSourceOf("https://other.example.invalid/en/coffee")).toBeNull();
    expect(offlineSourceOf(`https://${OFFLINE_SERP_HOSTS[0]}/en/%E0%A4%A`)).toBeNull();
    expect(offlineSourceOf("not a url")).toBeNull();
  });
});

describe("choosing the SERP researcher and the page reader", () => {
  it("KEYWORD_PROVIDER=offline (tests, local runs): the offline researcher and the offline reader", () => {
    const services = testServices();
    expect(services.serpResearch().provider).toBe("offline");
    expect(services.pageReader().offline).toBe(true);
  });

  it("KEYWORD_PROVIDER=dataforseo with credentials: DataForSEO and the HTTP reader", () => {
    const services = testServices({ config: parseConfig({ ...testEnv, KEYWORD_PROVIDER: "dataforseo" }) });
    expect(services.serpResearch()).toMatchObject({ provider: "dataforseo", offline: false });
    expect(services.pageReader().offline).toBe(false);
  });

  it("DataForSEO without credentials, or offline in production, is a 500 naming the variables", () => {
    const bare = testServices({ config: parseConfig({ ...testEnv, KEYWORD_PROVIDER: "dataforseo", DATAFORSEO_PASSWORD: "" }) });
    expect(() => bare.serpResearch()).toThrow(/DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD/);
    const production = testServices({ config: parseConfig({ ...testEnv, ENVIRONMENT: "production", ALLOW_OFFLINE_PROVIDERS: "false" }) });
    expect(() => production.serpResearch()).toThrow(/KEYWORD_PROVIDER=offline/);
  });
});
