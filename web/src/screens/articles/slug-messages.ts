import { defineMessages } from "../../i18n/language";

/** The article editor's slug field (slug-field.tsx). */
export const slugMessages = defineMessages(
  {
    "slug.label": "Slug (the end of the address)",
    "slug.hint":
      "Lowercase letters, digits and hyphens. Letters are made plain as readers of the article's language expect (ş → s, ı → i) and spaces become hyphens.",
    "slug.redirects": "On WordPress the old address keeps working: it redirects to the new one.",
    "slug.address": "Address now: {url}",
  },
  {
    "slug.label": "Kısa ad (adresin sonu)",
    "slug.hint":
      "Küçük harf, rakam ve tire. Harfler makalenin dilini okuyanların beklediği gibi sadeleştirilir (ş → s, ı → i), boşluklar tireye dönüşür.",
    "slug.redirects": "WordPress'te eski adres çalışmaya devam eder: yeni adrese yönlendirir.",
    "slug.address": "Şu anki adres: {url}",
  },
);
