import { defineMessages } from "../../i18n/language";

export const notificationMessages = defineMessages(
  {
    title: "Notifications",
    intro:
      "The e-mails this account sends you when something needs a person, and their language. Each e-mail also has a link that stops its kind.",
    "kinds.legend": "E-mails to receive",
    "kinds.none": "Your role ({role}) receives no e-mails from this account.",
    "kinds.invitation": "Invitations always reach the address they are sent to.",
    "kind.item_failed": "A plan topic failed for good",
    "kind.site_error": "A site stopped working (a revoked password, a missing plugin)",
    "kind.review_digest": "Articles waiting for review (one e-mail a day)",
    "kind.refresh_suggested": "A post losing search traffic is suggested for a refresh",
    "kind.balance_low": "The balance or the model key's monthly quota runs low",
    "kind.payment_received": "A payment was received",
    "kind.client_answered": "A client approved an article or asked for changes (links you made, and your sites' articles)",
    "locale.legend": "Language of your e-mails",
    save: "Save",
    saving: "Saving…",
    saved: "Saved.",
    noMember: "This tab is signed in with the operator's token, which belongs to no member: e-mail choices are made by each member.",
  },
  {
    title: "Bildirimler",
    intro:
      "Bir kişinin ilgilenmesi gereken bir şey olduğunda bu hesabın size gönderdiği e-postalar ve dilleri. Her e-postada o türü durduran bir bağlantı da vardır.",
    "kinds.legend": "Alınacak e-postalar",
    "kinds.none": "Rolünüz ({role}) bu hesaptan e-posta almaz.",
    "kinds.invitation": "Davetler her zaman gönderildikleri adrese ulaşır.",
    "kind.item_failed": "Bir plan konusu kalıcı olarak başarısız oldu",
    "kind.site_error": "Bir site çalışmaz oldu (iptal edilmiş bir parola, eksik bir eklenti)",
    "kind.review_digest": "İnceleme bekleyen makaleler (günde bir e-posta)",
    "kind.refresh_suggested": "Arama trafiği düşen bir yazı için yenileme önerildi",
    "kind.balance_low": "Bakiye ya da model anahtarının aylık kotası azalıyor",
    "kind.payment_received": "Bir ödeme alındı",
    "kind.client_answered":
      "Bir müşteri bir makaleyi onayladı ya da değişiklik istedi (oluşturduğunuz bağlantılar ve sitelerinizin makaleleri)",
    "locale.legend": "E-postalarınızın dili",
    save: "Kaydet",
    saving: "Kaydediliyor…",
    saved: "Kaydedildi.",
    noMember:
      "Bu sekmede işletmecinin anahtarıyla giriş yapıldı; bu anahtar hiçbir üyeye ait değil: e-posta tercihlerini her üye kendisi yapar.",
  },
);
