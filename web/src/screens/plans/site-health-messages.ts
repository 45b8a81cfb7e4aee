import { defineMessages } from "../../i18n/language";

/** The plan page's update-or-write-new, cluster and pace texts (docs/guides/site-health.md). */
export const planHealthMessages = defineMessages(
  {
    "overlap.page": "Overlaps {url}, which already earns for “{query}” (position {position}).",
    "overlap.pageNoQuery": "Overlaps {url}, a page of the site.",
    "overlap.item": "Same topic as another item or article ({shared} shared top-10 results).",
    "overlap.improve": "Improve that page",
    "overlap.new": "Write new",
    "overlap.switchLabel": "What approving does with “{title}”",
    "overlap.improveHint": "Approving improves the existing post (charged as one improvement) instead of writing a competitor.",
    "overlap.newHint": "Approving writes a new article although the site already has a page on this.",
    "cluster.title": "Topic cluster",
    "cluster.pillar": "Pillar: {keyword}",
    "cluster.spokes": "{count} spokes link to the pillar.",
    "cluster.pillarBadge": "Pillar",
    "cluster.spokeBadge": "Spoke",
    "pace.exceeds":
      "This plan publishes {planned} new articles a week with the site's other active plans, more than the site's pace of {max} a week. Items wait (“waiting for pace”) until the site has room; you can raise the pace in the site's settings.",
    "pace.waiting": "Waiting for pace: the site has had its new articles for this week; it starts at the time shown.",
    "pace.openSite": "Site settings",
  },
  {
    "overlap.page": "{url} ile örtüşüyor; bu sayfa “{query}” için zaten gösterim alıyor (sıra {position}).",
    "overlap.pageNoQuery": "Sitenin {url} sayfasıyla örtüşüyor.",
    "overlap.item": "Başka bir öğe ya da makaleyle aynı konu ({shared} ortak ilk 10 sonucu).",
    "overlap.improve": "O sayfayı iyileştir",
    "overlap.new": "Yeni yaz",
    "overlap.switchLabel": "Onay “{title}” için ne yapsın",
    "overlap.improveHint": "Onay, rakip bir yazı yazmak yerine mevcut yazıyı iyileştirir (bir iyileştirme olarak ücretlendirilir).",
    "overlap.newHint": "Onay, sitede bu konuda bir sayfa olsa da yeni bir makale yazar.",
    "cluster.title": "Konu kümesi",
    "cluster.pillar": "Ana yazı: {keyword}",
    "cluster.spokes": "{count} alt yazı ana yazıya bağlantı verir.",
    "cluster.pillarBadge": "Ana yazı",
    "cluster.spokeBadge": "Alt yazı",
    "pace.exceeds":
      "Bu plan sitenin diğer etkin planlarıyla birlikte haftada {planned} yeni makale yayımlar; bu, sitenin haftada {max} makalelik temposundan fazla. Öğeler site için yer açılana kadar bekler (“tempo bekleniyor”); tempoyu sitenin ayarlarından yükseltebilirsiniz.",
    "pace.waiting": "Tempo bekleniyor: site bu haftaki yeni makalelerini aldı; gösterilen zamanda başlar.",
    "pace.openSite": "Site ayarları",
  },
);
