/** Where a site's language is researched: the market (a Google Ads geo target) and its language code. */
export interface ResearchMarket {
  locationCode: number;
  locationName: string;
  languageCode: string;
}

const market = (locationCode: number, locationName: string, languageCode: string): ResearchMarket => ({
  locationCode,
  locationName,
  languageCode,
});

/**
 * The main market of each language we research (DataForSEO's locations and languages lists). Country geo targets are
 * 2000 + the ISO 3166 numeric code (United States 2840, Turkey 2792). A regional tag (`pt-pt`,
 * `en-gb`) picks its own country; a bare language its largest market. Russia and Belarus are not
 * served by DataForSEO, so `ru` and `be` are absent.
 */
export const DATAFORSEO_MARKETS: Readonly<Record<string, ResearchMarket>> = {
  en: market(2840, "United States", "en"),
  "en-us": market(2840, "United States", "en"),
  "en-gb": market(2826, "United Kingdom", "en"),
  "en-au": market(2036, "Australia", "en"),
  "en-ca": market(2124, "Canada", "en"),
  "en-in": market(2356, "India", "en"),
  tr: market(2792, "Turkey", "tr"),
  de: market(2276, "Germany", "de"),
  "de-at": market(2040, "Austria", "de"),
  "de-ch": market(2756, "Switzerland", "de"),
  fr: market(2250, "France", "fr"),
  "fr-ca": market(2124, "Canada", "fr"),
  "fr-be": market(2056, "Belgium", "fr"),
  es: market(2724, "Spain", "es"),
  "es-mx": market(2484, "Mexico", "es"),
  "es-ar": market(2032, "Argentina", "es"),
  it: market(2380, "Italy", "it"),
  nl: market(2528, "Netherlands", "nl"),
  "nl-be": market(2056, "Belgium", "nl"),
  pt: market(2076, "Brazil", "pt"),
  "pt-br": market(2076, "Brazil", "pt"),
  "pt-pt": market(2620, "Portugal", "pt"),
  pl: market(2616, "Poland", "pl"),
  sv: market(2752, "Sweden", "sv"),
  da: market(2208, "Denmark", "da"),
  fi: market(2246, "Finland", "fi"),
  cs: market(2203, "Czechia", "cs"),
  ro: market(2642, "Romania", "ro"),
  hu: market(2348, "Hungary", "hu"),
  el: market(2300, "Greece", "el"),
  uk: market(2804, "Ukraine", "uk"),
  bg: market(2100, "Bulgaria", "bg"),
  ja: market(2392, "Japan", "ja"),
  ko: market(2410, "South Korea", "ko"),
  id: market(2360, "Indonesia", "id"),
  vi: market(2704, "Vietnam", "vi"),
  th: market(2764, "Thailand", "th"),
  ar: market(2682, "Saudi Arabia", "ar"),
};

/** The market for a site language (`tr`, `pt-BR`…): the exact tag first, then the bare language; null when we have none. */
export function marketFor(language: string): ResearchMarket | null {
  const tag = language.trim().toLowerCase();
  const own = (key: string) => (Object.hasOwn(DATAFORSEO_MARKETS, key) ? DATAFORSEO_MARKETS[key] : undefined);
  return own(tag) ?? own(tag.split("-")[0]!) ?? null;
}
