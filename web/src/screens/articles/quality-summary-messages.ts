import { defineMessages } from "../../i18n/language";

/** The top of the article page (quality-summary.tsx): its content score, why it is held, its research. */
export const qualitySummaryMessages = defineMessages(
  {
    "summary.title": "Content score",
    "summary.noScore": "No content score yet",
    "summary.research": "See the research it was written from",
    "summary.details": "All quality figures",
  },
  {
    "summary.title": "İçerik puanı",
    "summary.noScore": "Henüz içerik puanı yok",
    "summary.research": "Yazıldığı araştırmayı görün",
    "summary.details": "Tüm kalite değerleri",
  },
);
