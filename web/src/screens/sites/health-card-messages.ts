import { defineMessages } from "../../i18n/language";

/** The health card: a site's score and one figure per list. */
export const healthCardMessages = defineMessages(
  {
    "health.title": "Site health",
    "health.score": "{score} / 100",
    "health.cannibalized": "Searches split between pages: {count}",
    "health.orphans": "Pages nothing links to: {count}",
    "health.broken": "Broken internal links: {count}",
    "health.noTraction": "Articles without traction: {count}",
    "health.decaying": "Decaying pages: {count}",
    "health.pace": "New articles: {week} in 7 days, {month} in 28 days (pace: {max} a week)",
    "health.ofSite": "Health: {site}",
  },
  {
    "health.title": "Site sağlığı",
    "health.score": "{score} / 100",
    "health.cannibalized": "Sayfalar arasında bölünen aramalar: {count}",
    "health.orphans": "Hiçbir sayfanın bağlantı vermediği sayfalar: {count}",
    "health.broken": "Kırık site içi bağlantılar: {count}",
    "health.noTraction": "Çekiş kazanamayan makaleler: {count}",
    "health.decaying": "Düşüşteki sayfalar: {count}",
    "health.pace": "Yeni makaleler: 7 günde {week}, 28 günde {month} (tempo: haftada {max})",
    "health.ofSite": "Sağlık: {site}",
  },
);
