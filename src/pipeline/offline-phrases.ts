// The fixed text of the offline writer, per language. `k` is the keyword as written, `K` the same
// with a capital first letter for the start of a sentence or heading. Turkish sentences put the
// keyword before a postposition ("… için", "… hakkında"), so it never needs a case suffix.

import { upperFirst } from "../content/casing";

export interface OfflinePhrases {
  opening: (k: string) => string;
  headings: (K: string) => string[];
  sentences: (k: string, K: string) => string[];
  /** What the sentences say instead of the keyword, most of the time (a keyword in every other sentence reads as stuffing). */
  /** What the sentences say instead of the keyword (one of these, varied by keyword and sentence). */
  generic: { k: string; K: string }[];
  /** Put before a sentence on later rounds through the list, so no sentence is said twice. */
  openers: string[];
  /** Put before some sentences of the first round (none of `openers`), varied by keyword. */
  leadIns: string[];
  related: string;
  and: string;
  /** A sentence on the terms the top pages use, and one quoting a source (its link HTML, the quoted words). */
  cites: (link: string, quote: string) => string;
  seoTitlePads: string[];
  seoDesc: (K: string) => string;
  seoDescPads: string[];
  excerpt: (k: string, K: string) => string;
  category: string;
  heroImagePrompt: (k: string) => string;
  heroImageAlt: (k: string, K: string) => string;
  /** The FAQ section's questions and answers (its heading is `faqHeading` of the language). */
  faq: (k: string) => { question: string; answer: string }[];
}

const en: OfflinePhrases = {
  opening: (k) =>
    `This offline draft was written without a language model, so treat it as a starting point rather than a finished article. It is about ${k}: what it is, why it matters and how to get started step by step.`,
  headings: (K) => [
    `${K}: the basics`,
    "Why it matters",
    "Getting started step by step",
    "Common mistakes to avoid",
    "Practical tips",
    "Summary",
  ],
  sentences: (k) => [
    `Anyone who is new to ${k} can start with a few simple steps and build on them over time.`,
    `The most useful thing to know about ${k} is that small, regular efforts work better than one big push.`,
    `Before you begin, it helps to write down what you want to achieve with ${k} and how you will measure it.`,
    `Many readers ask how long it takes to see results with ${k}; the honest answer is that it depends on your starting point.`,
    "A good first step is to look at what you already have and decide what is missing.",
    "Keep notes as you go, because they show you what worked and what did not.",
    `People often make the same mistake with ${k}: they try to do everything at once and give up too soon.`,
    "It is better to change one thing at a time, so that you can see which change made the difference.",
    "Ask for advice from people who have done it before, and compare their experience with your own.",
    "When something goes wrong, look for the cause before you try a new approach.",
    `The right tools make ${k} easier, but they are not a substitute for practice and patience.`,
    "Set aside a regular time for it in your week, even if it is only half an hour.",
    `Quality matters more than speed, and that is true for ${k} too.`,
    "Check your progress every few weeks and adjust your plan when the results tell you to.",
    "A simple checklist helps you remember the steps that matter most.",
    "Budget is another question to think about early, because costs can add up without notice.",
    `Most of the problems people meet with ${k} have simple solutions once you understand the basics.`,
    `Reading about ${k} is useful, but trying it yourself teaches you much more.`,
    "Share what you learn with others; explaining a topic is one of the best ways to understand it.",
    `In the end, ${k} rewards those who stay curious and keep improving step by step.`,
  ],
  generic: [
    { k: "it", K: "It" },
    { k: "this topic", K: "This topic" },
    { k: "the subject", K: "The subject" },
    { k: "this", K: "This" },
  ],
  openers: [
    "In practice,",
    "Over time,",
    "As a rule,",
    "In our experience,",
    "Later on,",
    "Either way,",
    "For most readers,",
    "Once again,",
    "Above all,",
    "In short,",
  ],
  leadIns: [
    "Simply put,",
    "To begin with,",
    "Put plainly,",
    "On the whole,",
    "Most of the time,",
    "Broadly speaking,",
    "Truth be told,",
    "As it happens,",
  ],
  related: "Related reading on this site:",
  and: "and",
  cites: (link, quote) => `“${quote}”, as ${link} puts it.`,
  seoTitlePads: [" – a practical guide", ", tips and examples", " for beginners"],
  seoDesc: (K) =>
    `${K}: an offline draft that explains what it is, why it matters, how to start step by step, which mistakes to avoid and practical tips to use today.`,
  seoDescPads: [" Written for beginners and experienced readers alike.", " Read the full guide.", " For beginners.", " Start today."],
  excerpt: (k) => `An offline draft about ${k}: the basics, the first steps, common mistakes and practical tips.`,
  category: "Guides",
  heroImagePrompt: (k) => `A bright, realistic photograph that illustrates ${k}, natural light, no text or lettering in the image.`,
  heroImageAlt: (k) => `A photograph illustrating ${k}`,
  faq: (k) => [
    {
      question: `How long does it take to learn ${k}?`,
      answer:
        "Most beginners feel confident after a few weeks of regular practice, although the exact time depends on how often you practise.",
    },
    {
      question: "Do I need expensive equipment to begin?",
      answer: "No. Start with what you already own and buy more only when you know exactly which gap a new purchase would fill.",
    },
    {
      question: "What should I do when my first attempts fail?",
      answer:
        "Write down what happened, change a single variable and try again; early failures are the quickest way to learn what matters.",
    },
  ],
};

const tr: OfflinePhrases = {
  opening: (k) =>
    `Bu çevrimdışı taslak bir dil modeli kullanılmadan yazıldı; onu bitmiş bir makale değil, bir başlangıç noktası olarak görün. Konusu ${k}: ne olduğu, neden önemli olduğu ve adım adım nasıl başlanacağı.`,
  headings: (K) => [
    `${K}: temel bilgiler`,
    "Neden önemli?",
    "Adım adım başlangıç",
    "Kaçınılması gereken hatalar",
    "Pratik ipuçları",
    "Özet",
  ],
  sentences: (k, K) => [
    `${K} konusunda yeni olan herkes birkaç basit adımla başlayabilir ve zamanla bunların üzerine ekleyebilir.`,
    `${K} hakkında bilinmesi gereken en önemli şey, küçük ve düzenli çabaların tek bir büyük hamleden daha iyi sonuç vermesidir.`,
    `Başlamadan önce ${k} ile neyi başarmak istediğinizi ve bunu nasıl ölçeceğinizi yazmak işe yarar.`,
    `Pek çok okur ${k} için sonuçların ne kadar sürede görüleceğini sorar; dürüst cevap, bunun başlangıç noktanıza bağlı olduğudur.`,
    "İyi bir ilk adım, elinizde olanlara bakmak ve neyin eksik olduğuna karar vermektir.",
    "İlerledikçe not alın, çünkü notlar neyin işe yarayıp neyin yaramadığını gösterir.",
    `İnsanlar ${k} konusunda sık sık aynı hatayı yapar: her şeyi bir anda yapmaya çalışır ve çok erken vazgeçerler.`,
    "Her seferinde tek bir şeyi değiştirmek daha iyidir, böylece farkı hangi değişikliğin yarattığını görebilirsiniz.",
    "Bunu daha önce yapmış kişilerden tavsiye isteyin ve onların deneyimini kendi deneyiminizle karşılaştırın.",
    "Bir şey ters gittiğinde, yeni bir yol denemeden önce nedenini arayın.",
    `Doğru araçlar ${k} için işleri kolaylaştırır, ama pratiğin ve sabrın yerini tutmaz.`,
    "Haftanızda bunun için düzenli bir zaman ayırın, yalnızca yarım saat bile olsa.",
    `Kalite hızdan daha önemlidir ve bu, ${k} için de geçerlidir.`,
    "Birkaç haftada bir ilerlemenizi kontrol edin ve sonuçlar gerektirdiğinde planınızı değiştirin.",
    "Basit bir kontrol listesi, en önemli adımları unutmamanıza yardım eder.",
    "Bütçe de erken düşünülmesi gereken bir konudur, çünkü maliyetler fark edilmeden artabilir.",
    `İnsanların ${k} ile ilgili karşılaştığı sorunların çoğu, temel bilgiler anlaşıldıktan sonra basit bir çözüme kavuşur.`,
    `${K} hakkında okumak faydalıdır, ama kendiniz denemek size çok daha fazlasını öğretir.`,
    "Öğrendiklerinizi başkalarıyla paylaşın; bir konuyu anlatmak, onu anlamanın en iyi yollarından biridir.",
    `Sonuçta ${k} konusunda meraklı kalan ve adım adım gelişmeye devam eden herkes kazançlı çıkar.`,
  ],
  generic: [
    { k: "bu iş", K: "Bu iş" },
    { k: "bu alan", K: "Bu alan" },
    { k: "bu uğraş", K: "Bu uğraş" },
  ],
  openers: [
    "Uygulamada",
    "Zamanla",
    "Genel bir kural olarak",
    "Deneyimlerimize göre",
    "Daha sonra",
    "Her durumda",
    "Çoğu okur için",
    "Bir kez daha",
    "Her şeyden önce",
    "Kısacası",
  ],
  leadIns: ["Açıkçası", "Başlangıç olarak", "Kısaca söylemek gerekirse", "Genel olarak", "Çoğu zaman", "Aslında", "Doğrusu", "Bu noktada"],
  related: "Bu sitede ilgili yazılar:",
  and: "ve",
  cites: (link, quote) => `“${quote}” (kaynak: ${link}).`,
  seoTitlePads: [" – pratik rehber", ", ipuçları ve örnekler", " (yeni başlayanlar için)"],
  seoDesc: (K) =>
    `${K}: ne olduğu, neden önemli olduğu, adım adım nasıl başlanacağı, sık yapılan hatalar ve pratik ipuçları üzerine çevrimdışı bir taslak.`,
  seoDescPads: [" Yeni başlayanlar ve deneyimli okurlar için.", " Tüm rehberi okuyun.", " Hemen başlayın.", " Okuyun."],
  excerpt: (_, K) => `${K} hakkında çevrimdışı bir taslak: temel bilgiler, ilk adımlar, sık yapılan hatalar ve pratik ipuçları.`,
  category: "Rehberler",
  // Image models follow English prompts best; the alt text is in the article's language.
  heroImagePrompt: (k) => `A bright, realistic photograph that illustrates ${k}, natural light, no text or lettering in the image.`,
  heroImageAlt: (_, K) => `${K} konusunu anlatan bir fotoğraf`,
  faq: (k) => [
    {
      question: `${upperFirst(k, "tr")} için ne kadar zaman gerekir?`,
      answer:
        "Çoğu kişi birkaç haftalık düzenli çalışmanın ardından kendini rahat hisseder; kesin süre ne sıklıkla pratik yaptığınıza bağlıdır.",
    },
    {
      question: "Başlamak için pahalı ekipman gerekir mi?",
      answer: "Hayır. Elinizdekiyle başlayın ve yeni bir alımın hangi eksiği kapatacağını bildiğinizde daha fazlasını edinin.",
    },
    {
      question: "İlk denemelerim başarısız olursa ne yapmalıyım?",
      answer:
        "Ne olduğunu not edin, yalnızca bir değişkeni değiştirip yeniden deneyin; erken başarısızlıklar neyin önemli olduğunu öğrenmenin en hızlı yoludur.",
    },
  ],
};

export const OFFLINE_PHRASES = { en, tr } as const;
