import { defineMessages } from "../../i18n/language";

/** The plan page's approval links for the client (plan-approval-links.tsx). */
export const planApprovalMessages = defineMessages(
  {
    "planLinks.title": "Client approval",
    "planLinks.intro":
      "Articles of this plan waiting for review: {count}. Make one approval link for each and send them to your client, who reads and answers without an account. A new link replaces an article's open one.",
    "planLinks.make": "Links for the client",
    "planLinks.makeAgain": "Make new links",
    "planLinks.making": "Making the links…",
    "planLinks.made": "Send each address to your client. They are shown only now: copy them before you leave the page.",
    "planLinks.urlLabel": "Approval link: {title}",
    "planLinks.noneInReview": "No article of this plan waits for review now, so there is no link to make.",
  },
  {
    "planLinks.title": "Müşteri onayı",
    "planLinks.intro":
      "Bu planın incelemede bekleyen makaleleri: {count}. Her biri için bir onay bağlantısı oluşturup müşterinize gönderin; müşteri hesap açmadan okur ve yanıtlar. Yeni bağlantı, makalenin açık bağlantısının yerini alır.",
    "planLinks.make": "Müşteri için bağlantılar",
    "planLinks.makeAgain": "Yeni bağlantılar oluştur",
    "planLinks.making": "Bağlantılar oluşturuluyor…",
    "planLinks.made": "Her adresi müşterinize gönderin. Yalnızca şimdi gösteriliyorlar: sayfadan ayrılmadan önce kopyalayın.",
    "planLinks.urlLabel": "Onay bağlantısı: {title}",
    "planLinks.noneInReview": "Bu planın şu an incelemede bekleyen makalesi yok, bu yüzden oluşturulacak bağlantı yok.",
  },
);
