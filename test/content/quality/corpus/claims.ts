// Claim cases for the fact check, drawn from the corpus pages (index.ts). Each passage is the readable
// text of a page, word for word (tags removed); the claim restates it, changes one number or unit, writes
// a number another way, or says something the passage does not mention.
// Written for this test corpus; no licence restrictions (CC0).

export interface ClaimCase {
  language: "en" | "tr";
  claim: string;
  passage: string;
  expected: "supported" | "contradicted" | "unsupported";
  why: string;
}

export const CLAIMS: ClaimCase[] = [
  {
    language: "en",
    claim: "A new sourdough starter does best kept somewhere between 75 and 80 °F.",
    passage:
      "Stir 50 g of whole wheat flour and 50 g of water together in the jar until no dry bits remain. The paste should look like thick pancake batter. Scrape down the sides, cover loosely and leave it somewhere warm. The ideal spot sits between 24 and 27 °C (75–80 °F).",
    expected: "supported",
    why: "Restated in other words, with the Fahrenheit range the passage gives in brackets (en-sourdough, breadcraft).",
  },
  {
    language: "en",
    claim: "The yeast and bacteria in a starter are most active between 30 and 35 °C.",
    passage:
      "Temperature matters as much as the ratio. Yeast and bacteria are happiest between 24 and 27 °C. Below 20 °C activity slows sharply, so a 1:1:1 feeding that peaks in 4 hours in July can take 10 or 12 hours in a cold January kitchen.",
    expected: "contradicted",
    why: "Changed temperature: the passage says 24–27 °C (en-sourdough, kitchennotes).",
  },
  {
    language: "en",
    claim: "The Boudin Bakery has baked with the same mother dough since 1906.",
    passage:
      "In the United States, sourdough became closely tied to San Francisco, where the Boudin Bakery has baked from the same line of mother dough since 1849.",
    expected: "contradicted",
    why: "Changed year: the passage says 1849 (en-sourdough, grainandhearth).",
  },
  {
    language: "en",
    claim: "Adding a pinch of sugar to every feeding makes a starter rise twice as fast.",
    passage:
      "Cold slows fermentation dramatically. At 4 °C (39 °F) a mature starter can go a week between feedings, and a well-fed one will often survive two or three.",
    expected: "unsupported",
    why: "The passage is about storing a starter in the fridge and says nothing about sugar (en-sourdough, slowkitchen).",
  },
  {
    language: "en",
    claim: "Installing a whole-house water softener usually costs between $1500 and $3000.",
    passage:
      "A whole-house ion-exchange softener typically costs $1,500 to $3,000 installed and protects every appliance, including washing machines and boilers.",
    expected: "supported",
    why: "Same amounts written without thousands separators: $1500 is $1,500 (en-kettle, waterwise).",
  },
  {
    language: "en",
    claim: "After boiling, leave the vinegar solution in the kettle for 30 seconds to a minute.",
    passage:
      "Leave it to soak. Let the hot solution sit for 30 minutes to an hour. For a thick crust, leave it overnight without boiling it again.",
    expected: "contradicted",
    why: "Changed unit: minutes and an hour in the passage, seconds and a minute in the claim (en-kettle, cleanhome).",
  },
  {
    language: "en",
    claim: "In the test, vinegar removed only about 45% of the limescale in an hour.",
    passage:
      "Citric acid removed about 95% of the limescale in 20 minutes, and the few remaining spots wiped off with a sponge. Vinegar removed roughly 85% in an hour; a second round took care of the rest.",
    expected: "contradicted",
    why: "Changed percentage: the passage says roughly 85% (en-kettle, householdlab).",
  },
  {
    language: "tr",
    claim: "Ekşi maya kavanozu 24 ile 27 derece arasındaki sıcak bir yerde tutulmalıdır.",
    passage:
      "Kavanozun kenarlarını bir spatulayla sıyırın ve ağzını sıkıca kapatmayın; bir tülbent ya da gevşek bırakılmış bir kapak yeterli olur. Kavanozu 24–27 °C arasında, sıcak bir köşede bekletin.",
    expected: "supported",
    why: "Başka sözlerle ve 'derece' diye yazılmış aynı aralık: 24–27 °C (tr-eksi-maya, evdeekmek).",
  },
  {
    language: "tr",
    claim: "Günde iki kez 60 gram unla beslenen bir ekşi maya ayda yaklaşık 3,5 kilogram un harcar.",
    passage: "Ancak un tüketimini hesaba katın: günde iki kez 60'ar gram unla beslenen bir maya ayda yaklaşık 3,5 kg un tüketir.",
    expected: "supported",
    why: "Türkçe ondalık virgülle aynı miktar; 'kg' yerine 'kilogram' (tr-eksi-maya, saglikliyasam).",
  },
  {
    language: "tr",
    claim: "Orta sınıf bir kettle'ın fiyatı bugün yaklaşık 1000 lira.",
    passage:
      "Onarım masrafı yeni bir kettle'ın fiyatına yaklaşıyorsa, ki orta sınıf bir kettle bugün 1.000 TL civarında, değiştirmek daha mantıklı olabilir.",
    expected: "supported",
    why: "Binlik ayırıcısız yazılmış aynı tutar: 1000 lira = 1.000 TL (tr-caydanlik, kucukevaletleri).",
  },
  {
    language: "tr",
    claim: "Kalın bir kireç tabakası enerji tüketimini %20'ye kadar artırabilir.",
    passage: "Bazı kaynaklara göre kalın bir kireç tabakası enerji tüketimini yüzde 20'ye varan oranda artırabiliyor.",
    expected: "supported",
    why: "'yüzde 20' ile '%20' aynı oran (tr-caydanlik, susertligi).",
  },
  {
    language: "tr",
    claim: "Taze limon suyunun yaklaşık yüzde 30'u sitrik asittir.",
    passage: "Taze limon suyu da sitrik asit içerir, ancak oranı yüzde 5–6 civarında olduğu için kalın kireçte yetersiz kalır.",
    expected: "contradicted",
    why: "Değiştirilmiş oran: pasaj yüzde 5–6 diyor (tr-caydanlik, pratikbilgiler).",
  },
  {
    language: "tr",
    claim: "Tezgâh altı bir arıtma cihazı kurulumla birlikte 1.500 TL'ye mal olur.",
    passage:
      "Tezgâh altı bir arıtma cihazının fiyatı, kurulumla birlikte 15.000 TL'yi bulabilir; ancak çamaşır ve bulaşık makinenizi de kireçten korur.",
    expected: "contradicted",
    why: "Değiştirilmiş tutar: 15.000 TL (on beş bin) değil 1.500 TL (bin beş yüz); binlik noktası okunmalı (tr-caydanlik, susertligi).",
  },
  {
    language: "tr",
    claim: "Nohut mayası ilk kez 1923'te İstanbul'da üretilmiştir.",
    passage:
      "Anadolu'nun kendine özgü bir başka doğal mayası da nohut mayasıdır. Ezilmiş nohut ılık suyla bir kavanoza konur, sıcak bir yerde 8–12 saat bekletilir ve yüzeyinde köpük oluşunca bu su hamura katılır.",
    expected: "unsupported",
    why: "Pasaj nohut mayasının yapılışını anlatıyor; tarih ya da şehir geçmiyor (tr-eksi-maya, anadolusofrasi).",
  },
];
