import { defineMessages } from "../../i18n/language";

// The cost of a plan before approval, the names of plans and sites, and what "Plan from Search
// Console" used: words of the plan screens (docs/guides/plans.md).
export const estimateNameMessages = defineMessages(
  {
    "estimate.title": "What approval will cost",
    "estimate.articles": "Articles to pay for",
    "estimate.price": "Price per article",
    "estimate.total": "Total",
    "estimate.balance": "Balance now",
    "estimate.balanceAfter": "Balance after",
    "estimate.chargedWhen": "Each article is charged when its writing starts, not all at once.",
    "estimate.short": "Your balance does not cover this plan: {short} is missing. The articles past that point stop until you top up.",
    "estimate.topUp": "Top up",
    "estimate.byok": "Your own model key writes these articles: no credit is charged; each uses one article of your monthly quota.",
    "estimate.approveFor": "Approve for {total}",
    "estimate.resumeFor": "Resume for {total}",
    "estimate.confirm": "Approving starts paid work: {articles} articles for {total}; your balance will be {after}.",
    "estimate.confirmByok": "Approving starts writing {articles} articles with your own model key.",
    "estimate.confirmYes": "Yes, approve",
    "estimate.cancel": "Cancel",
    "name.label": "Plan name",
    "name.save": "Save the name",
    "name.saving": "Saving…",
    "name.saved": "The plan's name is saved.",
    "name.edit": "Rename",
    "siteName.label": "Display name",
    "siteName.hint":
      "Shown in the panel, e-mails and the client's approval page instead of the site's own title. Leave it empty to use that title.",
    "siteName.save": "Save the display name",
    "siteName.saved": "The site's display name is saved.",
    "siteName.removed": "The display name is removed; the site's own title is used.",
    "searchConsole.title": "From Search Console:",
    "searchConsole.used":
      "{used} of the plan's articles target queries the site already ranks 8–30 for ({opportunities} such queries were offered).",
    "searchConsole.none.no_sync":
      "no article, as the site has not been synced yet. Connect Google on the site's Search tab and wait for the first sync.",
    "searchConsole.none.none_in_range": "no article, as none of the site's queries ranks at positions 8–30.",
    "searchConsole.none.all_targeted":
      "no article, as every query at positions 8–30 is already covered by a post, plan or article of the site.",
    "searchConsole.none.outranked":
      "no article, as its {opportunities} queries at positions 8–30 have fewer searches than the keywords research found.",
    "mode.reviewBecauseOffline":
      "Wait for my review is chosen because the text provider is offline: its placeholder articles should not go live on a real site.",
  },
  {
    "estimate.title": "Onayın maliyeti",
    "estimate.articles": "Ücretlendirilecek makale",
    "estimate.price": "Makale başına fiyat",
    "estimate.total": "Toplam",
    "estimate.balance": "Şu anki bakiye",
    "estimate.balanceAfter": "Sonraki bakiye",
    "estimate.chargedWhen": "Her makale, yazımı başladığında ücretlendirilir; tümü birden değil.",
    "estimate.short": "Bakiyeniz bu planı karşılamıyor: {short} eksik. Bu noktadan sonraki makaleler, bakiye yükleyene kadar durur.",
    "estimate.topUp": "Bakiye yükle",
    "estimate.byok": "Bu makaleleri kendi model anahtarınız yazar: bakiyeden ücret alınmaz; her biri aylık kotanızdan bir makale kullanır.",
    "estimate.approveFor": "{total} karşılığında onayla",
    "estimate.resumeFor": "{total} karşılığında devam ettir",
    "estimate.confirm": "Onay, ücretli işi başlatır: {total} karşılığında {articles} makale; bakiyeniz {after} olacak.",
    "estimate.confirmByok": "Onay, kendi model anahtarınızla {articles} makalenin yazımını başlatır.",
    "estimate.confirmYes": "Evet, onayla",
    "estimate.cancel": "Vazgeç",
    "name.label": "Plan adı",
    "name.save": "Adı kaydet",
    "name.saving": "Kaydediliyor…",
    "name.saved": "Planın adı kaydedildi.",
    "name.edit": "Yeniden adlandır",
    "siteName.label": "Görünen ad",
    "siteName.hint":
      "Panelde, e-postalarda ve müşterinin onay sayfasında sitenin kendi başlığı yerine gösterilir. O başlığı kullanmak için boş bırakın.",
    "siteName.save": "Görünen adı kaydet",
    "siteName.saved": "Sitenin görünen adı kaydedildi.",
    "siteName.removed": "Görünen ad kaldırıldı; sitenin kendi başlığı kullanılıyor.",
    "searchConsole.title": "Search Console'dan:",
    "searchConsole.used":
      "Plandaki {used} makale, sitenin zaten 8–30. sıralarda çıktığı sorguları hedefliyor (bu türden {opportunities} sorgu sunuldu).",
    "searchConsole.none.no_sync":
      "makale gelmedi, çünkü site henüz eşitlenmedi. Sitenin Arama sekmesinden Google'ı bağlayın ve ilk eşitlemeyi bekleyin.",
    "searchConsole.none.none_in_range": "makale gelmedi, çünkü sitenin hiçbir sorgusu 8–30. sıralarda değil.",
    "searchConsole.none.all_targeted":
      "makale gelmedi, çünkü 8–30. sıralardaki her sorgu sitenin bir yazısı, planı ya da makalesiyle zaten karşılanıyor.",
    "searchConsole.none.outranked":
      "makale gelmedi, çünkü 8–30. sıralardaki {opportunities} sorgu araştırmanın bulduğu anahtar kelimelerden daha az aranıyor.",
    "mode.reviewBecauseOffline":
      "“İncelememi bekle” seçildi, çünkü metin sağlayıcısı çevrimdışı: yer tutucu makaleleri gerçek bir sitede yayına girmemeli.",
  },
);
