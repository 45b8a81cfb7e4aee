import { upperFirst } from "../../content/casing";
import { fnv1a, OFFLINE_SERP_HOSTS, offlineSourceOf, offlineWordsFor } from "../serp-research/offline";
import { excerptOf, readFailure, type PageHeading, type PageRead, type PageReader } from "./port";

interface OfflinePageWords {
  sections: readonly string[];
  subsections: readonly string[];
  paragraphs: readonly string[];
}

// `{}` is the keyword, `{site}` the source's site. English for a language without words here.
const PAGE_WORDS: Readonly<Record<string, OfflinePageWords>> = {
  en: {
    sections: ["What {} is", "How to choose {}", "What {} costs", "Common mistakes with {}", "Looking after {}"],
    subsections: ["What to check first", "When to ask an expert"],
    paragraphs: [
      "{site} looked at {} from the reader's side: what it is for, who needs it and what to compare before deciding.",
      "Start with the use you have in mind. The right choice of {} depends more on how often you need it than on the brand.",
      "Prices of {} vary widely. Compare what is included, how long it lasts and what it costs to keep, not only the price tag.",
      "Most regrets with {} come from buying in a hurry. Read two or three independent reviews and note what they agree on.",
      "A little care keeps {} working for years: follow the maker's instructions and check it regularly.",
    ],
  },
  tr: {
    sections: ["{} nedir?", "{} nasıl seçilir?", "{} fiyatları", "{} konusunda sık yapılan hatalar", "{} bakımı"],
    subsections: ["Önce neye bakmalı?", "Ne zaman uzmana danışmalı?"],
    paragraphs: [
      "{site}, {} konusuna okurun gözünden baktı: ne işe yarar, kimin ihtiyacı var ve karar vermeden önce neler karşılaştırılmalı.",
      "Aklınızdaki kullanımla başlayın. Doğru {} seçimi markadan çok ne sıklıkla kullanacağınıza bağlıdır.",
      "{} fiyatları çok değişir. Yalnızca etikete değil, neyin dahil olduğuna, ne kadar dayandığına ve bakım maliyetine bakın.",
      "{} ile ilgili pişmanlıkların çoğu aceleyle alınan kararlardan doğar. Birkaç bağımsız yorumu okuyup ortak noktalarını not edin.",
      "Biraz özen {} için yıllarca sorunsuz kullanım demektir: üreticinin talimatlarına uyun ve düzenli kontrol edin.",
    ],
  },
};

/**
 * The page reader of local runs: it serves a deterministic text for each URL the offline search
 * research returns and refuses every other URL, so nothing is ever requested.
 */
export function createOfflinePageReader(options: { now?: () => Date } = {}): PageReader {
  const now = options.now ?? (() => new Date());
  return {
    offline: true,
    async read(url: string): Promise<PageRead> {
      const source = offlineSourceOf(url);
      if (!source) return readFailure(url, "refused", `The offline page reader serves only the offline search results, not ${url}`);
      const { language, keyword } = source;
      const words = PAGE_WORDS[language.split("-")[0]!] ?? PAGE_WORDS.en!;
      const site = OFFLINE_SERP_HOSTS[source.source]!.split(".")[0]!;
      const fill = (template: string) => template.replaceAll("{}", keyword).replaceAll("{site}", site);
      // Each source picks its own three sections, so two sources on one keyword differ.
      const hash = fnv1a(`${source.source}|${language}|${keyword}`);
      const picked = [0, 1, 2].map((step) => (hash + step * 2) % words.sections.length);
      const headings: PageHeading[] = [];
      const lines: string[] = [];
      for (const [position, index] of picked.entries()) {
        const heading = upperFirst(fill(words.sections[index]!), language);
        headings.push({ level: 2, text: heading });
        // Every paragraph under every section, starting with the section's own: pages of a few
        // hundred words, like the pages that rank, so an article's length compares as it would live.
        lines.push(
          heading,
          ...words.paragraphs.map((_, offset) => upperFirst(fill(words.paragraphs[(index + offset) % words.paragraphs.length]!), language)),
        );
        if (position === 0) {
          const sub = words.subsections[hash % words.subsections.length]!;
          headings.push({ level: 3, text: sub });
          lines.push(sub, upperFirst(fill(words.paragraphs[(index + 1) % words.paragraphs.length]!), language));
        }
      }
      const text = lines.join("\n");
      const title = upperFirst(fill(offlineWordsFor(language).titles[source.source % 10]!), language);
      return { ok: true, page: { url, title, headings, text, excerpt: excerptOf(text), fetchedAt: now().toISOString(), truncated: false } };
    },
  };
}
